import Testing

@testable import ConformCore

@Suite("Core: Eight bytes at once")
struct ByteWordsTests {
    /// The flags a byte-by-byte look gives.
    private func flags(_ bytes: [UInt8], _ test: (UInt8) -> Bool) -> UInt64 {
        var flags: UInt64 = 0
        for (index, byte) in bytes.enumerated() where test(byte) { flags |= 0x80 << (8 * UInt64(index)) }
        return flags
    }

    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { ByteWords.word($0.baseAddress!, at: 0) }
    }

    @Test("the exact tests flag every byte they name and no other, whatever its neighbours (no borrow or carry leaks)")
    func exactFlags() {
        // Neighbours that make the inexact tests go wrong: zeros, line breaks, bytes just above and below the limits.
        let fillers: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x7F, 0x80, 0xE0, 0xFF]
        for filler in fillers {
            for position in 0..<8 {
                for value in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = value
                    let word = word(bytes)
                    #expect(ByteWords.zeroBytes(word) == flags(bytes) { $0 == 0 })
                    #expect(ByteWords.controlBytes(word) == flags(bytes) { $0 < 0x20 })
                    #expect(ByteWords.bytes(equalTo: 0x0A, in: word) == flags(bytes) { $0 == 0x0A })
                }
            }
        }
    }
}
