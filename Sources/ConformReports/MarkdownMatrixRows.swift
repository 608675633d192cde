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
        // Bytes, made a string once: appending to a string checks each join for characters that merge.
        var out: [UInt8] = []
        out.reserveCapacity(rows.count * (16 + 24 * (rows.first?.cells.count ?? 0)))
        // Read in place: a pair copied out of the array retains every string it holds.
        pairs.withUnsafeBufferPointer { pairs in
            for (number, row) in rows.enumerated() {
                if number > 0 { out.append(UInt8(ascii: "\n")) }
                append("| ", to: &out)
                out += Escaping.markdown(row.trace.id).utf8
                append(" |", to: &out)
                for cell in row.cells {
                    out.append(UInt8(ascii: " "))
                    if let position = cell { appendCell(pairs[position].outcome.verdict, claimed: pairs[position].claimed, to: &out) }
                    append(" |", to: &out)
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// What `MatrixCell(pair).markdown(claimed: pair.claimed)` gives, appended. Its words and numbers
    /// need no escaping (`MarkdownMatrixRowsTests` holds it), so they are not looked at again.
    static func appendCell(_ verdict: Verdict, claimed: Bool, to out: inout [UInt8]) {
        if claimed { append("**", to: &out) }
        switch verdict {
        case .pass: append(claimed ? "✅ holds" : "agrees", to: &out)
        case .fail(let departure):
            append(claimed ? "❌ step " : "differs at ", to: &out)
            out += String(departure.step).utf8
        case .inapplicable: append(claimed ? "❌ cannot judge" : "n/a", to: &out)
        case .error: append("⚠️ error", to: &out)
        }
        if claimed { append("**", to: &out) }
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }
}
