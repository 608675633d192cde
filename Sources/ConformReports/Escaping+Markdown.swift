extension Escaping {
    /// Inline Markdown (GitHub-flavoured), safe in a paragraph, a list item or a table cell: the
    /// characters that could start markup or raw HTML are backslash-escaped, `|` too (so that no text
    /// adds a table cell), and so `##[` becomes `\#\#\[`; a line break (LF, CR, tab, VT, FF, NEL,
    /// U+2028, U+2029) becomes a space, so that no text starts a line of its own; any other control
    /// character and the directional overrides become U+FFFD; a leading `::` (a workflow command, were
    /// the text printed at the start of a line) becomes `\::`.
    public static func markdown(_ text: String) -> String {
        // Byte by byte: every character it changes is ASCII or starts with 0xC2 or 0xE2, and most text has none of them.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 && !isMarkdownSpecial($0) }),
            !startsWithCommandColons(text)
        {
            return text
        }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var colons = startsWithCommandColons(text)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: ":") where colons:
                out += [UInt8(ascii: "\\"), byte]
                colons = false
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), 0x0B, 0x0C: out.append(UInt8(ascii: " "))
            case _ where isMarkdownSpecial(byte): out += [UInt8(ascii: "\\"), byte]
            case 0..<0x20, 0x7F: out += replacementBytes
            // C2 85 is NEL, a line break; C2 80...9F the other C1 controls.
            case 0xC2 where index < bytes.count && bytes[index] == 0x85:
                out.append(UInt8(ascii: " "))
                index += 1
            case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]):
                out += replacementBytes
                index += 1
            // E2 80 A8 and A9: U+2028, U+2029; E2 80 AA...AE and E2 81 A6...A9: the directional overrides.
            case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (0xA8...0xA9).contains(bytes[index + 1]):
                out.append(UInt8(ascii: " "))
                index += 2
            case 0xE2
            where index + 1 < bytes.count
                && ((bytes[index] == 0x80 && (0xAA...0xAE).contains(bytes[index + 1]))
                    || (bytes[index] == 0x81 && (0xA6...0xA9).contains(bytes[index + 1]))):
                out += replacementBytes
                index += 2
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A code span (`` `text` ``) outside a table: a backtick or a line break (which would end the
    /// span or its line) becomes a space, any other control character and the directional overrides
    /// U+FFFD, and `##[` `##\[` (a backslash escapes nothing in a code span, so it shows).
    public static func markdownCode(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var hashes = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if isLineBreak(scalar) || scalar == "`" {
                if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
                out.append(" ")
            } else if isControl(scalar) || isDirectionalOverride(scalar) {
                out.append(replacementSign)
            } else {
                if scalar == "[", hashes >= 2 { out.append("\\") }
                out.append(scalar)
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return "`" + String(out) + "`"
    }

    /// U+FFFD in UTF-8.
    static let replacementBytes: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// The characters `markdown` escapes with a backslash.
    @inline(__always)
    private static func isMarkdownSpecial(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "!"),
            UInt8(ascii: "&"), UInt8(ascii: "$"):
            return true
        default: return false
        }
    }
}
