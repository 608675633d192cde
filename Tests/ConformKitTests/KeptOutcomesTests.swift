import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// `ConformRunner.Options.keepsOutcomes` off (the command line's setting) skips copying each trace's
/// tables to their size; what the run hands over must be the same, departures and all.
@Suite("Kit: outcomes not kept as they are")
struct KeptOutcomesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("a run that does not keep its outcomes hands over the same results, failing pairs' departures included")
    func sameResults() {
        let paths = ["Traces", "Examples"].map { Self.packageRoot.appendingPathComponent($0).path }
        let results = { (keeps: Bool) -> [String] in
            var options = ConformRunner.Options(paths: paths)
            options.keepsOutcomes = keeps
            options.jobs = 2
            var described: [String] = []
            _ = ConformRunner(library: builtIns).run(options) { outcome in
                described += outcome.results.map { "\($0.file) \($0.policy) \($0.claimed) \($0.verdict)" }
                described += outcome.errors.map(\.message) + outcome.warnings.map(\.message)
            }
            return described
        }
        let kept = results(true)
        #expect(kept.count > 100)
        #expect(kept.contains { $0.contains("fail(") }, "no departure to compare")
        #expect(results(false) == kept)
    }
}
