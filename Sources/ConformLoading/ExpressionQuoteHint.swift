/// Says "quote the expression" where YAML refused a line because an unquoted expression holds `: `
/// (`done: form.to != null ? enabled : disabled`): libyaml's own words name no fix.
enum ExpressionQuoteHint {
    /// Characters that occur in expressions and not in plain prose values.
    private static let operatorMarks = ["?", "==", "!=", "&&", "||", "<", ">", "(", "!"]

    /// `quote the expression, ...: done: "…"` when, on line `line`, the last `KEY: ` before `column`
    /// (a block `KEY: VALUE`, or a pair of a flow map `{ KEY: VALUE, ... }`) has a VALUE that starts like an
    /// expression; `nil` otherwise.
    static func note(line: Int, column: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let text = lineText(line, in: bytes) else { return nil }
        let characters = Array(text)
        var keyStart: Int?
        var valueStart: Int?
        // The last `WORD: ` that begins before the column libyaml stopped at.
        var index = 0
        while index < min(characters.count, max(column - 1, 0)) {
            if isWordCharacter(characters[index]), index == 0 || !isWordCharacter(characters[index - 1]) {
                var end = index
                while end < characters.count, isWordCharacter(characters[end]) || characters[end] == "-" { end += 1 }
                if end + 1 < characters.count, characters[end] == ":", characters[end + 1] == " " {
                    keyStart = index
                    valueStart = end + 2
                }
                index = end
            } else {
                index += 1
            }
        }
        guard let keyStart, var start = valueStart else { return nil }
        while start < characters.count, characters[start] == " " { start += 1 }
        let inFlow = characters[..<keyStart].contains("{")
        var end = start
        while end < characters.count {
            let character = characters[end]
            if end >= column - 1, inFlow, character == "," || character == "}" { break }
            if character == "#", end > 0, characters[end - 1] == " " { break }
            end += 1
        }
        let key = String(characters[keyStart..<(valueStart ?? start) - 2])
        let value = String(characters[start..<end]).trimmingTrailingSpaces
        guard let first = value.first, !"\"'{[|>".contains(first), operatorMarks.contains(where: { value.contains($0) }) else {
            return nil
        }
        let escaped = value.replacing("\"", with: "\\\"")
        return "quote the expression, as YAML reads ': ' inside it as a map: \(key): \"\(escaped)\""
    }

    /// `write see: { done: disabled }` when line `line` is `KEY: K2: VALUE` (a map written inside a map on
    /// one line without braces); `nil` otherwise.
    static func bracesNote(line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let text = lineText(line, in: bytes) else { return nil }
        var body = Substring(text)
        body = body.dropFirst(body.prefix { $0 == " " || $0 == "-" }.count)
        guard let separator = body.firstRange(of: ": ") else { return nil }
        let key = body[..<separator.lowerBound]
        let rest = String(body[separator.upperBound...]).trimmingTrailingSpaces
        guard !key.isEmpty, !key.contains(" "), let first = rest.first, !"\"'{[|>#".contains(first),
            let inner = rest.firstRange(of: ": "), !rest[..<inner.lowerBound].contains(" ")
        else { return nil }
        return "a map inside a map on one line needs braces: \(key): { \(rest) }"
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
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

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
