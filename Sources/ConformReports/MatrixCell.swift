import ConformCore

/// A verdict as one cell of the Markdown matrix shows it: a claim (which decides the exit status) with
/// an emoji, a policy the trace does not claim in plain words, since it is information, not a failure.
/// (The HTML page has its own, shorter cells: `HTMLMatrix.appendCell`.)
struct MatrixCell {
    /// Followed by a space when not empty.
    var symbol: String
    var text: String

    init(_ pair: PairResult) {
        switch (pair.verdict, pair.claimed) {
        case (.pass, true): (symbol, text) = ("✅ ", "holds")
        case (.fail(let departure), true): (symbol, text) = ("❌ ", "step \(departure.step)")
        case (.inapplicable, true): (symbol, text) = ("❌ ", "cannot judge")
        case (.pass, false): (symbol, text) = ("", "agrees")
        case (.fail(let departure), false): (symbol, text) = ("", "differs at \(departure.step)")
        case (.inapplicable, false): (symbol, text) = ("", "n/a")
        case (.error, _): (symbol, text) = ("⚠️ ", "error")
        }
    }

    /// The cell as the Markdown matrix writes it: bold for a claim, the text escaped. One value for the
    /// template to look up rather than four: a report of thousands of rows spent most of its time there.
    func markdown(claimed: Bool) -> String {
        let shown = symbol + Escaping.markdown(text)
        return claimed ? "**" + shown + "**" : shown
    }
}
