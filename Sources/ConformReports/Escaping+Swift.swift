extension Escaping {
    /// A Swift string literal of `text`, quotes included: `"` and `\` escaped, and every character
    /// `swiftEscape` names written as its escape, so that the text cannot end the literal, its line or
    /// the file's meaning.
    public static func swiftLiteral(_ text: String) -> String {
        var out = "\""
        var hashes = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out += swiftEscape(scalar, afterHashes: hashes) ?? String(scalar)
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return out + "\""
    }

    /// Text for a Swift comment (`//` or `/* */`), by the rule of `swiftLiteral`: every character
    /// `swiftEscape` names is written as its escape (`\n`, `\u{202e}`), so that the comment stays one
    /// line and nothing in it hides code; `/*` and `*/` get a backslash between (`/\*`, `*\/`), so that
    /// no text opens or closes a block comment. Quotes and backslashes stay as they are.
    public static func swiftComment(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var hashes = 0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let escape = swiftEscape(scalar, afterHashes: hashes) {
                out += escape.unicodeScalars
                previous = nil
            } else {
                if (previous == "/" && scalar == "*") || (previous == "*" && scalar == "/") { out.append("\\") }
                out.append(scalar)
                previous = scalar
            }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return String(out)
    }

    /// The escape of a character that must not stand as it is in Swift source: the line breaks and
    /// control characters (`\n`, `\r`, `\t`, else `\u{...}`), U+2028 and U+2029, the bidirectional
    /// controls (Unicode's Bidi_Control: overrides, isolates and marks); and `[` after `##` (`##[`
    /// starts a workflow command when the file is printed). `nil` for any other.
    private static func swiftEscape(_ scalar: Unicode.Scalar, afterHashes hashes: Int) -> String? {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "[" where hashes >= 2: return "\\u{5b}"
        default:
            guard isControl(scalar) || isLineBreak(scalar) || scalar.properties.isBidiControl else { return nil }
            return "\\u{\(String(scalar.value, radix: 16))}"
        }
    }
}
