/// Edit distance for "did you mean" hints.
public enum Spelling {
    /// Longer words get no suggestion.
    public static let maximumLength = 64

    /// Levenshtein distance between two words.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The known word nearest to `word`, when it is near enough to be a likely misspelling.
    public static func nearest(to word: String, among known: [String]) -> String? {
        // A word this long is no misspelling of a keyword; measuring it against every one would cost
        // its length times theirs.
        guard word.count <= maximumLength else { return nil }
        let scored = known.map { ($0, distance($0, word)) }.filter { $0.1 <= max(2, word.count / 3) }
        return scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) })?.0
    }
}
