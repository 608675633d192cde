import ConformCore

/// A verdict as one cell of the Markdown matrix shows it (the HTML page has its own, shorter cells:
/// `HTMLMatrix.cell`).
struct MatrixCell {
    var symbol: String
    var text: String

    init(_ pair: PairResult) {
        switch pair.verdict {
        case .pass: (symbol, text) = ("✅", "pass")
        case .fail(let departure): (symbol, text) = ("❌", "step \(departure.step)")
        case .inapplicable: (symbol, text) = ("·", "n/a")
        case .error: (symbol, text) = ("⚠️", "error")
        }
    }
}
