import ConformCore

/// The HTML page's matrix, a row per trace written while the run goes (into a `Spool`), in run order:
/// built here rather than by the template, since a template engine takes seconds over 100,000 rows.
/// The template places the rows with `{{{matrixRows}}}`.
enum HTMLMatrix {
    /// What `{{{matrixRows}}}` renders to; the page is cut there and the spooled rows put in its place.
    /// Escaped text can never contain it: escaping turns control characters into U+FFFD.
    static let rowsMarker = "\u{1}conform:matrix-rows\u{1}"
    /// Up to this many traces the matrix is open when the page loads.
    static let openLimit = 50

    /// One trace's row: a cell per loaded policy, in the columns' order. The trace links to its
    /// details when the page shows them (`linked`).
    static func row(_ summary: TraceSummary, results: [PairResult], policyIDs: [String], linked: Bool) -> String {
        head(summary, linked: linked) + cells(summary, results: results, policyIDs: policyIDs)
    }

    /// The row's start, up to the trace's id: whether it links is known only in run order.
    static func head(_ summary: TraceSummary, linked: Bool) -> String {
        let id = Escaping.xml(summary.id)
        guard linked else { return "<tr><th>" + id }
        return "<tr><th><a href=\"#\(ReportModel.anchor(summary.file))\">\(id)</a>"
    }

    /// The rest of the row, the app and a cell per policy: made on the thread that checked the trace.
    static func cells(_ summary: TraceSummary, results: [PairResult], policyIDs: [String]) -> String {
        var row = "</th><td>\(Escaping.xml(summary.app ?? "(no app)"))</td>"
        // Results come in the policies' order; a lookup only if they do not.
        // Read in place, by position: binding a pair copied it, every string retained, for each cell.
        let aligned = results.count == policyIDs.count && results.indices.allSatisfy { results[$0].policy == policyIDs[$0] }
        for index in policyIDs.indices {
            if aligned {
                row += cell(results[index])
            } else if let found = results.firstIndex(where: { $0.policy == policyIDs[index] }) {
                row += cell(results[found])
            } else {
                row += "<td></td>"
            }
        }
        return row + "</tr>\n"
    }

    /// A cell as short as it can be read, since a page of 100,000 rows has a million of them: the
    /// column names the policy, the class gives the colour. A claim (`c`, outlined) is `p` pass ✓,
    /// `f` broken ✗ with the departing step, `e` not evaluable !; a policy the trace does not claim is
    /// information, muted (`u`): = agrees, ≠ differs at the step shown; `n` cannot judge.
    static func cell(_ pair: borrowing PairResult) -> String {
        switch (pair.verdict, pair.claimed) {
        case (.pass, true): return "<td class=\"p c\">✓</td>"
        case (.fail(let departure), true): return "<td class=\"f c\">✗ \(departure.step)</td>"
        case (.inapplicable, true): return "<td class=\"f c\">✗ n/a</td>"
        case (.error, true): return "<td class=\"e c\">!</td>"
        case (.pass, false): return "<td class=\"u\">=</td>"
        case (.fail(let departure), false): return "<td class=\"u\">≠ \(departure.step)</td>"
        case (.inapplicable, false): return "<td class=\"n\">·</td>"
        case (.error, false): return "<td class=\"e\">!</td>"
        }
    }

    /// The rendered page cut at the rows' marker, with the rows in its place (or the page as it is,
    /// for a template that shows no matrix).
    static func splice(_ page: String, rows: Spool) -> [OutputPart] {
        guard let marker = firstRange(of: rowsMarker, in: page) else { return [.text(page)] }
        return [.text(String(page[..<marker.lowerBound])), .spool(rows), .text(String(page[marker.upperBound...]))]
    }

    /// Where `marker` first is in `text`, found in its UTF-8 bytes: Foundation's `range(of:)` goes through
    /// UTF-16 and took a tenth of a second on a page of a few megabytes.
    static func firstRange(of marker: String, in text: String) -> Range<String.Index>? {
        let needle = Array(marker.utf8)
        guard let first = needle.first else { return nil }
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var start = 0
            while start + needle.count <= bytes.count, let candidate = bytes[start...].firstIndex(of: first) {
                guard candidate + needle.count <= bytes.count else { return nil }
                if bytes[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
                start = candidate + 1
            }
            return nil
        }
        // A string without contiguous UTF-8 (bridged): the slow way.
        guard let found else { return text.range(of: marker) }
        guard let offset = found else { return nil }
        let lower = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        return lower..<text.utf8.index(lower, offsetBy: needle.count)
    }
}
