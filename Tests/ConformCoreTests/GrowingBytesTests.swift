import Testing

@testable import ConformCore

@Suite("Core: growing bytes")
struct GrowingBytesTests {
    @Test("pieces of every length from 0 to 40, appended one after another, keep every byte in its place")
    func piecesOfEveryLength() {
        let source = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var grown = GrowingBytes()
        var expected: [UInt8] = []
        for length in 0...40 {
            for start in [0, 1, 7, 64 - length] where start + length <= 64 {
                let piece = Array(source[start..<start + length])
                piece.withUnsafeBufferPointer { grown.append(contentsOf: $0) }
                expected += piece
            }
        }
        #expect(grown.withUnsafeBufferPointer { Array($0) } == expected)
        // A copy keeps its bytes when the original grows on.
        let copy = grown
        grown.append(contentsOf: [1, 2, 3])
        #expect(copy.withUnsafeBufferPointer { Array($0) } == expected)
        #expect(grown.withUnsafeBufferPointer { Array($0) } == expected + [1, 2, 3])
    }
}
