import ConformCore

/// What `conform policies` prints: per policy, its id, title and domain on one line, a one-line summary
/// under it, then its sources.
public enum PolicyListing {
    /// The listing for a terminal. Text from policy files is made inert before it is painted, so that
    /// not even a colour code of theirs survives on a terminal.
    public static func text(_ policies: [Policy], terminal: Terminal) -> String {
        let inert = Escaping.terminal
        var out = ""
        for policy in policies {
            out += "\(terminal.bold(inert(policy.id)))  \(inert(policy.title))  \(terminal.dim("[\(inert(policy.domain))]"))\n"
            if !policy.summary.isEmpty { out += "    " + inert(oneLine(policy.summary)) + "\n" }
            for source in policy.sources {
                out += "    \(inert(source.name)): \(inert(source.text.split(separator: "\n").joined(separator: " ")))\n"
            }
        }
        return out
    }

    /// `summary` on one line of at most `width` characters: as many of its whole sentences as fit, or,
    /// when not even the first does, the first cut after a word, with `…`.
    public static func oneLine(_ summary: String, width: Int = 100) -> String {
        let words = summary.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        var line = ""
        var sentences = ""
        for word in words {
            let next = line.isEmpty ? String(word) : line + " " + word
            // Room is kept for ` …` in case the sentence does not end within the line.
            if next.count > (sentences.isEmpty ? width - 2 : width) { return sentences.isEmpty ? line + " …" : sentences }
            line = next
            // A sentence ends at a full stop after a word of more than one letter (not `e.g.` nor `U.S.`).
            if word.hasSuffix("."), word.dropLast().count > 1, !word.dropLast().contains(".") { sentences = line }
        }
        return line
    }
}
