/// FNV-1a, 64 bits: a hash that is the same on every machine and in every process (unlike Swift's
/// `Hasher`, which is seeded at random per process), for what must not depend on where conform runs:
/// which shard a trace belongs to, and the fingerprint of a policy library.
public struct StableHash: Sendable, Hashable {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the bytes combined so far.
    public private(set) var value: UInt64 = Self.offsetBasis

    /// The hash of no bytes (FNV-1a's offset basis).
    public init() {}

    /// Hashes in the bytes, after those hashed so far.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        // Called from other modules this is not specialised: one witness call per byte. Bytes held
        // in one buffer (an array, a native string's UTF-8) are hashed by the loop below instead.
        if bytes.withContiguousStorageIfAvailable({ combine(buffer: $0) }) != nil { return }
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* Self.prime
        }
    }

    /// The same FNV-1a steps over a buffer, in a loop the compiler sees whole.
    private mutating func combine(buffer: UnsafeBufferPointer<UInt8>) {
        var value = self.value
        for byte in buffer {
            value ^= UInt64(byte)
            value = value &* Self.prime
        }
        self.value = value
    }

    /// Hashes in the text's UTF-8 bytes, then a NUL, so that ("ab", "c") and ("a", "bc") differ.
    public mutating func combine(_ text: String) {
        combine(text.utf8)
        combine(CollectionOfOne(0))
    }

    /// The FNV-1a hash of a text's UTF-8 bytes.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(text.utf8)
        return hash.value
    }

    /// The value as 16 lower-case hexadecimal digits.
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
