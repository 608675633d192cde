import Foundation

/// A minimal but valid PNG: a small image whose colour stands for the screen, and a `tEXt` chunk
/// (keyword "Description") that says in words what the screen shows, so a test can tell which screen
/// a screenshot shows. The image data is zlib with stored (uncompressed) blocks, so no compressor is
/// needed; any PNG reader decodes it.
enum ScreenshotPNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// An 8×8 RGB image of one colour, with `description` in a `tEXt` chunk.
    static func encode(description: String, colour: (UInt8, UInt8, UInt8), side: Int = 8) -> Data {
        var bytes = signature
        var header: [UInt8] = []
        header += bigEndian(UInt32(side)) + bigEndian(UInt32(side))
        header += [8, 2, 0, 0, 0] // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace
        bytes += chunk("IHDR", header)
        // tEXt holds Latin-1; anything else is written as "?" so the chunk stays valid.
        let latin1 = description.unicodeScalars.map { $0.value < 256 && $0.value != 0 ? UInt8($0.value) : UInt8(ascii: "?") }
        bytes += chunk("tEXt", Array("Description".utf8) + [0] + latin1)
        var raw: [UInt8] = []
        for _ in 0..<side { raw += [0] + Array(repeating: [colour.0, colour.1, colour.2], count: side).flatMap { $0 } }
        bytes += chunk("IDAT", zlibStored(raw))
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    /// A chunk: length, type, data, CRC-32 of type and data.
    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored deflate blocks (at most 65,535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0) // BFINAL, BTYPE 00
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
