/// The one place where text that conform did not write itself (from a trace, a policy, a run
/// document, an argument, the environment) is made safe for where it lands. Every value conform
/// prints or writes passes the entry of its output context, and none other:
///
/// | Context | Entry | What it guarantees |
/// |---|---|---|
/// | A terminal line (standard output or error) | `terminal` | one line; nothing a terminal or the Actions runner obeys |
/// | A GitHub workflow command | `workflowData`, `workflowProperty` | the runner's own escapes: one command a line |
/// | Markdown | `markdown`, `markdownCode` | no markup, no new line, no table cell, no workflow command |
/// | Swift source | `swiftLiteral`, `swiftComment` | the text stays inside its literal or comment |
/// | YAML (traces written) | `yaml` | a scalar that reads back as the text, on its line |
/// | HTML and XML | `xml`, `xmlBody` | entities; what XML forbids as U+FFFD |
/// | A URI path (SARIF) | `uriPath` | percent-escapes |
///
/// Docs/Security.md ("What conform echoes") says the rules in words. `Console` is the net under the
/// terminal's: whatever reaches standard output or error without its escaping is still made inert.
public enum Escaping {
    /// What a line break inside a value is shown as on a terminal line (U+23CE RETURN SYMBOL).
    public static let lineBreakSign: Unicode.Scalar = "\u{23CE}"

    /// What a control character or a directional override is shown as (U+FFFD REPLACEMENT CHARACTER).
    public static let replacementSign: Unicode.Scalar = "\u{FFFD}"

    /// A character that ends a line somewhere: in a terminal, an editor, a log viewer or YAML. LF, CR
    /// (and CR LF, taken as one by the callers), VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    @inline(__always)
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// A C0 control character, DEL or a C1 control character (line breaks among them).
    @inline(__always)
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The explicit directional embeddings, overrides and isolates (LRE, RLE, PDF, LRO, RLO, LRI, RLI,
    /// FSI, PDI): the characters that let text show in another order than it is read ("Trojan Source").
    @inline(__always)
    static func isDirectionalOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A character the Actions runner skips before it looks for `::` at the start of a line (.NET's
    /// `Char.IsWhiteSpace`, which its `TrimStart` uses), and the zero-width ones some readers skip too.
    @inline(__always)
    static func isRunnerBlank(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default: return false
        }
    }

    /// Whether `text`, once past what a line may start with unseen (blanks, control characters, line
    /// breaks, directional overrides), starts with `::`, the start of a workflow command.
    static func startsWithCommandColons(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if isRunnerBlank(scalar) || isControl(scalar) || isLineBreak(scalar) || isDirectionalOverride(scalar) { continue }
            return scalar == ":" && scalars.next() == ":"
        }
        return false
    }

    /// The index of the first scalar of the leading `::` that `startsWithCommandColons` finds.
    static func commandColonsIndex(in scalars: [Unicode.Scalar]) -> Int? {
        for (index, scalar) in scalars.enumerated() {
            if isRunnerBlank(scalar) || isControl(scalar) || isLineBreak(scalar) || isDirectionalOverride(scalar) { continue }
            return scalar == ":" && index + 1 < scalars.count && scalars[index + 1] == ":" ? index : nil
        }
        return nil
    }
}

extension String {
    /// The string with zeros in front, up to `length` characters.
    public func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
