import ConformCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON syntax error at a byte offset, which the scanner turns into a line and column only when it is said.
struct JSONSyntaxError: Error {
    var offset: Int
    var what: String
}

/// Reads JSON text byte by byte, for documents too large for a tree of every value (a run document of
/// 10,000 traces and 11 policies has 110,000 results): the caller asks for the value it expects at each
/// place and skips the rest. Syntax errors throw, at their byte offset.
struct JSONByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Objects and arrays open around the scanner; hostile nesting stops at `maximumDepth`.
    private var depth = 0
    static let maximumDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte-order mark is not JSON, but some editors write one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset.
    func position(of offset: Int) -> TextPosition {
        var line = 1
        var column = 1
        var at = 0
        let end = min(offset, bytes.count)
        while at < end {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes do not start a scalar.
                column += 1
            }
            at += 1
        }
        return TextPosition(line: line, column: column)
    }

    // MARK: - Tokens

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte that is not whitespace, not consumed; `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek() == byte else { throw unexpected(what) }
        index += 1
    }

    /// A syntax error at the current byte, saying what was expected and what is there.
    mutating func unexpected(_ expected: String) -> JSONSyntaxError {
        guard let byte = peek() else { return JSONSyntaxError(offset: index, what: "expected \(expected), but the text ends") }
        let found = byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: byte)
        return JSONSyntaxError(offset: index, what: "expected \(expected), found \(found)")
    }

    /// After the top-level value: only whitespace.
    mutating func expectEnd() throws(JSONSyntaxError) {
        if peek() != nil { throw unexpected("the end of the text") }
    }

    // MARK: - Containers

    /// Opens an object: then `nextMember` until it returns `nil`, reading each member's value in between.
    mutating func beginObject() throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "{"), "'{'")
        try enter()
    }

    /// The next member's name (the scanner then at its value), or `nil` once the object is closed.
    /// `first` is `true` before the first member and set by the call.
    mutating func nextMember(_ first: inout Bool) throws(JSONSyntaxError) -> StringBytes? {
        if try closes(UInt8(ascii: "}"), "',' or '}'", &first) { return nil }
        guard peek() == UInt8(ascii: "\"") else { throw unexpected("a member name in quotes") }
        let key = try stringBytes()
        try expect(UInt8(ascii: ":"), "':' after a member name")
        return key
    }

    /// Opens an array: then `nextElement` until it returns `false`, reading each element in between.
    mutating func beginArray() throws(JSONSyntaxError) {
        try expect(UInt8(ascii: "["), "'['")
        try enter()
    }

    /// Whether another element follows (the scanner then at it); `false` once the array is closed.
    mutating func nextElement(_ first: inout Bool) throws(JSONSyntaxError) -> Bool {
        !(try closes(UInt8(ascii: "]"), "',' or ']'", &first))
    }

    /// Whether the container closes here (consumed); else the comma before the next entry is consumed.
    private mutating func closes(_ closing: UInt8, _ expected: String, _ first: inout Bool) throws(JSONSyntaxError) -> Bool {
        guard let next = peek() else { throw unexpected(expected) }
        if next == closing {
            index += 1
            depth -= 1
            return true
        }
        if first {
            first = false
            return false
        }
        guard next == UInt8(ascii: ",") else { throw unexpected(expected) }
        index += 1
        return false
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw JSONSyntaxError(offset: index, what: "nested more than \(Self.maximumDepth) levels deep")
        }
    }

    // MARK: - Scalars

    /// A string's content: the bytes between the quotes when it has no escape (no copy), else its decoded text.
    struct StringBytes {
        var bytes: UnsafeBufferPointer<UInt8>
        var decoded: String?

        var string: String { decoded ?? String(decoding: bytes, as: UTF8.self) }

        func equals(_ text: String) -> Bool {
            if let decoded { return decoded == text }
            let count = bytes.count
            guard text.utf8.count == count else { return false }
            guard count > 0, let base = bytes.baseAddress else { return true }
            return text.utf8.withContiguousStorageIfAvailable { $0.baseAddress.map { memcmp($0, base, count) == 0 } ?? false }
                ?? text.utf8.elementsEqual(bytes)
        }
    }

    mutating func stringBytes() throws(JSONSyntaxError) -> StringBytes {
        try expect(UInt8(ascii: "\""), "a string")
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return StringBytes(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]), decoded: nil)
            }
            if byte == UInt8(ascii: "\\") {
                return StringBytes(bytes: UnsafeBufferPointer(start: nil, count: 0), decoded: try escaped(from: start))
            }
            if byte < 0x20 { throw JSONSyntaxError(offset: index, what: "a control character (\(String(format: byte))) inside a string") }
            index += 1
        }
        throw JSONSyntaxError(offset: start - 1, what: "a string that is not closed")
    }

    /// The rest of a string with escapes, from its first byte at `start` (the scanner is at a backslash).
    private mutating func escaped(from start: Int) throws(JSONSyntaxError) -> String {
        var out: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if byte < 0x20 { throw JSONSyntaxError(offset: index, what: "a control character (\(String(format: byte))) inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let mark = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = mark
                    }
                }
                // A lone surrogate is no character: U+FFFD stands for it, as conform's loaders read it.
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default:
                throw JSONSyntaxError(offset: index - 2, what: "an unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
            }
        }
        throw JSONSyntaxError(offset: start - 1, what: "a string that is not closed")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw JSONSyntaxError(offset: index, what: "a \\u escape without four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONSyntaxError(offset: index, what: "a \\u escape without four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A number's text, checked against JSON's grammar.
    mutating func numberBytes() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        _ = peek()
        let start = index
        func digits(_ scanner: inout JSONByteScanner) -> Int {
            let first = scanner.index
            while scanner.index < scanner.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.index]) {
                scanner.index += 1
            }
            return scanner.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integer = digits(&self)
        guard integer > 0 else { throw unexpected("a number") }
        if integer > 1, bytes[index - integer] == UInt8(ascii: "0") {
            throw JSONSyntaxError(offset: index - integer, what: "a number with a leading zero")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw unexpected("a digit after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw unexpected("a digit in the exponent") }
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<index])
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[index..<index + count])
        else { throw unexpected("a value") }
        index += count
    }

    // MARK: - Values

    /// Any value, as a tree (for the small ones: `expected`, `observed`).
    mutating func value() throws(JSONSyntaxError) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            try beginObject()
            var first = true
            while let key = try nextMember(&first) { members.append((key.string, try value())) }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try beginArray()
            var first = true
            while try nextElement(&first) { elements.append(try value()) }
            return .array(elements)
        case UInt8(ascii: "\""): return .string(try stringBytes().string)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")):
            return .number(Self.double(try numberBytes()))
        default:
            throw unexpected("a value")
        }
    }

    /// Passes over any value, checking its syntax.
    mutating func skipValue() throws(JSONSyntaxError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextMember(&first) != nil { try skipValue() }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(&first) { try skipValue() }
        case UInt8(ascii: "\""): _ = try stringBytes()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): _ = try numberBytes()
        default: throw unexpected("a value")
        }
    }

    /// What kind of value comes next, in a word, for a message about a member of the wrong kind.
    mutating func kindOfNext() -> String {
        switch peek() {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "true or false"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }

    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        // Whole numbers (steps, lines, counts) without going through text.
        var whole: Int = 0
        var negative = false
        var simple = text.count <= 18
        for (offset, byte) in text.enumerated() where simple {
            if offset == 0, byte == UInt8(ascii: "-") {
                negative = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                whole = whole * 10 + Int(byte - UInt8(ascii: "0"))
            } else {
                simple = false
            }
        }
        if simple { return Double(negative ? -whole : whole) }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}

extension String {
    /// A byte as `0x1F`, for messages about bytes that cannot be shown.
    fileprivate init(format byte: UInt8) {
        let digits = String(byte, radix: 16, uppercase: true)
        self = "0x" + (digits.count == 1 ? "0" : "") + digits
    }
}
