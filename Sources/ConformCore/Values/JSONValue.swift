/// A JSON value whose objects keep their key order, so that output is the same bytes every run.
public indirect enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; one that is not finite is written as a string.
    case number(Double)
    /// A string, escaped when written.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in the order given (not sorted), so that output is the same bytes every run.
    case object([(String, JSONValue)])

    /// The same value, objects compared member by member in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Hashes the compact serialization, which equal values share.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// Compact JSON text (`pretty` adds two-space indentation and a line per member).
    public func serialized(pretty: Bool = false, indent: Int = 0) -> String {
        var out = JSONText()
        write(to: &out, pretty: pretty, indent: indent)
        return out.string
    }

    /// Writes the value as `serialized(pretty:indent:)` does, into `out`.
    public func write(to out: inout JSONText, pretty: Bool, indent: Int) {
        switch self {
        case .null: out.append("null")
        case .bool(let b): out.append(b ? "true" : "false")
        case .number(let n):
            // JSON has no NaN or infinity; such a number is written as a string rather than break the document.
            if n.isFinite { out.append(Value.format(n)) } else { out.appendQuoted(Value.format(n)) }
        case .string(let s): out.appendQuoted(s)
        case .array(let items):
            writeContainer(items, isObject: false, to: &out, pretty: pretty, indent: indent) { item, out in
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members, isObject: true, to: &out, pretty: pretty, indent: indent) { member, out in
                out.appendQuoted(member.0)
                out.append(pretty ? ": " : ":")
                member.1.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    /// Pretty, laid out by `JSONText.Container`, as what writes values straight into the text lays them
    /// out (one definition of the layout); compact, the entries with commas alone between them.
    private func writeContainer<T>(
        _ items: [T], isObject: Bool, to out: inout JSONText, pretty: Bool, indent: Int, element: (T, inout JSONText) -> Void
    ) {
        if pretty {
            var container = isObject ? out.openObject(indent: indent) : out.openArray(indent: indent)
            for item in items {
                container.element(in: &out)
                element(item, &out)
            }
            container.close(in: &out)
            return
        }
        out.append(byte: isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(byte: UInt8(ascii: ",")) }
            element(item, &out)
        }
        out.append(byte: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    private static let newlines = (0..<16).map { "\n" + String(repeating: "  ", count: $0) }

    /// A line break and the indentation of `indent` levels (two spaces each).
    public static func newline(indent: Int) -> String {
        indent < newlines.count ? newlines[indent] : "\n" + String(repeating: "  ", count: indent)
    }

    /// A JSON string literal; control characters and the characters that break HTML embedding are escaped.
    public static func quoted(_ text: String) -> String {
        var out = JSONText()
        out.appendQuoted(text)
        return out.string
    }
}

/// JSON text built as UTF-8 bytes and made a `String` once: appending to a `String` piece by piece cost
/// more than everything else a `--format json` run does (each append goes through String's general machinery).
/// As a `TextOutputStream`, what is written goes in escaped (`appendEscaped`): the inside of a string
/// literal whose quotes the writer puts around it.
public struct JSONText: Sendable, TextOutputStream {
    private var bytes = GrowingBytes()
    /// How many `#` the escaped text written last ends with (up to 2), and where it ends, so that a `[`
    /// escaped right after them becomes `\u005b` even when the two came in separate pieces (a message
    /// written piece by piece): JSON text then never holds `##[`, whatever pieces it was written in.
    /// Text written as it is in between (the layout, the quotes) moves the end on, so they no longer meet;
    /// the appends of such text stay a copy and nothing else.
    private var escapedHashes = 0
    private var escapedEnd = -1

    /// Empty text.
    public init() {}

    /// The text so far.
    public var string: String { bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } }

    // Disfavoured, so that a literal goes to the `StaticString` one: its bytes are where the program is.
    /// The text's bytes, copied as they are (not escaped).
    @_disfavoredOverload
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// A literal's bytes, copied as they are (no string is made).
    public mutating func append(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Room for `count` more bytes.
    public mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Another text's bytes, as they are: a piece written once and repeated (a trace's members, the
    /// same in each of its results).
    public mutating func append(_ text: JSONText) {
        text.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    /// One byte, as it is.
    public mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// A whole number in decimal, as `String(number)` writes it, without making the string.
    public mutating func append(integer number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            guard let base = buffer.baseAddress else { return }
            // The tuple's memory holds `UInt8`s already.
            bytes.append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + (20 - count), count: count))
        }
    }

    /// A line break and the indentation of `indent` levels (two spaces each).
    public mutating func appendNewline(indent: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(repeating: UInt8(ascii: " "), count: 2 * indent)
    }

    /// `text` as a JSON string literal: control characters (C0, DEL and C1), the characters that break
    /// HTML embedding (U+2028, U+2029) and the directional overrides and isolates (U+202A-U+202E,
    /// U+2066-U+2069) are escaped, and so is `[` after `##` (`\u005b`: `##[` anywhere in a line is a
    /// command to the GitHub Actions runner). So JSON text holds no control character but the line
    /// breaks of its layout, and no workflow command: a terminal or a CI log shows it as it is
    /// (`Console.write(json:)`). What the text means to a JSON reader is unchanged.
    public mutating func appendQuoted(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        appendEscaped(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether some byte is below 0x20, a quote, a backslash, `#`, 0x7F, 0xC2 or 0xE2 (exactly): a text that
    /// holds one goes to the careful path. A report quotes some fifteen texts a pair, most of them a few
    /// bytes long (the pieces of a departure's message), so a short text is looked at byte by byte in a
    /// table of bits, a longer one eight bytes at a time, its last eight overlapping those before.
    private static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        guard count >= 8 else {
            for index in 0..<count where mayNeedEscape(byte: base[index]) { return true }
            return false
        }
        var index = 0
        while index + 8 < count {
            if mayNeedEscape(word: ByteWords.word(base, at: index)) { return true }
            index += 8
        }
        return mayNeedEscape(word: ByteWords.word(base, at: count - 8))
    }

    /// `mayNeedEscape` of one byte: bit `byte & 63` of the word for `byte >> 6`, which marks the bytes
    /// below 0x20, `"` and `#`; `\` and DEL; none; 0xC2 and 0xE2.
    @inline(__always)
    private static func mayNeedEscape(byte: UInt8) -> Bool {
        let marked: UInt64
        switch byte >> 6 {
        case 0: marked = 0x0000_000C_FFFF_FFFF
        case 1: marked = 0x8000_0000_1000_0000
        case 2: marked = 0
        default: marked = 0x0000_0004_0000_0004
        }
        return (marked >> UInt64(byte & 63)) & 1 != 0
    }

    /// `mayNeedEscape` of eight bytes, each test exact and none branching: `"` and `#` differ only in the
    /// lowest bit, 0xC2 and 0xE2 only in 0x20.
    @inline(__always)
    private static func mayNeedEscape(word: UInt64) -> Bool {
        let marked =
            ByteWords.controlBytes(word) | ByteWords.bytes(equalTo: 0x22, in: word & 0xFEFE_FEFE_FEFE_FEFE)
            | ByteWords.bytes(equalTo: 0x5C, in: word) | ByteWords.bytes(equalTo: 0x7F, in: word)
            | ByteWords.bytes(equalTo: 0xC2, in: word & 0xDFDF_DFDF_DFDF_DFDF)
        return marked != 0
    }

    /// `json`, text a JSON encoder wrote (Foundation's `JSONEncoder`, which escapes only C0 controls,
    /// quotes and backslashes), with the rest of what `appendEscaped` escapes escaped too: DEL, the C1
    /// controls, U+2028, U+2029, the directional overrides and `[` after `##`. Each stands only inside a
    /// string, where its `\uXXXX` means the same, so the document reads back the same; the text is then
    /// as inert as `JSONText`'s own (`Console.write(json:)`).
    public static func escapingEncoderOutput(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 || $0 == 0x23 }) else { return json }
        var out = JSONText()
        var hashes = 0
        for scalar in json.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            switch scalar.value {
            case 0x5B where hashes >= 2, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                out.bytes.append(contentsOf: UTF8.encode(scalar) ?? UTF8.EncodedScalar())
            }
        }
        return out.string
    }

    /// `text` escaped, as the inside of a string literal (`appendEscaped`): so `print(_:to:)` and
    /// `writeDisplay(to:)` write into a literal.
    public mutating func write(_ text: String) {
        appendEscaped(text)
    }

    /// `text` as the inside of a JSON string literal (escaped as `appendQuoted` escapes it, no quotes).
    public mutating func appendEscaped(_ text: String) {
        var text = text
        // The `#`s that the escaped text just before ends with, when nothing came between.
        let carriedHashes = bytes.count == escapedEnd ? escapedHashes : 0
        let plain = text.withUTF8 { utf8 -> Bool in
            // Most text needs no escape: one pass over the bytes finds out, and the text is copied whole.
            // (0xE2 starts U+2028 and U+2029, 0xC2 the C1 controls, and other characters too, which take the slow path.)
            guard !Self.mayNeedEscape(utf8), carriedHashes < 2 || utf8.first != UInt8(ascii: "[") else { return false }
            guard !utf8.isEmpty else { return true }
            bytes.append(contentsOf: utf8)
            // No `#` in it (`mayNeedEscape`).
            escapedHashes = 0
            escapedEnd = bytes.count
            return true
        }
        guard !plain else { return }
        var hashes = carriedHashes
        defer {
            escapedHashes = min(hashes, 2)
            escapedEnd = bytes.count
        }
        for scalar in text.unicodeScalars {
            defer { hashes = scalar == "#" ? hashes + 1 : 0 }
            switch scalar {
            case "[" where hashes >= 2: append("\\u005b")
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}": append("\\u" + String(scalar.value, radix: 16))
            case "\"": append("\\\"")
            case "\\": append("\\\\")
            case "\n": append("\\n")
            case "\r": append("\\r")
            case "\t": append("\\t")
            case "\u{2028}": append("\\u2028")
            case "\u{2029}": append("\\u2029")
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    bytes.append(contentsOf: UTF8.encode(scalar) ?? UTF8.EncodedScalar())
                }
            }
        }
    }
}
