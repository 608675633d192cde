import Foundation
import Testing

/// `conform history` through the binary: exit statuses, what each stream carries, and that the page is
/// written whole. What the page shows is tested in-process (Reports: History of real runs).
@Suite("CLI: conform history")
struct HistoryCommandTests {
    /// A folder for one test's run documents and page.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-history-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("runs"), withIntermediateDirectories: true)
        return folder
    }

    @Test(
        "A page from run documents (exit 0); files that are not run documents are named and the page still written (exit 2); no document, no page (exit 2)"
    )
    func exitStatuses() throws {
        let folder = try Self.folder()
        let runs = folder.appendingPathComponent("runs")
        let first = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json"])
        try first.stdout.write(to: runs.appendingPathComponent("run-1.json"), atomically: true, encoding: .utf8)
        let second = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json", "--recorded-at", "2026-11-26T10:00:00Z"])
        try second.stdout.write(to: runs.appendingPathComponent("run-2.json"), atomically: true, encoding: .utf8)

        let page = folder.appendingPathComponent("out/history.html").path
        let good = try BinaryRunner.run(["history", runs.path, "--output", page])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.isEmpty)
        #expect(good.stderr == "conform: wrote \(page): 2 runs, every claim holds in the latest run\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<td><code class=\"path\">run-2.json</code></td><td>2026-11-26 10:00:00 UTC</td><td>0.1.0</td>"))

        try "{\"conform\": 2, \"results\": []}".write(to: runs.appendingPathComponent("later.json"), atomically: true, encoding: .utf8)
        let bad = try BinaryRunner.run(["history", runs.path, "--output", page])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix(
                "\(runs.path)/later.json:1:13: error: a run document of format version 2, and this conform reads format version 1\n"))
        #expect(bad.stderr.hasSuffix("conform: wrote \(page): 2 runs, every claim holds in the latest run\n"))
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("<h2>Files not read</h2>"))

        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try BinaryRunner.run(["history", empty.path, "--output", folder.appendingPathComponent("none.html").path])
        #expect(none.status == 2)
        #expect(none.stderr == "\(empty.path): error: no run document (.json file) in this folder\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.html").path))
        // Only the page: no temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path) == ["history.html"])

        let usage = try BinaryRunner.run(["history", runs.path])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("Missing expected argument '--output <FILE.html>'"))
    }
}
