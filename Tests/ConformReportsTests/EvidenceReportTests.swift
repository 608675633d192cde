import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

/// The evidence fixtures as `conform run Tests/ConformReportsTests/Fixtures/evidence --output conform-report` sees them.
func evidenceInput() -> ReportInput {
    var input = fixtureInput("evidence")
    input.reportDirectory = "conform-report"
    return input
}

@Suite("Reports: Evidence in the reports")
struct EvidenceReportTests {
    static let fixtures = "Tests/ConformReportsTests/Fixtures/evidence"

    @Test("each format renders the evidence fixtures as reviewed", arguments: ReportFormat.files)
    func golden(format: ReportFormat) throws {
        try assertGolden(try render(format, evidenceInput()), named: "evidence." + (format.fileName ?? ""))
    }

    @Test("HTML: the departure's screenshot is embedded beside the step table, with an alt naming step and file")
    func htmlEmbeds() throws {
        let html = try render(.html, evidenceInput())
        let png = try Data(contentsOf: packageRoot.appendingPathComponent(Self.fixtures + "/shots/done (greyed).png"))
        #expect(
            html.contains(
                "<img src=\"data:image/png;base64,\(png.base64EncodedString())\" alt=\"Screenshot of step 1 of departs: shots/done (greyed).png\">"
            ))
        #expect(html.components(separatedBy: "<img ").count == 2, "one image: only departures of broken claims")
        #expect(!html.contains("not-at-a-departure"))
        #expect(html.contains("<code class=\"path\">notes.txt</code> (not an image, so not embedded)"), "another file is named, not linked")
        #expect(html.contains("departs: <code class=\"path\">shots/<wbr>done (greyed).png</code>"), "a path wraps after its slash")
        #expect(!html.contains("href=\"notes.txt"))
    }

    @Test("Markdown: the departing step links to the screenshot, from the report's folder, escaped for a link")
    func markdownLinks() throws {
        let markdown = try render(.md, evidenceInput())
        #expect(markdown.contains("**➜ see done: disabled** · [screenshot](../\(Self.fixtures)/shots/done%20%28greyed%29.png) |"))
        #expect(markdown.contains("· [evidence](../\(Self.fixtures)/notes.txt) |"))
        #expect(!markdown.contains("not-at-a-departure"))
    }

    @Test("Markdown: without the report's folder, the link is the path as written, and says from where")
    func markdownWithoutFolder() throws {
        let markdown = try render(.md, fixtureInput("evidence"))
        #expect(markdown.contains("[screenshot](shots/done%20%28greyed%29.png) (relative to \(Self.fixtures)/departs.yaml) |"))
    }

    @Test("a missing evidence file is one warning at its step, listed in every report that lists problems")
    func missingIsAWarning() throws {
        let input = evidenceInput()
        #expect(input.result.errors.isEmpty)
        #expect(
            input.result.warnings.map(\.formatted) == [
                "\(Self.fixtures)/missing.yaml:7:5: warning: evidence file 'shots/4.png' not found (step 1)"
            ])
        #expect(input.result.exitStatus == 1)
        #expect(
            try render(.html, input).contains(
                "<li><code>\(Self.fixtures)/missing.yaml:7:5</code>: evidence file &#39;shots/4.png&#39; not found (step 1)</li>"))
        #expect(
            try render(.md, input).contains(
                "## Warnings\n\n- \(Self.fixtures)/missing.yaml:7:5: evidence file 'shots/4.png' not found (step 1)\n"))
        let json = try render(.json, input)
        #expect(json.contains("\"warnings\": [\n    {\n      \"file\": \"\(Self.fixtures)/missing.yaml\",\n      \"line\": 7,"))
    }

    @Test("--github: a warning is a ::warning annotation at the step, after the errors")
    func githubWarning() {
        let lines = GitHubOutput.annotations(evidenceInput().result)
        #expect(
            lines.filter { $0.hasPrefix("::warning ") } == [
                "::warning file=\(Self.fixtures)/missing.yaml,line=7,col=5,title=conform%3A warning::evidence file 'shots/4.png' not found (step 1)"
            ])
        #expect(lines.last?.hasPrefix("::warning ") == true)
    }

    @Test("a hostile evidence path is escaped: no markup in the alt text or caption, no way out of the link")
    func hostilePath() throws {
        var input = evidenceInput()
        let hostile = "\"><script>alert(1)</script>|) [x](javascript:alert(1)).png"
        for index in input.result.results.indices where input.result.results[index].departureEvidence != nil {
            input.result.results[index].departureEvidence?.path = hostile
            input.result.results[index].departureEvidence?.resolved = "//evil.example/" + hostile
        }
        let html = try render(.html, input)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("alt=\"Screenshot of step 1 of departs: &quot;&gt;&lt;script&gt;"))
        let markdown = try render(.md, input)
        #expect(!markdown.contains("(javascript:"))
        #expect(!markdown.contains("//evil"))
        #expect(
            markdown.contains(
                "[screenshot](/evil.example/%22%3E%3Cscript%3Ealert%281%29%3C/script%3E%7C%29%20%5Bx%5D%28javascript%3Aalert%281%29%29.png)"
            ))
    }

    @Test(
        "a path from the report's folder is worked out from the text alone",
        arguments: [
            ("Traces/a/shots/1.png", "conform-report", "../Traces/a/shots/1.png"),
            ("Traces/a/../b/1.png", "./out/reports/", "../../Traces/b/1.png"),
            ("shots/1.png", ".", "shots/1.png"),
            ("../shots/1.png", "../out", "../shots/1.png"),
            ("/work/t/shots/1.png", "/work/out", "../t/shots/1.png"),
            ("/work/t/1.png", "/work/t", "1.png"),
        ])
    func relativePath(_ target: String, _ folder: String, _ expected: String) {
        #expect(RelativePath.path(to: target, from: folder) == expected)
    }

    @Test(
        "where the text cannot tell, no path is made up",
        arguments: [("shots/1.png", "/tmp/out"), ("/t/1.png", "out"), ("shots/1.png", "../out")])
    func noRelativePath(_ target: String, _ folder: String) {
        #expect(RelativePath.path(to: target, from: folder) == nil)
    }

    @Test(
        "the working directory joins an absolute and a relative path",
        arguments: [
            ("shots/1.png", "/tmp/out", "../../work/repo/shots/1.png"), ("/work/t/1.png", "out", "../../t/1.png"),
            ("a/1.png", "../out", "../repo/a/1.png"),
        ])
    func withWorkingDirectory(_ target: String, _ folder: String, _ expected: String) {
        #expect(RelativePath.path(to: target, from: folder, workingDirectory: "/work/repo") == expected)
    }
}
