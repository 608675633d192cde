import Foundation
import Testing

/// `evidence:` through the binary: a missing file warns and never changes the exit status.
@Suite("CLI: conform run with evidence, end to end")
struct EvidenceCommandTests {
    static func trace(_ claim: String) -> String {
        """
        conform: 1
        app: Demo
        policy: \(claim)
        steps:
          - see: { done: disabled }
            evidence: shots/4.png
          - swipe: down
          - see: { dismissed: true }
        """
    }

    @Test("a missing evidence file at a broken claim: one warning at the step, exit status 1 (not 2)")
    func missingOnFailingClaim() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace("makeitso"))
        let output = try BinaryRunner.run(["run", "t.yaml", "--report", "html,md,json", "--output", "out"], in: scratch.url)
        #expect(output.status == 1, "\(output.stdout)\(output.stderr)")
        let warning = "t.yaml:5:5: warning: evidence file 'shots/4.png' not found (step 1)\n"
        #expect(output.stdout.components(separatedBy: "warning:").count == 2, "exactly one warning")
        #expect(output.stdout.hasPrefix(warning))
        #expect(output.stdout.hasSuffix("1 trace, 11 policies: 0 of 1 claim hold, 1 failed, 1 warning\n"))
        let json = try Data(contentsOf: scratch.url.appendingPathComponent("out/conform-report.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((document["errors"] as? [Any])?.isEmpty == true)
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["line"] as? Int == 5)
    }

    @Test("the same with --format json: the warning is in the document, which is the report file's bytes")
    func missingInJSONOutput() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace("makeitso"))
        let output = try BinaryRunner.run(["run", "t.yaml", "--format", "json", "--report", "json", "--output", "out"], in: scratch.url)
        #expect(output.status == 1)
        #expect(output.stdout.contains("\"warnings\": [\n    {\n      \"file\": \"t.yaml\",\n      \"line\": 5,\n      \"column\": 5,"))
        let file = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.json"), encoding: .utf8)
        #expect(file == output.stdout)
    }

    @Test("claims that hold: the evidence is not even looked for, exit status 0")
    func holdingClaim() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace("one-handed"))
        let output = try BinaryRunner.run(["run", "t.yaml", "--report", "html", "--output", "out"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(!output.stdout.contains("warning"))
    }

    @Test("the HTML report embeds the screenshot it found beside the trace")
    func embeds() throws {
        let scratch = try Scratch()
        try scratch.write("Traces/t.yaml", Self.trace("makeitso"))
        let png = try Data(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent(
                "Tests/ConformReportsTests/Fixtures/evidence/shots/done (greyed).png"))
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("Traces/shots"), withIntermediateDirectories: true)
        try png.write(to: scratch.url.appendingPathComponent("Traces/shots/4.png"))
        let output = try BinaryRunner.run(["run", "Traces", "--report", "html,md", "--output", "out"], in: scratch.url)
        #expect(output.status == 1)
        #expect(!output.stdout.contains("warning"))
        let html = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.html"), encoding: .utf8)
        #expect(
            html.contains("<img src=\"data:image/png;base64,\(png.base64EncodedString())\" alt=\"Screenshot of step 1 of t: shots/4.png\">")
        )
        let markdown = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.md"), encoding: .utf8)
        #expect(markdown.contains("[screenshot](../Traces/shots/4.png)"))
        // As the system names the folder (macOS's /var is /private/var), as the working directory is named.
        let real = try #require(realpath(scratch.url.path, nil))
        defer { free(real) }
        let elsewhere = String(cString: real) + "/deep/reports"
        _ = try BinaryRunner.run(["run", "Traces", "--report", "md", "--output", elsewhere], in: scratch.url)
        let linked = try String(contentsOfFile: elsewhere + "/conform-report.md", encoding: .utf8)
        #expect(linked.contains("[screenshot](../../Traces/shots/4.png)"), "an absolute --output beside relative traces")
    }
}
