import Foundation
import Testing

/// Reports of a run larger than what they show in full: every trace still has its matrix row and test
/// case, every broken claim its SARIF result; steps are shown for the first 500 failing and 100 passing
/// traces; the Markdown stays within GitHub's limit. (The sizes are `Retention`'s.)
@Suite("CLI: Reports of a large run")
struct LargeRunReportTests {
    static let passing = 700
    static let failing = 520

    static func corpus() throws -> Scratch {
        let scratch = try Scratch()
        for index in 0..<passing {
            try scratch.write(
                "traces/pass-\(index).yaml",
                RunCommandTests.conforming.replacingOccurrences(of: "conform: 1", with: "conform: 1\ntrace: pass-\(index)"))
        }
        for index in 0..<failing {
            try scratch.write(
                "traces/fail-\(index).yaml",
                RunCommandTests.departing.replacingOccurrences(of: "conform: 1", with: "conform: 1\ntrace: fail-\(index)"))
        }
        return scratch
    }

    /// One corpus, run twice: the second run also proves the bytes do not depend on which core finished first.
    @Test(
        "every trace has its row, every claim its test case and every broken claim its SARIF result; details are capped; the same bytes every run"
    )
    func everythingCounted() throws {
        let scratch = try Self.corpus()
        let output = try BinaryRunner.run(["run", "traces", "--report", "all", "--output", "out"], in: scratch.url)
        #expect(output.status == 1, "\(output.stderr)")
        let again = try BinaryRunner.run(["run", "traces", "--report", "all", "--output", "again"], in: scratch.url)
        #expect(again.stdout == output.stdout)
        for name in ["conform-report.md", "conform-report.html", "conform-junit.xml", "conform-report.json", "conform.sarif"] {
            let first = try Data(contentsOf: scratch.url.appendingPathComponent("out/\(name)"))
            let second = try Data(contentsOf: scratch.url.appendingPathComponent("again/\(name)"))
            #expect(first == second, "\(name)")
        }
        let total = Self.passing + Self.failing
        let html = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<tr><th>").count - 1 == total)
        #expect(html.components(separatedBy: "<details class=\"trace failing\"").count - 1 == 500)
        // The first 20 failing traces are open as the page loads, the rest folded (`ReportModel.openFailing`).
        #expect(html.components(separatedBy: "\" open>\n<summary>✗ ").count - 1 == 20)
        #expect(html.components(separatedBy: "<details class=\"trace\"").count - 1 == 100)
        #expect(html.contains("Steps and diagrams are shown for 600 of \(total) traces (failing ones first)"))
        #expect(html.contains("<details class=\"matrix\">"), "a large matrix starts folded")
        // The broken-claims table lists them all (under its limit of 1,000), before the traces.
        #expect(html.components(separatedBy: "<td data-label=\"policy\">makeitso</td>").count - 1 == Self.failing)
        let broken = try #require(html.range(of: "<section id=\"broken\">"))
        let matrix = try #require(html.range(of: "<section id=\"matrix\">"))
        #expect(broken.lowerBound < matrix.lowerBound)

        let junit = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-junit.xml"), encoding: .utf8)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == total)
        #expect(junit.contains("<testsuite name=\"makeitso\" tests=\"\(Self.failing)\" failures=\"\(Self.failing)\" errors=\"0\""))

        let sarif = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("out/conform.sarif")))
        let results = ((sarif as? [String: Any])?["runs"] as? [[String: Any]])?.first?["results"] as? [Any]
        #expect(results?.count == Self.failing)

        let markdown = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.md"), encoding: .utf8)
        #expect(markdown.count <= 65_536)
        #expect(markdown.contains("> **Shortened:**"))
        #expect(markdown.contains("\(Self.failing) broken"))
    }
}
