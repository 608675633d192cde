import ConformCore
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit

/// The example corpus in Traces/, run once for all the tests below.
let corpusRun: RunResult = {
    let root = EmbeddedPoliciesTests.packageRoot
    let runner = ConformRunner(library: PolicyLibrary.builtIn())
    return runner.run(.init(paths: [root.appendingPathComponent("Traces").path], recordPaths: true))
}()

@Suite("Kit: The example corpus")
struct CorpusTests {
    @Test("every trace loads and every claim holds")
    func claimsHold() {
        #expect(corpusRun.errors.map(\.formatted) == [])
        let broken = corpusRun.results.filter { $0.claimed && $0.verdict.kind != .pass }.map {
            "\($0.file) \($0.policy): \(summary($0.verdict))"
        }
        #expect(broken == [])
        #expect(corpusRun.exitStatus == 0)
    }

    @Test("every built-in policy has traces that claim it", arguments: PolicyLibrary.builtIn().ids)
    func claimed(policy: String) {
        #expect(corpusRun.results.contains { $0.policy == policy && $0.claimed })
    }

    @Test(
        "every transition of every built-in policy is exercised by a conforming trace that claims it",
        arguments: PolicyLibrary.builtIn().ids)
    func transitionsCovered(policy id: String) throws {
        let policy = try #require(PolicyLibrary.builtIn().policy(id: id))
        let covered = Set(
            corpusRun.results.filter { $0.policy == id && $0.claimed && $0.verdict.kind == .pass }.flatMap { $0.outcome.path.map(\.id) })
        let missing = policy.transitionIDs.filter { !covered.contains($0) }.map { "\($0.state): \(CoverageReport.action($0, in: policy))" }
        #expect(missing == [], "no conforming trace exercises these transitions of '\(id)'")
    }

    @Test("the whole matrix (trace × policy → verdict and step) is as reviewed")
    func matrixGolden() throws {
        var lines: [String] = []
        let root = EmbeddedPoliciesTests.packageRoot.path + "/"
        for result in corpusRun.results {
            let file = result.file.hasPrefix(root) ? String(result.file.dropFirst(root.count)) : result.file
            var line = "\(file)\t\(result.policy)\t\(result.claimed ? "claimed" : "-")\t\(result.verdict.name)"
            if let departure = result.verdict.departure { line += "\tstep \(departure.step)\t\(departure.message)" }
            lines.append(line)
        }
        try assertGolden(lines.joined(separator: "\n") + "\n", named: "corpus-matrix.tsv")
    }
}
