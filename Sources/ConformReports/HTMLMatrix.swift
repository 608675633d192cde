import ConformCore
import Foundation

/// The HTML page's matrix, a row per trace written while the run goes (into a `Spool`), in run order:
/// built here rather than by the template, since a template engine takes seconds over 100,000 rows.
/// Traces are grouped by the domain they speak (`domain(of:)`), a table each, so that a form trace's
/// row does not spend the width of a laptop on keyboard policies that cannot judge it: the columns of
/// the other domains' policies are in the table but hidden (class `x`) until the page's toggle shows them.
/// The template places each table's rows with `{{{rows}}}` of `matrixTables[]`.
enum HTMLMatrix {
    /// What the first table's `{{{rows}}}` renders to (`marker(0)`).
    static let rowsMarker = marker(0)
    /// What table `index`'s `{{{rows}}}` renders to; the page is cut there and the spooled rows put in its
    /// place. Escaped text can never contain it: escaping turns control characters into U+FFFD.
    static func marker(_ index: Int) -> String { "\u{1}conform:matrix-rows:\(index)\u{1}" }
    /// Up to this many traces the matrix is open when the page loads.
    static let openLimit = 50

    /// The key of a trace's domain in `FileOutcome.prepared`, next to its cells.
    static let domainKey = "html-domain"

    /// The domain a trace speaks, for the table it goes in: its first claimed policy's, else that of the
    /// first policy that can judge it, else "" (no loaded policy can).
    static func domain(of results: [PairResult], domains: [String: String]) -> String {
        if let claimed = results.first(where: \.claimed), let domain = domains[claimed.policy] { return domain }
        for pair in results where pair.verdict.kind != .inapplicable {
            if let domain = domains[pair.policy] { return domain }
        }
        return ""
    }

    /// One trace's row: its id, its claims' verdicts, and a cell per loaded policy, in the columns'
    /// order (`domains`, the policies' domains in that order, hide those not `domain`). The trace links
    /// to its details when the page shows them (`linked`).
    static func row(
        _ summary: TraceSummary, results: [PairResult], policyIDs: [String], domains: [String], domain: String, linked: Bool
    ) -> String {
        head(summary, linked: linked) + cells(summary, results: results, policyIDs: policyIDs, domains: domains, domain: domain)
    }

    /// The row's start, up to the trace's id: whether it links is known only in run order.
    static func head(_ summary: TraceSummary, linked: Bool) -> String {
        let id = Escaping.xml(summary.id)
        guard linked else { return "<tr><th>" + id }
        return "<tr><th><a href=\"#\(ReportModel.anchor(summary.file))\">\(id)</a>"
    }

    /// The rest of the row: the app under the id, the claims' verdicts in words (the column a phone
    /// shows without scrolling sideways), and a cell per policy, made on the thread that checked the trace.
    static func cells(_ summary: TraceSummary, results: [PairResult], policyIDs: [String], domains: [String], domain: String) -> String {
        // About what a row of short cells takes, so that it is not regrown.
        var row = ReportBytes(capacity: 96 + 32 * policyIDs.count)
        row.append("<span class=\"app\">")
        row.appendXML(summary.app ?? "(no app)")
        row.append("</span></th><td class=\"claims\">")
        // Read in place, by position: binding a pair copied it, every string retained, for each cell.
        results.withUnsafeBufferPointer { results in
            var claims = 0
            for index in results.indices where results[index].claimed {
                if claims > 0 { row.append("<br>") }
                row.append(claim(results[index]))
                claims += 1
            }
            row.append(claims == 0 ? "<span class=\"none\">no claim</span></td>" : "</td>")
            // Results come in the policies' order; a lookup only if they do not.
            let aligned = results.count == policyIDs.count && results.indices.allSatisfy { results[$0].policy == policyIDs[$0] }
            for index in policyIDs.indices {
                let other = index < domains.count && domains[index] != domain
                if aligned {
                    appendCell(results[index].outcome.verdict, claimed: results[index].claimed, other: other, to: &row)
                } else if let found = results.firstIndex(where: { $0.policy == policyIDs[index] }) {
                    appendCell(results[found].outcome.verdict, claimed: results[found].claimed, other: other, to: &row)
                } else {
                    row.append(other ? "<td class=\"x\"></td>" : "<td></td>")
                }
            }
        }
        row.append("</tr>\n")
        return row.string
    }

    /// A claim in the claims column: its verdict's mark, the policy, and where it departs.
    static func claim(_ pair: borrowing PairResult) -> String {
        let policy = Escaping.xml(pair.policy)
        switch pair.verdict {
        case .pass: return "<span class=\"p\">✓ \(policy)</span>"
        case .fail(let departure): return "<span class=\"f\">✗ \(policy), step \(departure.step)</span>"
        case .inapplicable: return "<span class=\"f\">✗ \(policy), cannot judge</span>"
        case .error: return "<span class=\"e\">! \(policy), not evaluated</span>"
        }
    }

    /// A cell as short as it can be read, since a page of 100,000 rows has a million of them: the
    /// column names the policy, the class gives the colour. A claim (`c`, outlined) is `p` pass ✓,
    /// `f` broken ✗ with the departing step, `e` not evaluable !; a policy the trace does not claim is
    /// information, muted (`u`): = agrees, ≠ differs at the step shown; `n` cannot judge. `x`: a policy
    /// of another domain than the table's, hidden until the toggle shows it.
    ///
    /// Appended to `row`: the fixed parts are literals, only a step number is made (interpolating each
    /// cell made a string of its own).
    static func appendCell(_ verdict: Verdict, claimed: Bool, other: Bool, to row: inout ReportBytes) {
        switch (verdict.kind, claimed) {
        case (.pass, true): row.append(other ? "<td class=\"p c x\">✓</td>" : "<td class=\"p c\">✓</td>")
        case (.fail, true): row.append(other ? "<td class=\"f c x\">✗ " : "<td class=\"f c\">✗ ")
        case (.inapplicable, true): row.append(other ? "<td class=\"f c x\">✗ n/a</td>" : "<td class=\"f c\">✗ n/a</td>")
        case (.error, true): row.append(other ? "<td class=\"e c x\">!</td>" : "<td class=\"e c\">!</td>")
        case (.pass, false): row.append(other ? "<td class=\"u x\">=</td>" : "<td class=\"u\">=</td>")
        case (.fail, false): row.append(other ? "<td class=\"u x\">≠ " : "<td class=\"u\">≠ ")
        case (.inapplicable, false): row.append(other ? "<td class=\"n x\">·</td>" : "<td class=\"n\">·</td>")
        case (.error, false): row.append(other ? "<td class=\"e x\">!</td>" : "<td class=\"e\">!</td>")
        }
        guard case .fail(let departure) = verdict else { return }
        row.append(number: departure.step)
        row.append("</td>")
    }

    /// The rendered page cut at the first table's marker, with the rows in its place (or the page as
    /// it is, for a template that shows no matrix).
    static func splice(_ page: String, rows: Spool) -> [OutputPart] {
        splice(page, tables: [rows])
    }

    /// The rendered page cut at each table's marker, in order, with that table's rows in its place; a
    /// marker the template does not place drops its rows.
    static func splice(_ page: String, tables: [Spool]) -> [OutputPart] {
        var page = page
        // The markers found in one pass over the page's bytes, the pieces then copied out of it once
        // (the page is megabytes when it shows hundreds of traces: copying what was left of it for each
        // table's search copied it again; a piece made from bytes would be checked as UTF-8 again).
        let found = page.withUTF8 { bytes in
            var cuts: [(table: Int, range: Range<Int>)] = []
            var rest = 0
            for index in tables.indices {
                let needle = Array(marker(index).utf8)
                guard let at = firstOffset(of: needle, in: bytes, from: rest) else { continue }
                cuts.append((index, at..<at + needle.count))
                rest = at + needle.count
            }
            return cuts
        }
        var parts: [OutputPart] = []
        var rest = page.utf8.startIndex
        for cut in found {
            // A marker is ASCII: the cuts fall between characters.
            let lower = page.utf8.index(page.utf8.startIndex, offsetBy: cut.range.lowerBound)
            parts.append(.text(String(page[rest..<lower])))
            parts.append(.spool(tables[cut.table]))
            rest = page.utf8.index(page.utf8.startIndex, offsetBy: cut.range.upperBound)
        }
        parts.append(.text(String(page[rest...])))
        return parts
    }

    /// Where `needle` first is in `bytes` at or after `start`: `memchr` to each candidate first byte
    /// (Foundation's `range(of:)` goes through UTF-16 and took a tenth of a second on a page of a few megabytes).
    static func firstOffset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, let base = bytes.baseAddress else { return nil }
        var start = start
        while start + needle.count <= bytes.count {
            guard let hit = memchr(base + start, Int32(first), bytes.count - start) else { return nil }
            let candidate = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            guard candidate + needle.count <= bytes.count else { return nil }
            if bytes[candidate..<candidate + needle.count].elementsEqual(needle) { return candidate }
            start = candidate + 1
        }
        return nil
    }
}
