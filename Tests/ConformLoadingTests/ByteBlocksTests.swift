import Testing

@testable import ConformLoading

/// The sixteen-bytes-at-a-time questions must answer as their byte-by-byte definitions do, for every
/// byte value at every lane.
@Suite("Loading: byte blocks")
struct ByteBlocksTests {
    /// The bytes that may continue a plain scalar whatever follows (YAML's indicators the scanner stops at:
    /// space, `:`, `,`, `[ ] { }`; control characters and DEL), written out byte by byte.
    static func isOrdinary(_ byte: UInt8) -> Bool {
        if byte >= 0x80 { return true }
        if byte <= 0x20 || byte == 0x7F { return false }
        return !Array(":,[]{}".utf8).contains(byte)
    }

    static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Checks that `run` stops at every byte value that `continues` refuses, at every lane of a block of
    /// `filler` (followed by sixteen more bytes of it: the answer must not look past the block), and goes
    /// over every other.
    static func expectRuns(
        _ run: (UnsafePointer<UInt8>) -> Int, filler: UInt8, continues: (UInt8) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for value in 0...255 {
            let byte = UInt8(value)
            for lane in 0..<16 {
                var bytes = [UInt8](repeating: filler, count: 32)
                bytes[lane] = byte
                let found = bytes.withUnsafeBufferPointer { run($0.baseAddress!) }
                #expect(found == (continues(byte) ? 16 : lane), "byte \(value) at lane \(lane)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("the ordinary run ends at the first byte a plain scalar may not simply go on with")
    func ordinaryRun() {
        Self.expectRuns(ByteBlocks.ordinaryRun, filler: UInt8(ascii: "a"), continues: Self.isOrdinary)
        let text = Array("Save changes, Cancel".utf8)
        #expect(text.withUnsafeBufferPointer { ByteBlocks.ordinaryRun($0.baseAddress!) } == 4)
    }

    @Test("the printable run ends at the first byte that is not printable ASCII")
    func printableRun() {
        Self.expectRuns(ByteBlocks.printableASCIIRun, filler: UInt8(ascii: " "), continues: Self.isPrintableASCII)
    }

    @Test("line feeds are counted in each block, and in a file of any length")
    func lineFeeds() {
        for value in 0...255 {
            for lane in 0..<16 {
                var bytes = [UInt8](repeating: UInt8(ascii: "\n"), count: 32)
                bytes[lane] = UInt8(value)
                let count = bytes.withUnsafeBufferPointer { ByteBlocks.lineFeeds($0.baseAddress!) }
                #expect(count == (value == 0x0A ? 16 : 15), "byte \(value) at lane \(lane)")
            }
        }
        for length in 0..<100 {
            let bytes = (0..<length).map { ($0 * 37 + length) % 5 < 2 ? UInt8(ascii: "\n") : UInt8(ascii: "x") }
            let counted = bytes.withUnsafeBufferPointer { DirectTrace.lineFeeds(in: $0) }
            #expect(counted == bytes.count { $0 == 0x0A }, "length \(length)")
        }
    }
}
