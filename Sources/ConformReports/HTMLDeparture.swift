import ConformCore

/// A departure as the HTML page words it, in the table of broken claims and under the departing step:
/// the headline, each part that differs on a line of its own, and the whole expected and observed
/// values in a collapsed block, for the reader who wants them.
enum HTMLDeparture {
    /// The departure's text, escaped: `headline<br><code>difference</code>…<details>…</details>`.
    static func text(_ departure: Departure) -> String {
        text(departure.difference, expected: departure.expected.serialized(), observed: departure.observed.serialized())
    }

    /// `text(_:)` of a departure whose expected and observed values are already serialised.
    static func text(_ difference: DepartureDifference, expected: String, observed: String) -> String {
        var out = Escaping.xml(difference.headline)
        for part in difference.differences {
            out += "<br><code>" + Escaping.xml(part.sentence) + "</code>"
        }
        out += "<details><summary>expected and observed in full</summary>expected <code>"
        out += Escaping.xml(expected)
        out += "</code><br>observed <code>"
        out += Escaping.xml(observed)
        out += "</code></details>"
        return out
    }
}
