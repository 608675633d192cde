/// Keeps what messages quote from input short: a value quoted in a message ('…') shows at most its
/// first 40 characters. A message never carries a whole line of a file (which may hold a secret, and
/// would reach CI annotations) nor megabytes of one word.
enum Clipping {
    /// The most characters of one quoted value shown.
    static let quoted = 40

    /// `message` with every quoted value longer than `quoted` cut to its start and `…`.
    static func clipQuotes(_ message: String) -> String {
        // Short messages cannot hold a long quote: the common case costs one count.
        guard message.utf8.count > quoted + 2 else { return message }
        var out = ""
        var inside: String?
        for character in message {
            if character == "'" {
                if let quote = inside {
                    out += "'" + (quote.count > quoted ? String(quote.prefix(quoted)) + "…" : quote) + "'"
                    inside = nil
                } else {
                    inside = ""
                }
            } else if inside != nil {
                inside?.append(character)
            } else {
                out.append(character)
            }
        }
        // An apostrophe with no partner (`the trace's`) was not a quote.
        if let rest = inside { out += "'" + rest }
        return out
    }
}
