import ConformCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// FNV-1a over the bytes, written out here so that it compiles to a plain loop.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in 0..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

/// JSON values a run document repeats (`expected`, `observed`) parsed once, found by their text: conform
/// writes each at the same indentation, so that the same value has the same text. (Another document's
/// whitespace only costs a second copy: values are compared as values, not as text.)
struct ValuePool {
    private var buckets: [UInt64: [(key: [UInt8], value: JSONValue)]] = [:]
    private var count = 0
    static let capacity = 100_000

    /// The value at the scanner, read once per different text.
    mutating func value(_ scanner: inout JSONByteScanner) throws(JSONSyntaxError) -> JSONValue {
        _ = scanner.peek()
        let start = scanner.index
        try scanner.skipValue()
        let text = UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index])
        let key = TextPool.hash(text)
        if let found = buckets[key]?.first(where: { Self.same($0.key, text) }) { return found.value }
        var again = scanner
        again.index = start
        let value = try again.value()
        if count < Self.capacity {
            buckets[key, default: []].append((Array(text), value))
            count += 1
        }
        return value
    }

    private static func same(_ key: [UInt8], _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == text.count else { return false }
        guard let other = text.baseAddress, !text.isEmpty else { return true }
        return key.withUnsafeBufferPointer { $0.baseAddress.map { memcmp($0, other, text.count) == 0 } ?? false }
    }
}
