/// A JSON value whose objects keep their key order, so that output is the same bytes every run.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

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

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// Compact JSON text (`pretty` adds two-space indentation and a line per member).
    public func serialized(pretty: Bool = false, indent: Int = 0) -> String {
        var out = ""
        write(to: &out, pretty: pretty, indent: indent)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n):
            // JSON has no NaN or infinity; such a number is written as a string rather than break the document.
            out += n.isFinite ? Value.format(n) : JSONValue.quoted(Value.format(n))
        case .string(let s): out += JSONValue.quoted(s)
        case .array(let items):
            writeContainer(items, open: "[", close: "]", to: &out, pretty: pretty, indent: indent) { item, out in
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &out, pretty: pretty, indent: indent) { member, out in
                out += JSONValue.quoted(member.0)
                out += pretty ? ": " : ":"
                member.1.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer<T>(
        _ items: [T], open: String, close: String, to out: inout String, pretty: Bool, indent: Int,
        element: (T, inout String) -> Void
    ) {
        out += open
        guard !items.isEmpty else { out += close; return }
        let inner = pretty ? JSONValue.newline(indent: indent + 1) : ""
        for (index, item) in items.enumerated() {
            if index > 0 { out += "," }
            out += inner
            element(item, &out)
        }
        out += pretty ? JSONValue.newline(indent: indent) : ""
        out += close
    }

    private static let newlines = (0..<16).map { "\n" + String(repeating: "  ", count: $0) }

    /// A line break and the indentation of `indent` levels (two spaces each).
    public static func newline(indent: Int) -> String {
        indent < newlines.count ? newlines[indent] : "\n" + String(repeating: "  ", count: indent)
    }

    /// A JSON string literal; control characters and the characters that break HTML embedding are escaped.
    public static func quoted(_ text: String) -> String {
        // Most text needs no escape: one pass over the bytes finds out, and the text is copied whole.
        // (0xE2 starts U+2028 and U+2029, and other characters too, which take the slow path.)
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
