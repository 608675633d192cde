import ConformCore

/// Texts a run document repeats (messages, states) kept once: 110,000 results hold a few hundred
/// different messages, and one copy of each is both smaller and quicker than a string per result.
struct TextPool {
    private var buckets: [UInt64: [String]] = [:]
    private var count = 0
    /// Past this many different texts the pool stops growing; texts are then made one per result.
    static let capacity = 100_000

    mutating func text(_ bytes: JSONByteScanner.StringBytes) -> String {
        if let decoded = bytes.decoded { return decoded }
        let key = Self.hash(bytes.bytes)
        if let found = buckets[key]?.first(where: { bytes.equals($0) }) { return found }
        let text = bytes.string
        if count < Self.capacity {
            buckets[key, default: []].append(text)
            count += 1
        }
        return text
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }
}

/// JSON values a run document repeats (`expected`, `observed`) parsed once: each is found by its text
/// without whitespace, so that the same value written at another indentation is the same value.
struct ValuePool {
    private var buckets: [UInt64: [(key: [UInt8], value: JSONValue)]] = [:]
    private var count = 0
    private var compact: [UInt8] = []
    static let capacity = 100_000

    /// The value at the scanner, read once per different text.
    mutating func value(_ scanner: inout JSONByteScanner) throws(JSONSyntaxError) -> JSONValue {
        _ = scanner.peek()
        let start = scanner.index
        try scanner.skipValue()
        let end = scanner.index
        Self.compact(scanner.bytes, start..<end, into: &compact)
        let key = compact.withUnsafeBufferPointer(TextPool.hash)
        if let found = buckets[key]?.first(where: { $0.key == compact }) { return found.value }
        var again = scanner
        again.index = start
        let value = try again.value()
        if count < Self.capacity {
            buckets[key, default: []].append((compact, value))
            count += 1
        }
        return value
    }

    /// The bytes of a value without the whitespace between its tokens (strings kept as they are).
    private static func compact(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var inString = false
        var escaped = false
        for index in range {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                out.append(byte)
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09 {
                out.append(byte)
            }
        }
    }
}
