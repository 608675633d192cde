import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

/// The HTML page's matrix as it fits a screen: a table per domain, the claims first, the other domains'
/// policies hidden behind a toggle; paths that wrap at `/`; the badge's count. Where each of these lies
/// in a real browser is scripts/browser-check.py's to check.
@Suite("Reports: the HTML matrix that fits a screen")
struct HTMLMatrixTests {
    @Test("a path wraps after each slash, escaped first: a <wbr> follows each separator and nothing else")
    func pathWraps() {
        #expect(Escaping.htmlPath("Traces/Calendar/cancel-asks.yaml") == "Traces/<wbr>Calendar/<wbr>cancel-asks.yaml")
        #expect(Escaping.htmlPath("a&b/<script>.yaml") == "a&amp;b/<wbr>&lt;script&gt;.yaml")
        #expect(Escaping.htmlPath("C:\\Traces\\x.yaml") == "C:\\<wbr>Traces\\<wbr>x.yaml")
        #expect(Escaping.htmlPath("plain.yaml") == "plain.yaml")
        #expect(Escaping.htmlPath("\u{1}/x") == "\u{FFFD}/<wbr>x", "a control character is replaced, never kept")
        // ASCII paths are walked by bytes, others by characters: a slash a combining mark joins is no separator.
        #expect(Escaping.htmlPath("Trac\u{E9}s/x.yaml") == "Trac\u{E9}s/<wbr>x.yaml")
        #expect(Escaping.htmlPath("a/\u{301}b/c") == "a/\u{301}b/<wbr>c")
    }

    @Test("the example corpus's matrix: a table per domain, each row's claims first, other domains' cells hidden (class x)")
    func tablesPerDomain() throws {
        let html = try render(.html, HTMLFirstScreenTests.corpus)
        let matrix = try #require(HTMLFirstScreenTests.section("matrix", of: html))
        let headings = matrix.components(separatedBy: "<h3 id=\"").dropFirst().map { $0.components(separatedBy: "</h3>")[0] }
        #expect(headings.count == 3, "\(headings)")
        #expect(headings.contains { $0.contains(">Traces speaking form <span class=\"count\">(") && $0.contains("; 7 form policies)") })
        #expect(headings.contains { $0.contains(">Traces speaking keyboard <span class=\"count\">(") })
        #expect(headings.contains { $0.contains(">Traces speaking disclosure <span class=\"count\">(") })
        #expect(matrix.contains("<input type=\"checkbox\" id=\"matrix-all\" class=\"toggle\"> <label for=\"matrix-all\""))
        // The form table: its header hides the keyboard and disclosure policies, and so does each row.
        let form = try #require(matrix.components(separatedBy: "<h3 id=\"").first { $0.contains("Traces speaking form") })
        #expect(
            form.contains(
                "<th scope=\"col\">Trace</th><th scope=\"col\">Claims</th><th scope=\"col\" class=\"pc\"><span>apple-calendar</span></th>"))
        #expect(form.contains("<th scope=\"col\" class=\"pc x\"><span>iq-keyboard-manager</span></th>"))
        #expect(form.contains("<th scope=\"col\" class=\"pc x\"><span>disclosure-always</span></th>"))
        #expect(headings.first?.contains("Traces speaking form") == true, "tables in the order of their domain's first policy")
        let row = try #require(form.components(separatedBy: "<tr><th>").dropFirst().first { $0.contains(">calendar-cancel-asks</a>") })
        #expect(row.contains("<span class=\"app\">Calendar</span></th><td class=\"claims\"><span class=\"p\">✓ apple-calendar</span></td>"))
        #expect(row.contains("<td class=\"p c\">✓</td>"), "the claim's own cell is outlined")
        let cells = row.components(separatedBy: "<td class=\"").dropFirst(2)
        #expect(cells.count == 11, "a cell per loaded policy")
        #expect(cells.filter { $0.hasPrefix("n x\">·") }.count == 4, "the keyboard and disclosure policies, hidden: \(row)")
        #expect(!cells.contains { $0.hasPrefix("n\">") }, "no form policy is shown as unable to judge a form trace")
    }

    @Test("each kind of cell, claimed or not, shown or hidden, is its short text")
    func cellTexts() {
        let departure = Departure(
            step: 12, position: TextPosition(line: 30, column: 5), state: "editing", message: "m", expected: .null, observed: .null)
        let error = Verdict.error(message: "e", step: 2, position: TextPosition(line: 1, column: 1))
        // (verdict, claimed, other domain, the cell)
        let expected: [(Verdict, Bool, Bool, String)] = [
            (.pass, false, false, "<td class=\"u\">=</td>"), (.pass, false, true, "<td class=\"u x\">=</td>"),
            (.pass, true, false, "<td class=\"p c\">✓</td>"), (.pass, true, true, "<td class=\"p c x\">✓</td>"),
            (.fail(departure), false, false, "<td class=\"u\">≠ 12</td>"), (.fail(departure), false, true, "<td class=\"u x\">≠ 12</td>"),
            (.fail(departure), true, false, "<td class=\"f c\">✗ 12</td>"), (.fail(departure), true, true, "<td class=\"f c x\">✗ 12</td>"),
            (.inapplicable(reason: "r"), false, false, "<td class=\"n\">·</td>"),
            (.inapplicable(reason: "r"), false, true, "<td class=\"n x\">·</td>"),
            (.inapplicable(reason: "r"), true, false, "<td class=\"f c\">✗ n/a</td>"),
            (.inapplicable(reason: "r"), true, true, "<td class=\"f c x\">✗ n/a</td>"),
            (error, false, false, "<td class=\"e\">!</td>"), (error, false, true, "<td class=\"e x\">!</td>"),
            (error, true, false, "<td class=\"e c\">!</td>"), (error, true, true, "<td class=\"e c x\">!</td>"),
        ]
        for (verdict, claimed, other, cell) in expected {
            var row = ReportBytes(capacity: 0)
            row.append("<tr>")
            HTMLMatrix.appendCell(verdict, claimed: claimed, other: other, to: &row)
            #expect(row.string == "<tr>" + cell, "\(verdict.kind) claimed: \(claimed) other: \(other)")
        }
    }

    @Test("the badge counts broken claims in words that agree; the verdict line links the same number")
    func badgeCounts() throws {
        var one = fixtureInput("basic")
        one.result.errors = []
        let html = try render(.html, one)
        #expect(html.contains("<span class=\"status fail\">1 claim broken</span>"))
        #expect(html.contains("<title>conform report: 1 claim broken</title>"))
        let failing = BrowserCorpora.failing()
        let page = try BrowserCorpora.html(failing.context, failing.outcomes)
        #expect(page.contains("<span class=\"status fail\">2 claims broken</span>"))
        #expect(page.contains("<a href=\"#broken\">2 broken</a>"))
        #expect(!page.contains("a claim is broken"))
    }

    @Test("N others is a <details> naming them, not a tooltip")
    func othersUnfold() throws {
        let html = try render(.html, HTMLFirstScreenTests.corpus)
        let apps = try #require(HTMLFirstScreenTests.section("apps", of: html))
        #expect(!apps.contains(" title=\""))
        #expect(
            apps.contains(
                "<details class=\"others differ\"><summary>5 others</summary>: apple-contacts, apple-reminders, makeitso, one-handed, swiftui-dismiss-disabled</details>"
            ))
    }

    @Test("a trace no loaded policy can judge gets a table of its own, every policy column hidden")
    func noDomain() {
        let summary = TraceSummary(id: "t", file: "x/t.yaml", app: nil, title: nil, claims: [], stepCount: 0, steps: [])
        #expect(HTMLMatrix.domain(of: [], domains: ["a": "form"]) == "")
        let row = HTMLMatrix.row(summary, results: [], policyIDs: ["a", "b"], domains: ["form", "keyboard"], domain: "", linked: false)
        #expect(
            row
                == "<tr><th>t<span class=\"app\">(no app)</span></th><td class=\"claims\"><span class=\"none\">no claim</span></td><td class=\"x\"></td><td class=\"x\"></td></tr>\n"
        )
    }
}
