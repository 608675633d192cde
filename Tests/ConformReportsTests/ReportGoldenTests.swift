import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

@Suite("Reports: Report files: goldens and determinism")
struct ReportGoldenTests {
    @Test("each format renders the basic fixtures as reviewed", arguments: ReportFormat.files)
    func golden(format: ReportFormat) throws {
        let text = try render(format, fixtureInput("basic"))
        try assertGolden(text, named: "basic." + (format.fileName ?? ""))
    }

    @Test("same input, same bytes", arguments: ReportFormat.files)
    func deterministic(format: ReportFormat) throws {
        #expect(try render(format, fixtureInput("basic")) == (try render(format, fixtureInput("basic"))))
    }

    @Test("the JSON report, written result by result, is the document built whole", arguments: ["basic", "evidence"])
    func jsonStreamed(fixture: String) throws {
        let input = fixture == "basic" ? fixtureInput("basic") : evidenceInput()
        let whole = input.result.jsonDocument(context: input.context).serialized(pretty: true) + "\n"
        #expect(try render(.json, input) == whole)
    }

    @Test("a time appears only when asked for")
    func noTimeUnlessAsked() throws {
        var input = fixtureInput("basic")
        for format in ReportFormat.files { #expect(!(try render(format, input)).contains("2026")) }
        input.generatedAt = "2026-01-02T03:04:05Z"
        #expect(try render(.html, input).contains("generated 2026-01-02T03:04:05Z"))
        #expect(try render(.junit, input).contains("timestamp=\"2026-01-02T03:04:05Z\""))
    }

    @Test("files are written whole, by rename, and nothing else in the folder is touched")
    func atomicWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-writer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "keep me".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        try ReportWriter.write("first", named: "r.md", in: folder.path)
        try ReportWriter.write("second", named: "r.md", in: folder.path)
        #expect(try String(contentsOf: folder.appendingPathComponent("r.md"), encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["notes.txt", "r.md"])
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "keep me")
    }

    @Test("an unwritable folder is a located error, not a crash")
    func unwritable() {
        #expect(throws: Diagnostic.self) { try ReportWriter.write("x", named: "r.md", in: "/proc/conform-cannot-write-here") }
    }
}

@Suite("Reports: Markdown size limits")
struct MarkdownLimitTests {
    @Test("a report past GitHub's comment limit is shortened, with a visible note")
    func shortened() throws {
        var input = fixtureInput("basic")
        let template = input.result.traces[0]
        let pairs = input.result.results.filter { $0.file == template.file }
        for index in 0..<3000 {
            var trace = template
            trace.file = "Traces/generated/trace-\(index).yaml"
            trace.id = "generated-\(index)"
            input.result.traces.append(trace)
            input.result.results += pairs.map { pair in
                var copy = pair
                copy.file = trace.file
                copy.trace = trace.id
                return copy
            }
        }
        input.result.traceCount = input.result.traces.count
        let markdown = try render(.md, input)
        #expect(markdown.count <= MarkdownReport.characterLimit)
        #expect(markdown.contains("**Shortened:**"))
        #expect(markdown.contains("traces are not listed in the matrix"))
    }

    @Test("a size is skipped only when its broken claims alone take more than the limit: the bound never exceeds the rendered report")
    func boundBelowRendered() throws {
        let input = Self.manyTraces(3000)
        let digest = RunDigest(context: input.context)
        for outcome in input.result.outcomes { digest.add(outcome) }
        let facts = digest.facts(ending: RunEnding(coverage: nil, lineLengths: input.lineLengths, baseline: nil))
        let templates = try ReportTemplates.builtIn()
        #expect(MarkdownReport.departureTextCharactersAtLeast(facts, limit: 25) > 0, "the departures' text is counted")
        for limit in [400, 100, 25, 5] {
            var model = ReportModel(facts: facts, context: input.context, detailLimit: limit, rowLimit: limit * 4)
            model.builtInTemplate = true
            let rendered = try templates.renderMarkdown(model.context(diagrams: false)).count
            #expect(MarkdownReport.brokenClaimCharactersAtLeast(facts, limit: limit) <= rendered, "at \(limit)")
        }
        #expect(MarkdownReport.printableASCIICount("a|b\r\n") == 3)
        #expect(MarkdownReport.printableASCIICount("e\u{301}x") == 0, "a combining mark may join its neighbour")
    }

    /// The basic fixtures' first trace, `count` times more under other names.
    static func manyTraces(_ count: Int) -> ReportInput {
        var input = fixtureInput("basic")
        let template = input.result.traces[0]
        let pairs = input.result.results.filter { $0.file == template.file }
        for index in 0..<count {
            var trace = template
            trace.file = "Traces/generated/trace-\(index).yaml"
            trace.id = "generated-\(index)"
            input.result.traces.append(trace)
            input.result.results += pairs.map { pair in
                var copy = pair
                copy.file = trace.file
                copy.trace = trace.id
                return copy
            }
        }
        input.result.traceCount = input.result.traces.count
        return input
    }
}
