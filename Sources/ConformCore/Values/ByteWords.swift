/// Eight bytes of UTF-8 looked at at once (the word-at-a-time tests of "Bit Twiddling Hacks"), for the
/// scans that megabytes of output go through: a word that may hold a byte of interest is then looked
/// at byte by byte. Never false when the word holds one; a borrow may make a test true when none does,
/// which costs only that look.
public enum ByteWords {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `index`, the first in the lowest byte.
    @inline(__always)
    public static func word(_ base: UnsafePointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
    }

    /// Whether some byte of `word` may be below `limit` (at most 0x80).
    @inline(__always)
    public static func mayHoldByte(below limit: UInt8, in word: UInt64) -> Bool {
        (word &- UInt64(limit) &* ones) & ~word & highBits != 0
    }

    /// The high bit of each byte of `word` that is zero, and of no other: exact, as no carry crosses
    /// from one byte to the next.
    @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word) & highBits
    }

    /// The high bit of each byte of `word` below 0x20 (a C0 control character), exactly.
    @inline(__always)
    public static func controlBytes(_ word: UInt64) -> UInt64 {
        zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0)
    }

    /// The high bit of each byte of `word` equal to `value`, exactly.
    @inline(__always)
    public static func bytes(equalTo value: UInt8, in word: UInt64) -> UInt64 {
        zeroBytes(word ^ (UInt64(value) &* ones))
    }

    /// Whether some byte of `word` may be `value`.
    @inline(__always)
    public static func mayHold(_ value: UInt8, in word: UInt64) -> Bool {
        let matched = word ^ (UInt64(value) &* ones)
        return (matched &- ones) & ~matched & highBits != 0
    }
}
