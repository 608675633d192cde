/// Counts in words: the one place that chooses between "1 trace" and "2 traces", "1 of 1 claim holds"
/// and "2 of 3 claims hold". Every output that states a count goes through here.
public enum Plural {
    /// `1 trace`, `0 traces`, `2 policies`, `3 stale baseline entries`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(self.noun(noun, number))"
    }

    /// The noun as `number` wants it: `trace` for 1, `traces` otherwise (`policy` → `policies`,
    /// `match` → `matches`); the last word of a compound is the one that changes.
    public static func noun(_ singular: String, _ number: Int) -> String {
        guard number != 1, let last = singular.last else { return singular }
        if last == "y", let before = singular.dropLast().last, !"aeiou".contains(before) {
            return singular.dropLast() + "ies"
        }
        if last == "s" || last == "x" || singular.hasSuffix("ch") || singular.hasSuffix("sh") { return singular + "es" }
        return singular + "s"
    }

    /// The verb agreeing with `number` things: `holds` for 1, else `hold`.
    public static func verb(_ singular: String, _ plural: String, _ number: Int) -> String {
        number == 1 ? singular : plural
    }

    /// `1 of 1 claim holds`, `2 of 3 claims hold`, `0 of 1 claim hold`: the noun agrees with the whole,
    /// the verb with the part.
    public static func part(_ part: Int, of whole: Int, _ noun: String, verb: (singular: String, plural: String)) -> String {
        "\(part) of \(count(whole, noun)) \(self.verb(verb.singular, verb.plural, part))"
    }
}
