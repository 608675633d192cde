import ConformCore

/// The rows of one app's table in the Markdown matrix, byte for byte what the built-in template made of
/// `apps[].rows[]` (`| {{trace}} |{{#cells}} {{{markdown}}} |{{/cells}}`), which it now places with
/// `{{{rowsMarkdown}}}`: at 400 rows of 11 cells, the engine's lookups in a dictionary a cell were most
/// of a large run's Markdown report, which may be rendered more than once until it fits.
enum MarkdownMatrixRows {
    /// A trace's row: its pair with each of the table's policies, as a position in the run's results.
    struct Row {
        var trace: TraceSummary
        var cells: [Int?]
    }

    /// The rows, one a line, without a line break after the last (the template gives it).
    static func rows(_ rows: [Row], pairs: [PairResult]) -> String {
        var out = ReportBytes(capacity: rows.count * (16 + 24 * (rows.first?.cells.count ?? 0)))
        // Read in place: a pair copied out of the array retains every string it holds.
        pairs.withUnsafeBufferPointer { pairs in
            for (number, row) in rows.enumerated() {
                if number > 0 { out.append("\n") }
                out.append("| ")
                out.appendMarkdown(row.trace.id)
                out.append(" |")
                for cell in row.cells {
                    out.append(" ")
                    if let position = cell { appendCell(pairs[position].outcome.verdict, claimed: pairs[position].claimed, to: &out) }
                    out.append(" |")
                }
            }
        }
        return out.string
    }

    /// What `MatrixCell(pair).markdown(claimed: pair.claimed)` gives, appended. Its words and numbers
    /// need no escaping (`MarkdownMatrixRowsTests` holds it), so they are not looked at again.
    static func appendCell(_ verdict: Verdict, claimed: Bool, to out: inout ReportBytes) {
        if claimed { out.append("**") }
        switch verdict {
        case .pass: out.append(claimed ? "✅ holds" : "agrees")
        case .fail(let departure):
            out.append(claimed ? "❌ step " : "differs at ")
            out.append(number: departure.step)
        case .inapplicable: out.append(claimed ? "❌ cannot judge" : "n/a")
        case .error: out.append("⚠️ error")
        }
        if claimed { out.append("**") }
    }
}
