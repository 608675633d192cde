/// Questions about sixteen bytes at once, for the scanner's loops over a line.
///
/// Each is written with comparisons of one vector against another (never against a scalar, and never
/// `.<` on unsigned lanes): written so, Swift compiles them to a handful of SSE2 instructions
/// (`pcmpeqb`, `pminub`, `por`); written otherwise, it compiled them lane by lane (Docs/Performance.md,
/// "tried in the tenth part and not kept"). The first lane that answers is found in the mask's two
/// 64-bit halves, whose lanes are all ones or all zeros.
enum ByteBlocks {
    /// The bytes that make up a block, from `base` (16 must be readable there).
    @inline(__always)
    private static func load(_ base: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(base).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// The first lane set in `mask`, or 16 when none is.
    @inline(__always)
    private static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount &>> 3 }
        if halves[1] != 0 { return 8 &+ halves[1].trailingZeroBitCount &>> 3 }
        return 16
    }

    /// How many of the 16 bytes from `base` are printable ASCII (0x20 to 0x7E) before the first that is
    /// not (a line feed, another control character, DEL or any byte of a non-ASCII character).
    @inline(__always)
    static func printableASCIIRun(_ base: UnsafePointer<UInt8>) -> Int {
        // As signed lanes, the bytes of non-ASCII characters (0x80 and above) are below zero.
        let lanes = SIMD16<Int8>(truncatingIfNeeded: load(base))
        let unprintable = (lanes .< SIMD16<Int8>(repeating: 0x20)) .| (lanes .== SIMD16<Int8>(repeating: 0x7F))
        return firstLane(unprintable)
    }

    /// How many of the 16 bytes from `base` may continue a plain scalar whatever follows them, before the
    /// first that may not: the bytes `SimpleYAMLEvents.isOrdinary` takes (all but the control characters,
    /// the space, `:`, `,`, `[ ] { }` and DEL).
    @inline(__always)
    static func ordinaryRun(_ base: UnsafePointer<UInt8>) -> Int {
        let bytes = load(base)
        // Setting bit 5 folds `[` onto `{` and `]` onto `}`; it also folds control characters onto `:` and `,`,
        // which are special anyway.
        let folded = bytes | SIMD16<UInt8>(repeating: 0x20)
        var special = (bytes & SIMD16<UInt8>(repeating: 0xE0)) .== SIMD16<UInt8>(repeating: 0)
        special .|= bytes .== SIMD16<UInt8>(repeating: UInt8(ascii: " "))
        special .|= bytes .== SIMD16<UInt8>(repeating: 0x7F)
        special .|= folded .== SIMD16<UInt8>(repeating: UInt8(ascii: ":"))
        special .|= folded .== SIMD16<UInt8>(repeating: UInt8(ascii: ","))
        special .|= folded .== SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
        special .|= folded .== SIMD16<UInt8>(repeating: UInt8(ascii: "}"))
        return firstLane(special)
    }

    /// The line feeds among the 16 bytes from `base`.
    @inline(__always)
    static func lineFeeds(_ base: UnsafePointer<UInt8>) -> Int {
        let feeds = load(base) .== SIMD16<UInt8>(repeating: UInt8(ascii: "\n"))
        let halves = unsafeBitCast(feeds, to: SIMD2<UInt64>.self)
        return (halves[0].nonzeroBitCount &+ halves[1].nonzeroBitCount) &>> 3
    }
}
