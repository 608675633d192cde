import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

/// Four real runs of the traces in Fixtures/history/run-N/Traces, written as run documents into a
/// folder as CI would keep them: the claim `swipe` breaks at the second run and stays broken; `fixed`
/// is broken in the first two and holds from the third; the app `Notes` is called `Jottings` from the
/// third. The first two record no time (and are named so that only numbers by value order them); the
/// last two do, in the other order than their names. Beside them, two files that are not run documents.
enum HistoryRealRuns {
    /// The documents' names and the runs they come from, with the time each records.
    static let documents: [(name: String, run: Int, recordedAt: String?)] = [
        ("ci/run-9.json", 1, nil), ("ci/run-10.json", 2, nil), ("b-early.json", 3, "2026-11-26T11:00:00Z"),
        ("a-late.json", 4, "2026-11-26T12:00:00Z"),
    ]

    /// The folder of documents, made once.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-history-runs-\(UUID().uuidString)")
        for document in documents {
            let json = (try? ReportFormat.json.render(input(run: document.run, recordedAt: document.recordedAt))) ?? ""
            try? AtomicFile.write(json, to: folder.appendingPathComponent(document.name).path)
        }
        try? AtomicFile.write("{\"hello\": 1}\n", to: folder.appendingPathComponent("notes.json").path)
        try? AtomicFile.write("{\"conform\": 1, \"results\": [\n", to: folder.appendingPathComponent("ci/cut.json").path)
        try? AtomicFile.write("not looked at\n", to: folder.appendingPathComponent("README.md").path)
        return folder
    }()

    /// Run `number`'s traces, checked as `conform run Traces` in its folder would: files named `Traces/…`
    /// in every run, so that a claim is the same claim from run to run.
    static func input(run number: Int, recordedAt: String?) -> ReportInput {
        let library = PolicyLibrary.builtIn()
        let root = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Fixtures/history/run-\(number)").path + "/"
        var result = ConformRunner(library: library).run(.init(paths: [root + "Traces"], keepSteps: true))
        func relative(_ path: String) -> String { path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path }
        for index in result.results.indices { result.results[index].file = relative(result.results[index].file) }
        for index in result.traces.indices { result.traces[index].file = relative(result.traces[index].file) }
        result.lineLengths = result.lineLengths.renamingFiles(relative)
        return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test", recordedAt: recordedAt))
    }

    /// The folder read, its problems named by their path below it (as `conform history DIR` with a relative DIR names them).
    static func read() -> (runs: [HistoryRun], problems: [Diagnostic]) {
        var (runs, problems) = HistoryFolder.read(folder.path)
        let prefix = folder.path + "/"
        for index in problems.indices where problems[index].location.file.hasPrefix(prefix) {
            problems[index].location.file = "history/" + problems[index].location.file.dropFirst(prefix.count)
        }
        return (runs, problems)
    }

    static func page() -> String {
        let (runs, problems) = read()
        return HistoryPage(history: RunHistory(runs), problems: problems, version: "0.0.0-test").html()
    }
}

@Suite("Reports: History of real runs")
struct HistoryRealRunsTests {
    @Test("Runs without a recorded time come first by file name, numbers by value; the others by their time")
    func order() {
        let history = RunHistory(HistoryRealRuns.read().runs)
        #expect(history.runs.map(\.name) == ["ci/run-9.json", "ci/run-10.json", "b-early.json", "a-late.json"])
        #expect(history.runs.map(\.recordedAt?.description) == [nil, nil, "2026-11-26T11:00:00Z", "2026-11-26T12:00:00Z"])
        #expect(history.runs.map(\.version) == ["0.0.0-test", "0.0.0-test", "0.0.0-test", "0.0.0-test"])
        #expect(history.runs.map(\.counts.claimsBroken) == [1, 2, 1, 1])
        #expect(history.runs.map(\.counts.traces) == [3, 3, 3, 3])
    }

    @Test("The claim broken at run 2 is broken since run 2; the one fixed at run 3 is listed as fixed")
    func streaks() throws {
        let history = RunHistory(HistoryRealRuns.read().runs)
        let broken = try #require(history.brokenNow.first)
        #expect(history.brokenNow.count == 1)
        #expect(broken.claim.trace == "swipe" && broken.claim.file == "Traces/swipe.yaml" && broken.claim.policy == "one-handed")
        #expect(broken.since == 1)
        #expect(broken.claim.step == 4 && broken.claim.line == 11)
        #expect(broken.claim.message == "expected saved: true, saw saved: false")
        #expect(history.fixed.map(\.claim.trace) == ["fixed"])
        #expect(history.fixed.first.map { [$0.since, $0.lastBroken] } == [2, 1])
    }

    @Test("The renamed app keeps its history under its new name")
    func renamed() {
        let history = RunHistory(HistoryRealRuns.read().runs)
        #expect(history.apps.map(\.name) == ["Demo", "Jottings"])
        #expect(history.apps[1].formerNames == [RunHistory.FormerName(name: "Notes", runs: 0...1)])
        #expect(history.apps[1].policies.map(\.policy) == ["one-handed"])
        #expect(history.apps[1].policies[0].cells.map { $0?.outcome } == [.holds, .holds, .holds, .holds])
        // Demo's one-handed claims: `fixed` broke in runs 1-2, `swipe` from run 2.
        #expect(history.apps[0].policies[0].cells.map { $0?.held } == [1, 0, 1, 1])
    }

    @Test("Files that are not run documents are named with their reason; other files are not looked at")
    func problems() {
        let problems = HistoryRealRuns.read().problems.map(\.formatted)
        #expect(
            problems == [
                "history/ci/cut.json:2:1: error: not a conform run document: the file is not JSON (expected ',' or ']', but the text ends)",
                "history/notes.json: error: not a conform run document: the file is JSON, but not a run's document (no \"conform\" and \"results\" members; conform run --format json writes one)",
            ])
    }

    @Test("The page of the four runs is the golden file, and says which order it used for which files")
    func golden() throws {
        let page = HistoryRealRuns.page()
        #expect(
            page.contains(
                "<p class=\"note\" id=\"order\">2 runs without a recorded time first, in file name order (<bdi>ci/run-9.json</bdi>, <bdi>ci/run-10.json</bdi>); then 2 runs in order of their recorded time (recordedAt).</p>"
            ))
        #expect(page.contains("<span class=\"status fail\">1 claim broken in the latest run</span>"))
        #expect(
            page.contains(
                "<p class=\"note\">Called <strong>Notes</strong> in runs 1–2: the same trace files, so its history continues here.</p>"))
        #expect(
            page.contains("<span class=\"v-broken\">broken since run 1 (4 runs)</span>"), "Demo's one-handed: some claim broke in every run"
        )
        #expect(page.contains("<span class=\"v-holds\">holds in every run</span>"))
        #expect(page.contains("<desc id=\"counts-held-d\">run 1: 2, run 2: 1, run 3: 2, run 4: 2</desc>"))
        #expect(page == HistoryRealRuns.page(), "the same documents, the same bytes")
        try assertGolden(page, named: "history.html")
    }

    @Test("One shard's document and a recordedAt that is no time are refused; a time with a zone is read in UTC")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-history-refusals-\(UUID().uuidString)")
        let json = try ReportFormat.json.render(HistoryRealRuns.input(run: 1, recordedAt: "2026-11-26T10:00:00Z"))
        let header = "\"recordedAt\": \"2026-11-26T10:00:00Z\","
        #expect(json.contains(header))
        try AtomicFile.write(
            json.replacingOccurrences(of: header, with: "\"recordedAt\": \"2026-11-26T11:30:00.25+01:00\","),
            to: folder.path + "/zoned.json")
        try AtomicFile.write(json.replacingOccurrences(of: header, with: "\"recordedAt\": \"yesterday\","), to: folder.path + "/vague.json")
        try AtomicFile.write(
            json.replacingOccurrences(of: header, with: header + " \"shard\": {\"index\": 2, \"count\": 4},"),
            to: folder.path + "/shard.json")
        let (runs, problems) = HistoryFolder.read(folder.path)
        #expect(runs.map(\.recordedAt?.description) == ["2026-11-26T10:30:00Z"])
        #expect(
            problems.map(\.formatted) == [
                "\(folder.path)/shard.json: error: one shard's document (--shard 2/4), not a whole run: give the document conform merge writes",
                "\(folder.path)/vague.json:4:17: error: recordedAt 'yesterday' is not a time conform reads: it is not a time written "
                    + "YYYY-MM-DDTHH:MM:SS and a zone (\(Timestamp.form))",
            ])
    }

    @Test("A folder that is not there, or a file given as the folder, is a problem and no run")
    func noFolder() {
        let missing = HistoryFolder.read("/nonexistent/history")
        #expect(missing.runs.isEmpty && missing.problems.map(\.formatted) == ["/nonexistent/history: error: no such folder"])
        let file = packageRoot.appendingPathComponent("Package.swift").path
        #expect(
            HistoryFolder.read(file).problems.map(\.formatted) == [
                "\(file): error: not a folder: give the folder that holds the run documents"
            ])
    }
}
