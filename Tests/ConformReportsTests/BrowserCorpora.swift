import ConformCore
import ConformKit
import Foundation

@testable import ConformReports

/// The HTML reports `scripts/browser-check.py` opens in Chromium: a failing corpus, and one of 10,000
/// traces made in-process from it (checking 10,000 files would take the test a minute).
enum BrowserCorpora {
    /// The example corpus with a trace that breaks a claim and one full of hostile strings (long ids).
    static func failing() -> (context: RunContext, outcomes: [FileOutcome]) {
        let library = PolicyLibrary.builtIn()
        let fixtures = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Fixtures")
        let paths = [
            packageRoot.appendingPathComponent("Traces").path, fixtures.appendingPathComponent("basic/breaks.yaml").path,
            fixtures.appendingPathComponent("hostile").path,
        ]
        var outcomes: [FileOutcome] = []
        _ = ConformRunner(library: library).run(.init(paths: paths, keepSteps: true, recordPaths: true)) { outcomes.append($0) }
        return (RunContext(policies: library.policies, version: "0.0.0-test"), outcomes)
    }

    /// The HTML page of `outcomes`, fed to the renderer as a run feeds it.
    static func html(_ context: RunContext, _ outcomes: some Sequence<FileOutcome>) throws -> String {
        var renderer = ReportFormat.html.renderer(context: context)
        var text = renderer.begin()
        for outcome in outcomes { text += renderer.add(outcome) }
        return text + (try renderer.finishInParts(RunEnding()).joined())
    }

    /// `count` traces: copies of the failing corpus's, each copy's ids and files made distinct.
    static func copies(of outcomes: [FileOutcome], count: Int) -> [FileOutcome] {
        let traces = outcomes.filter { $0.summary != nil }
        var made: [FileOutcome] = []
        made.reserveCapacity(count)
        for index in 0..<count {
            let copy = index / traces.count
            var outcome = traces[index % traces.count]
            guard let summary = outcome.summary else { continue }
            let id = "copy-\(copy)-\(summary.id)"
            let file = "copies/\(copy)/\(summary.file)"
            outcome.summary?.id = id
            outcome.summary?.file = file
            for pair in outcome.results.indices {
                outcome.results[pair].trace = id
                outcome.results[pair].file = file
            }
            for warning in outcome.warnings.indices { outcome.warnings[warning].location.file = file }
            // The matrix row made on the checking thread names the original trace: the renderer makes it again.
            outcome.prepared = [:]
            made.append(outcome)
        }
        return made
    }
}
