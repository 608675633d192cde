import ConformCore
import Foundation

/// The one printer behind every command: all that `conform` writes for a person to read, on standard
/// output or standard error, goes through here. Values are escaped where they are put into text
/// (`Escaping.terminal`); this is the net under that, for whatever a command forgot:
///
/// - no control character acts on the terminal: each is shown as U+FFFD, a line break other than the
///   line feeds conform writes (CR, VT, FF, NEL, U+2028, U+2029) as `⏎`, a directional override as
///   U+FFFD; only line feeds survive, and colour, as the exact sequences `Terminal` paints with, on a
///   terminal that shows colour;
/// - no line starts a GitHub workflow command: a line whose first characters past blanks are `::`
///   gets a backslash before them (`\::`), and so does the `[` of any `##[` (`##\[`), the runner's
///   older form, which it finds anywhere in a line. Only `write(workflowCommands:)`, for the
///   annotations `GitHubOutput` and `RunDiff` make, writes commands.
public struct Console: Sendable {
    /// Which standard stream.
    public enum Stream: Sendable {
        case standardOutput, standardError
    }

    public let stream: Stream
    /// Colour on this stream: on only for a terminal, and never with `NO_COLOR`.
    public let terminal: Terminal
    /// Where this stream's lines stand, shared by every `Console` of the stream.
    private let lines: WorkflowCommandGuard

    public init(_ stream: Stream) {
        self.stream = stream
        terminal = Terminal(fileDescriptor: stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO)
        lines = stream == .standardOutput ? WorkflowCommandGuard.standardOutput : WorkflowCommandGuard.standardError
    }

    /// What a command prints: its result, its data. Looked at once (whether it is a terminal, `NO_COLOR`):
    /// a run's JSON is written through here in hundreds of pieces.
    public static let standardOutput = Console(.standardOutput)
    /// What a command says about its work: problems, progress, what it wrote, while standard output carries data.
    public static let standardError = Console(.standardError)

    /// Writes `text` as it is (made inert, starting no workflow command), without adding a line break.
    public func write(_ text: String) {
        guard !text.isEmpty else { return }
        write(inert: Self.inert(text, keepingColours: terminal.colours))
    }

    /// Writes text that holds no control character but line breaks by the way it was made (`JSONText`
    /// escapes every other), without looking for them. It still starts no workflow command.
    public func write(inert text: String) {
        lines.withLock { state in
            writeBytes(state.neutralised(text))
        }
    }

    /// Writes JSON text that `JSONText` wrote (or escaped as it escapes): inert (`write(inert:)`), and
    /// read for workflow commands at its edges only (`WorkflowCommandGuard.Line.passingJSON`): a run's
    /// JSON is tens of megabytes.
    public func write(json text: String) {
        lines.withLock { state in
            writeBytes(state.passingJSON(text))
        }
    }

    /// Writes GitHub workflow commands that conform made itself (`GitHubOutput`, `RunDiff`'s
    /// annotations: each data and property value escaped by `Escaping.workflowData` and
    /// `workflowProperty`), byte for byte: the one way a command reaches the runner.
    public func write(workflowCommands text: String) {
        guard !text.isEmpty else { return }
        let inert = Self.inert(text, keepingColours: false)
        lines.withLock { state in
            state.follow(inert)
            writeBytes(inert)
        }
    }

    /// Writes `text`'s bytes to the stream, all of them (a closed pipe drops the rest).
    private func writeBytes(_ text: String) {
        var inert = text
        // Straight from the string's bytes (a run's JSON comes through here in 64 KB pieces): no copy.
        inert.withUTF8 { bytes in
            guard var start = bytes.baseAddress else { return }
            var left = bytes.count
            let descriptor = stream == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
            while left > 0 {
                let written = systemWrite(descriptor, start, left)
                if written < 0, errno == EINTR { continue }
                // A closed pipe or a full disk: what a reader no longer takes is dropped, as before.
                guard written > 0 else { return }
                start += written
                left -= written
            }
        }
    }

    /// Writes `text` and a line break.
    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// Located problems in compiler form, through the one `DiagnosticPrinter`.
    public func problems(_ diagnostics: [Diagnostic]) {
        let printer = DiagnosticPrinter(terminal: terminal)
        write(diagnostics.map(printer.text).joined())
    }

    /// `text` with every control character (C0 but the line feed, DEL, C1) and directional override
    /// replaced by U+FFFD, and every other line break (CR, VT, FF, NEL, U+2028, U+2029) by `⏎`, as
    /// `Escaping.terminal` shows them; except, when `keepingColours`, the escape sequences `Terminal`
    /// paints with. Text that needs nothing is returned as it is, without a copy (a run's text goes
    /// through here).
    public static func inert(_ text: String, keepingColours: Bool) -> String {
        if text.utf8.withContiguousStorageIfAvailable({ firstUnsafe(in: $0) == nil }) == true { return text }
        let bytes = Array(text.utf8)
        guard let first = bytes.withUnsafeBufferPointer(firstUnsafe) else { return text }
        var out: [UInt8] = Array(bytes[..<first])
        out.reserveCapacity(bytes.count + 16)
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, keepingColours, let length = paintSequence(in: bytes, at: index) {
                out += bytes[index..<index + length]
                index += length
                continue
            }
            let length = bytes.withUnsafeBufferPointer { unsafeLength($0, at: index) }
            switch length {
            case 0:
                out.append(byte)
                index += 1
            default:
                let isLineBreak =
                    (0x0B...0x0D).contains(byte) || (byte == 0xC2 && bytes[index + 1] == 0x85)
                    || (byte == 0xE2 && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2]))
                out += isLineBreak ? lineBreakSign : replacement
                index += length
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Private

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    /// `⏎` (U+23CE) in UTF-8.
    private static let lineBreakSign: [UInt8] = [0xE2, 0x8F, 0x8E]

    /// Where the first byte that `inert` would change is.
    private static func firstUnsafe(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        // A run's text (megabytes, a line break every few words) comes through here: eight bytes are
        // looked at at once, and only a word that holds a control character other than a line feed, or may
        // hold 0x7F, 0xC2 or 0xE2, is looked at byte by byte.
        if let base = bytes.baseAddress {
            while index + 8 <= bytes.count {
                let word = ByteWords.word(base, at: index)
                let controls = ByteWords.controlBytes(word) & ~ByteWords.bytes(equalTo: 0x0A, in: word)
                if controls == 0 && !ByteWords.mayHold(0x7F, in: word) && !ByteWords.mayHold(0xC2, in: word)
                    && !ByteWords.mayHold(0xE2, in: word)
                {
                    index += 8
                    continue
                }
                for offset in index..<index + 8 where unsafeLength(bytes, at: offset) > 0 { return offset }
                index += 8
            }
        }
        while index < bytes.count {
            if unsafeLength(bytes, at: index) > 0 { return index }
            index += 1
        }
        return nil
    }

    /// The length in bytes of the character at `index` when `inert` changes it, else 0: a C0 control
    /// but the line feed, DEL (1 byte), a C1 control (2), U+2028, U+2029 or a directional override (3).
    private static func unsafeLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if (byte < 0x20 && byte != 0x0A) || byte == 0x7F { return 1 }
        if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
        guard byte == 0xE2, index + 2 < bytes.count else { return 0 }
        let (second, third) = (bytes[index + 1], bytes[index + 2])
        return (second == 0x80 && (0xA8...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third)) ? 3 : 0
    }

    /// The length of `ESC [ CODE m` at `index` when CODE is one `Terminal` paints with.
    private static func paintSequence(in bytes: [UInt8], at index: Int) -> Int? {
        guard index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        var end = index + 2
        while end < bytes.count, end < index + 5, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "m"), end > index + 2 else { return nil }
        let code = String(decoding: bytes[index + 2..<end], as: UTF8.self)
        return Terminal.paintCodes.contains(code) ? end - index + 1 : nil
    }
}

/// write(2), named apart from `Console.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
