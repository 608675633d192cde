import ConformCore

/// Finds where values of a JSON document are written, for messages about documents read by another
/// reader (`JSONDecoder` knows the path of what it decodes, not its line and column).
public enum JSONLocator {
    /// The line and column where the value at each of `paths` starts, in one pass over `bytes` that
    /// descends only into values on some path and stops once every path is found; `nil` for a path that
    /// is not in the document. A member written twice is found at its first place.
    public static func positions(of paths: [[JSONPathStep]], in bytes: [UInt8]) -> [TextPosition?] {
        bytes.withUnsafeBufferPointer { buffer in
            var walk = Walk(scanner: JSONByteScanner(buffer), paths: paths)
            do throws(JSONSyntaxError) {
                _ = try walk.value(depth: 0, candidates: Array(paths.indices))
            } catch {
                // A syntax error after the places looked for leaves those found as they are.
            }
            return walk.found.map { $0.map(walk.scanner.position(of:)) }
        }
    }

    /// The line and column of the value at `path`, or `nil` when the document has none there.
    public static func position(of path: [JSONPathStep], in bytes: [UInt8]) -> TextPosition? {
        positions(of: [path], in: bytes)[0]
    }

    /// Where the bytes stop being JSON and what was found there, or `nil` when they are one JSON value.
    public static func syntaxError(in bytes: [UInt8]) -> (position: TextPosition, what: String)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONByteScanner(buffer)
            do throws(JSONSyntaxError) {
                guard scanner.peek() != nil else { return (TextPosition.start, "the file is empty") }
                try scanner.skipValue()
                try scanner.expectEnd()
                return nil
            } catch {
                return (scanner.position(of: error.offset), error.what)
            }
        }
    }

    /// The first number under the top-level `members` of the document in `bytes` that is not a whole
    /// number an `Int` holds (`1.5`, `1e300`, `10000000000000000000`), passing over the values under
    /// `skipping` (where any number is allowed), with where it is: what a decoder that fails on such a
    /// number without saying where (`JSONDecoder`) met.
    public static func firstNumberNotInt(
        in bytes: [UInt8], members: Set<String>, skipping: Set<String>
    ) -> (position: TextPosition, text: String)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONByteScanner(buffer)
            var found: Int?
            func visit(_ scanner: inout JSONByteScanner) throws(JSONSyntaxError) {
                switch scanner.peek() {
                case UInt8(ascii: "{"):
                    try scanner.beginObject()
                    var first = true
                    while found == nil, let key = try scanner.nextMember(&first) {
                        if skipping.contains(key.string) { try scanner.skipValue() } else { try visit(&scanner) }
                    }
                case UInt8(ascii: "["):
                    try scanner.beginArray()
                    var first = true
                    while found == nil, try scanner.nextElement(&first) { try visit(&scanner) }
                case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
                    let start = scanner.index
                    if Int(String(decoding: try scanner.numberBytes(), as: UTF8.self)) == nil { found = start }
                default:
                    try scanner.skipValue()
                }
            }
            do throws(JSONSyntaxError) {
                guard scanner.peek() == UInt8(ascii: "{") else { return nil }
                try scanner.beginObject()
                var first = true
                while found == nil, let key = try scanner.nextMember(&first) {
                    if members.contains(key.string) { try visit(&scanner) } else { try scanner.skipValue() }
                }
            } catch {
                return nil
            }
            guard let start = found else { return nil }
            var end = start
            while end < bytes.count, numberBytes.contains(bytes[end]) { end += 1 }
            return (scanner.position(of: start), String(decoding: bytes[start..<end], as: UTF8.self))
        }
    }

    private static let numberBytes = Set("-+.eE0123456789".utf8)

    /// One pass: the scanner and the byte offset found for each path.
    private struct Walk {
        var scanner: JSONByteScanner
        let paths: [[JSONPathStep]]
        var found: [Int?]
        var left: Int

        init(scanner: JSONByteScanner, paths: [[JSONPathStep]]) {
            self.scanner = scanner
            self.paths = paths
            found = Array(repeating: nil, count: paths.count)
            left = paths.count
        }

        /// The value at the scanner, which the paths in `candidates` have reached after `depth` steps.
        /// Recursion is as deep as the longest path, whatever the document's nesting.
        /// - Returns: `true` once every path is found: the rest of the document is not read.
        mutating func value(depth: Int, candidates: [Int]) throws(JSONSyntaxError) -> Bool {
            _ = scanner.peek()
            for path in candidates where paths[path].count == depth && found[path] == nil {
                found[path] = scanner.index
                left -= 1
            }
            if left == 0 { return true }
            let deeper = candidates.filter { paths[$0].count > depth && found[$0] == nil }
            if deeper.isEmpty {
                try scanner.skipValue()
                return false
            }
            switch scanner.peek() {
            case UInt8(ascii: "{"):
                try scanner.beginObject()
                var first = true
                while let key = try scanner.nextMember(&first) {
                    let name = key.string
                    let next = deeper.filter { found[$0] == nil && paths[$0][depth] == .key(name) }
                    if next.isEmpty {
                        try scanner.skipValue()
                    } else if try value(depth: depth + 1, candidates: next) {
                        return true
                    }
                }
            case UInt8(ascii: "["):
                try scanner.beginArray()
                var first = true
                var index = 0
                while try scanner.nextElement(&first) {
                    let next = deeper.filter { found[$0] == nil && paths[$0][depth] == .index(index) }
                    if next.isEmpty {
                        try scanner.skipValue()
                    } else if try value(depth: depth + 1, candidates: next) {
                        return true
                    }
                    index += 1
                }
            default:
                try scanner.skipValue()
            }
            return false
        }
    }
}
