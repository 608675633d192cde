import ConformCore
import Foundation

/// Where the lines of one standard stream stand, so that `Console` can keep any line from starting a
/// GitHub workflow command, whatever pieces the text comes in. The Actions runner reads a line as a
/// command when, past the blanks .NET trims (`TrimStart`), it starts with `::` (`::error::`,
/// `::add-mask::`, `::stop-commands::`), or when it holds `##[` anywhere (the older form,
/// `##[error]`). A backslash goes before such a `::` and before the `[` of such a `##[`.
final class WorkflowCommandGuard: @unchecked Sendable {
    static let standardOutput = WorkflowCommandGuard()
    static let standardError = WorkflowCommandGuard()

    /// The state of the line being written.
    struct Line {
        /// Only blanks since the last line feed (or the start).
        var blank = true
        /// `#` characters just written, up to 2.
        var hashes = 0

        /// `text` as it may be written after what was written so far: a backslash before a leading `::`
        /// and before the `[` of `##[`; the state follows. Text that needs none is returned as it is.
        mutating func neutralised(_ text: String) -> String {
            let places = scan(text, marking: true)
            guard !places.isEmpty else { return text }
            var out: [UInt8] = []
            let bytes = Array(text.utf8)
            out.reserveCapacity(bytes.count + places.count)
            var from = 0
            for place in places {
                out += bytes[from..<place]
                out.append(UInt8(ascii: "\\"))
                from = place
            }
            out += bytes[from...]
            return String(decoding: out, as: UTF8.self)
        }

        /// Follows `text`, written as it is (conform's own workflow commands).
        mutating func follow(_ text: String) {
            _ = scan(text, marking: false)
        }

        /// `text`, JSON that `JSONText` wrote (or an encoder's, escaped as it escapes:
        /// `JSONText.escapingEncoderOutput`), as it may be written after what was written so far, read at
        /// its edges only: a run's JSON is tens of megabytes, which `neutralised` reads byte by byte.
        /// JSON starts a line only with its structure (`{`, `}`, `[`, `]`, `"`, `,`, a number or a word:
        /// its strings hold no line break, escaped) and holds no `##[` (`JSONText` escapes the `[`, in
        /// whatever pieces the text came), so nothing in it starts a command but, after what came before,
        /// its first byte: text that starts with a blank, `:`, `#` or `[` is read whole. The state then
        /// follows its last line.
        mutating func passingJSON(_ text: String) -> String {
            var text = text
            let read = text.withUTF8 { bytes -> Bool in
                guard let first = bytes.first, first != UInt8(ascii: ":"), first != UInt8(ascii: "#"), first != UInt8(ascii: "["),
                    Self.blankWidth(bytes, at: 0) == nil, let lastBreak = bytes.lastIndex(of: 0x0A)
                else { return false }
                blank = true
                hashes = 0
                _ = scan(UnsafeBufferPointer(rebasing: bytes[(lastBreak + 1)...]), marking: false)
                return true
            }
            return read ? text : neutralised(text)
        }

        /// Walks `text`'s bytes, updating the state; returns where a backslash must go (when `marking`).
        private mutating func scan(_ text: String, marking: Bool) -> [Int] {
            var text = text
            return text.withUTF8 { scan($0, marking: marking) }
        }

        /// Walks `bytes`, updating the state; returns where a backslash must go (when `marking`).
        private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, marking: Bool) -> [Int] {
            var places: [Int] = []
            var index = 0
            while index < bytes.count {
                // Eight bytes at a time (a run's JSON, tens of megabytes, comes through here): a line's
                // leading spaces are skipped, and inside a line with no `#` pending, the scan jumps to
                // the next line feed or `#`, the only bytes that matter there.
                if hashes == 0, let base = bytes.baseAddress, index + 8 <= bytes.count {
                    let word = ByteWords.word(base, at: index)
                    if blank {
                        // The spaces before the first other byte (exact: no borrow crosses bytes).
                        let others = ~ByteWords.bytes(equalTo: 0x20, in: word) & 0x8080_8080_8080_8080
                        if others == 0 {
                            index += 8
                            continue
                        }
                        index += others.trailingZeroBitCount / 8
                    } else {
                        let hits = ByteWords.bytes(equalTo: 0x0A, in: word) | ByteWords.bytes(equalTo: 0x23, in: word)
                        if hits == 0 {
                            index += 8
                            continue
                        }
                        index += hits.trailingZeroBitCount / 8
                    }
                }
                let byte = bytes[index]
                if blank, byte != 0x0A {
                    if let width = Self.blankWidth(bytes, at: index) {
                        index += width
                        continue
                    }
                    blank = false
                    // A lone `:` ending the piece counts too: the next piece may start with the second.
                    if byte == 0x3A, index + 1 == bytes.count || bytes[index + 1] == 0x3A, marking { places.append(index) }
                }
                switch byte {
                case 0x0A:
                    blank = true
                    hashes = 0
                case 0x23: hashes = min(hashes + 1, 2)
                case 0x5B:
                    if hashes >= 2, marking { places.append(index) }
                    hashes = 0
                default: hashes = 0
                }
                index += 1
            }
            return places
        }

        /// The width in bytes of the blank at `index` (one .NET's `TrimStart` skips, or a zero-width
        /// one), or `nil`.
        private static func blankWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
            guard byte >= 0xC2 else { return nil }
            let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            guard index + width <= bytes.count else { return nil }
            var value = UInt32(byte) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
            for offset in 1..<width { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            guard let scalar = Unicode.Scalar(value), Escaping.isRunnerBlank(scalar) else { return nil }
            return width
        }
    }

    private let lock = NSLock()
    private var line = Line()

    /// Runs `body` with the stream's line state, one writer at a time (so that a piece is written
    /// in the state it was judged in).
    func withLock<Result>(_ body: (inout Line) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&line)
    }
}
