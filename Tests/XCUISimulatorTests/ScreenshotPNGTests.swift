import Foundation
import Testing

@testable @_spi(Simulation) import XCUISimulator

/// The screenshots are real PNGs whose text says which screen they show.
@MainActor @Suite("Simulator: screenshots as PNG") struct ScreenshotPNGTests {
    /// The chunks of a PNG, each checked against its CRC.
    private func chunks(_ data: Data) throws -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](data)
        try #require(Array(bytes.prefix(8)) == ScreenshotPNG.signature)
        var chunks: [(String, [UInt8])] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let body = Array(bytes[at + 8..<at + 8 + length])
            let crc = bytes[at + 8 + length..<at + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(crc == ScreenshotPNG.crc32(Array(bytes[at + 4..<at + 8]) + body), "CRC of \(type)")
            chunks.append((type, body))
            at += 12 + length
        }
        #expect(at == bytes.count)
        return chunks
    }

    @Test func aScreenshotIsAValidPNGWithItsDescription() throws {
        let device = launched(RemindersLikeApp(), on: .iOS26iPhone)
        let chunks = try chunks(device.screenshotPNG())
        #expect(chunks.map(\.type) == ["IHDR", "tEXt", "IDAT", "IEND"])
        #expect(chunks[0].data == [0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0])
        let text = String(decoding: chunks[1].data, as: UTF8.self)
        #expect(
            text == "Description\0conform simulator iOS26iPhone shot 1: form 'Details' [title-field='Milk', notes-field=''] done=disabled")
        // zlib header, one final stored block of 8 rows × (filter byte + 8 RGB pixels), Adler-32.
        let idat = chunks[2].data
        #expect(Array(idat.prefix(3)) == [0x78, 0x01, 0x01])
        let raw = Array(idat[7..<idat.count - 4])
        #expect(raw.count == 8 * 25 && Int(idat[3]) | Int(idat[4]) << 8 == raw.count)
        #expect(Array(idat.suffix(4)) == ScreenshotPNG.zlibStored(raw).suffix(4))
        #expect(ScreenshotPNG.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(ScreenshotPNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func successiveScreenshotsCountAndTellTheScreensApart() throws {
        let device = launched(RemindersLikeApp(), on: .iOS18UIKit)
        let form = String(decoding: try chunks(device.screenshotPNG())[1].data, as: UTF8.self)
        device.swipeDownOnForm()
        let list = String(decoding: try chunks(device.screenshotPNG())[1].data, as: UTF8.self)
        #expect(form.contains("shot 1: form 'Details'"))
        #expect(list.hasSuffix("shot 2: list 'Reminders' row='Milk'"))
    }

    @Test func aScreenshotListsTheDialogsButtonsAsThePresentationShowsThem() throws {
        var texts: [String] = []
        for presentation in [Presentation.iOS18SwiftUI, .iPad] {
            let device = launched(RemindersLikeApp(), on: presentation)
            device.type("x", into: "notes-field")
            device.swipeDownOnForm()
            texts.append(String(decoding: try chunks(device.screenshotPNG())[1].data, as: UTF8.self))
        }
        #expect(texts[0].hasSuffix("done=enabled dialog=[Discard Changes, Cancel]"))
        #expect(texts[1].hasSuffix("done=enabled dialog=[Discard Changes] outside=cancel"))
    }
}
