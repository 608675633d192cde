import ConformCore
import Foundation
import Testing

@testable import ConformReports

@Suite("Reports: History page")
struct HistoryPageTests {
    typealias F = HistoryFixtures

    static func page(_ runs: [HistoryRun], problems: [Diagnostic] = []) -> String {
        HistoryPage(history: RunHistory(runs), problems: problems, version: "0.0.0-test").html()
    }

    @Test("The same runs in any order give the same bytes")
    func deterministic() {
        let runs = F.large(runs: 12, apps: 3)
        #expect(Self.page(runs) == Self.page(runs.reversed()))
        #expect(Self.page(runs) == Self.page(runs.shuffled()))
    }

    @Test("Every chart is an image with a title and a description that say its runs in words")
    func accessibleCharts() throws {
        let html = Self.page([
            F.run("r1.json", [F.claim("a", "makeitso", .holds)]),
            F.run("r2.json", [F.claim("a", "makeitso", .broken)]),
        ])
        #expect(html.components(separatedBy: "<svg ").count - 1 == 5, "one strip and four count charts")
        #expect(
            html.contains(
                "<svg class=\"strip\" id=\"chart-1\" role=\"img\" aria-labelledby=\"chart-1-t chart-1-d\" viewBox=\"0 0 20 40\""))
        #expect(html.contains("<title id=\"chart-1-t\">Demo claiming makeitso, runs 1–2</title>"))
        #expect(html.contains("<desc id=\"chart-1-d\">holds in run 1; broken in run 2</desc>"))
        #expect(
            html.contains(
                "<rect class=\"holds\" x=\"1\" y=\"20\" width=\"8\" height=\"20\"><title>run 1 (r1.json): holds, 1 of 1 claim holds</title></rect>"
            ))
        #expect(
            html.contains(
                "<rect class=\"broken\" x=\"11\" y=\"0\" width=\"8\" height=\"40\"><title>run 2 (r2.json): broken, 0 of 1 claim hold</title></rect>"
            ))
        #expect(html.contains("<desc id=\"counts-broken-d\">run 1: 0, run 2: 1</desc>"))
        #expect(html.contains("<span class=\"v-broken\">broken since run 2 (1 run)</span>"))
    }

    @Test("Text from run documents is escaped wherever it lands, in the page and in its charts")
    func escaped() {
        let hostile = "<script>alert('x')</script>&"
        let html = Self.page(
            [F.run("<b>.json", at: "2026-11-26T10:00:00Z", [F.claim(hostile, hostile, .broken, app: hostile, file: hostile)])],
            problems: [Diagnostic(.error, "not a conform run document: \(hostile)", at: SourceLocation(file: "<i>.json", position: nil))])
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"))
        #expect(html.contains("<title id=\"chart-1-t\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp; claiming"))
    }

    @Test("The page forbids every load and needs no script")
    func selfContained() {
        let html = Self.page([F.run("r1.json", [F.claim("a", "p", .holds)])])
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"))
        #expect(!html.contains("<script") && !html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("every claim holds in the latest run") == false)
        #expect(html.contains("<span class=\"status pass\">the claim holds in the latest run</span>"))
    }

    @Test("The history page uses the HTML report's colours, light and dark")
    func palette() throws {
        let template = try String(
            contentsOf: packageRoot.appendingPathComponent("report-templates/html-style.mustache"), encoding: .utf8)
        #expect(template.contains(HistoryStyle.palette))
    }

    @Test("Past 200 runs the charts draw the latest 200 and say so; 'since' still counts from the first")
    func capped() {
        let runs = (0..<250).map { index in
            F.run("run-\(index + 1).json", [F.claim("a", "p", index < 20 ? .holds : .broken)])
        }
        let html = Self.page(runs)
        #expect(html.contains("the charts show the latest 200 of 250 runs (runs 51–250)"))
        #expect(html.contains("viewBox=\"0 0 2000 40\""))
        #expect(html.components(separatedBy: "<rect class=\"broken\"").count - 1 == 200)
        #expect(html.contains("<span class=\"v-broken\">broken since run 21 (230 runs)</span>"))
        #expect(html.contains("<strong>run 21</strong> <span class=\"count\">(run-21.json; 230 runs)</span>"))
        #expect(html.contains("<details><summary>250 runs, oldest first</summary>"), "a long runs table starts folded")
    }

    @Test("A history whose runs claim nothing says so, and has no strip")
    func noClaims() {
        let html = Self.page([F.run("r1.json", [])])
        #expect(html.contains("<span class=\"status none\">no claim in the latest run</span>"))
        #expect(html.contains("<p>No run has a claim: no trace claims a policy.</p>"))
        #expect(!html.contains("class=\"strip\""))
    }

    @Test("A latest run whose only failures are baselined has no claim broken, but does not say that every claim holds")
    func baselined() {
        var latest = F.run("r2.json", [F.claim("a", "p", .baselined), F.claim("b", "p", .holds)])
        latest.counts.errors = 2
        let html = Self.page([F.run("r1.json", [F.claim("a", "p", .broken), F.claim("b", "p", .holds)]), latest])
        #expect(html.contains("<span class=\"status pass\">no claim broken in the latest run</span>"))
        #expect(html.contains(" · 1 claim baselined · 2 input problems in the latest run</p>"))
        #expect(!html.contains("id=\"broken\"") && !html.contains("id=\"fixed\""), "a baselined claim is neither broken nor fixed")
        #expect(html.contains("<span class=\"v-baselined\">baselined; not holding since run 1 (2 runs)</span>"))
    }
}
