/// Says "quote the expression" where YAML refused a line because an unquoted expression holds `: `
/// (`done: form.to != null ? enabled : disabled`): libyaml's own words name no fix.
enum ExpressionQuoteHint {
    /// Characters that occur in expressions and not in plain prose values.
    private static let operatorMarks = ["?", "==", "!=", "&&", "||", "<", ">", "(", "!"]

    /// `quote the expression: done: "…"` when the line at `line` is `KEY: VALUE` (or `- KEY: VALUE`) and
    /// VALUE starts like an expression; `nil` otherwise.
    static func note(line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let text = lineText(line, in: bytes) else { return nil }
        var body = Substring(text)
        let indent = body.prefix { $0 == " " || $0 == "-" }
        body = body.dropFirst(indent.count)
        guard let separator = body.firstRange(of: ": ") else { return nil }
        let key = body[..<separator.lowerBound]
        var value = body[separator.upperBound...].drop { $0 == " " }
        if let comment = value.firstRange(of: " #") { value = value[..<comment.lowerBound] }
        value = Substring(value.reversed().drop { $0 == " " }.reversed())
        guard !key.isEmpty, !key.contains(" "), let first = value.first, !"\"'{[|>".contains(first),
            operatorMarks.contains(where: { value.contains($0) })
        else { return nil }
        let escaped = value.replacing("\"", with: "\\\"")
        return "quote the expression, as YAML reads ': ' inside it as a map: \(key): \"\(escaped)\""
    }

    private static func lineText(_ line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var current = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            if current == line { return String(decoding: bytes[start..<index], as: UTF8.self) }
            current += 1
            start = index + 1
        }
        return current == line && start < bytes.count ? String(decoding: bytes[start...], as: UTF8.self) : nil
    }
}
