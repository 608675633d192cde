import ConformCore
import ConformLoading
import Foundation
import Testing

@testable import ConformKit

/// `run --coverage` replays each batch of files only on the pairs of policies claimed before it, and
/// the files checked before a policy's first claim again at the end (`RevealPlan`). Whatever the
/// order of the claims, it must show what replaying every file on every pair shows.
@Suite("Kit: run --coverage: the differences the traces show")
struct RevealTests {
    /// The example corpus, each trace copied `copies` times (with its own id) into `early/`, except
    /// those claiming `late`, which come last (`z/`): the pairs with `late` are known only at the end.
    static func corpus(late: String, copies: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-reveal-\(UUID().uuidString)")
        let traces = EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path
        for (index, file) in FileDiscovery.find(in: [traces]).files.enumerated() {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let name = "\(index)-" + URL(fileURLWithPath: file).lastPathComponent
            if text.contains("\npolicy: \(late)\n") {
                try write(text, to: folder.appendingPathComponent("z/\(name)"))
                continue
            }
            for copy in 0..<copies {
                let renamed = text.replacingOccurrences(of: "\ntrace: ", with: "\ntrace: copy\(copy)-")
                try write(renamed, to: folder.appendingPathComponent("early/\(copy)/\(name)"))
            }
        }
        return folder
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("a policy first claimed by the last files: its pairs still get what every earlier file shows, for any --jobs")
    func lateClaims() throws {
        let folder = try Self.corpus(late: "apple-sample", copies: 6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = ConformRunner(library: PolicyLibrary.builtIn())
        var options = ConformRunner.Options(paths: [folder.path], recordPaths: true, revealDifferences: true)
        var claimed: Set<String> = []
        var files: [String] = []
        let ending = runner.run(options) { outcome in
            #expect(outcome.revealed.isEmpty, "a whole run gives what the files show in its ending")
            for result in outcome.results where result.claimed { claimed.insert(result.policy) }
            if let file = outcome.summary?.file { files.append(file) }
        }
        #expect(files.count > 128, "more than one batch")
        #expect(claimed.contains("apple-sample"))

        // Every file on every pair, one at a time: what the report's pairs (two claimed policies) must show.
        var everyPair = CoverageTally()
        for file in files { everyPair.add(revealed: runner.check(file: file, commandLineClaims: [], revealDifferences: true).revealed) }
        func reportPairs(_ revealed: [String: Set<String>]) -> [String: Set<String>] {
            revealed.filter { pair, _ in pair.split(separator: "\t").allSatisfy { claimed.contains(String($0)) } }
        }
        #expect(!reportPairs(everyPair.revealed).filter { $0.key.contains("apple-sample") }.isEmpty)
        #expect(reportPairs(ending.revealed) == reportPairs(everyPair.revealed))
        options.jobs = 1
        #expect(reportPairs(runner.run(options) { _ in }.revealed) == reportPairs(everyPair.revealed), "--jobs 1")
    }

    @Test("a replay that keeps no configurations is compared as one that keeps them, once the memo knows its situations")
    func memoAgreesWithConfigurations() throws {
        let library = PolicyLibrary.builtIn()
        let traces = EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        // One memo for the whole corpus: a situation met in one trace is found again in others.
        let memo = RevealMemo()
        for file in FileDiscovery.find(in: [traces]).files {
            let (loaded, problems) = loader.load(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
            let trace = try #require(loaded, "\(file): \(problems.map(\.message))")
            let (outcomes, replays) = Checker.check(
                trace, against: library.policies, recordingPath: { _ in false }, replaying: { _ in true })
            for a in library.policies.indices {
                for b in library.policies.indices.dropFirst(a + 1) where library.policies[a].domain == library.policies[b].domain {
                    guard let replayA = replays[a], let replayB = replays[b] else {
                        #expect(outcomes[a].verdict.kind == .inapplicable || outcomes[b].verdict.kind == .inapplicable)
                        continue
                    }
                    let comparison = PolicyComparison(library.policies[a], library.policies[b], form: trace.form, exploring: false)
                    let full = (TraceReplay(trace, on: library.policies[a]), TraceReplay(trace, on: library.policies[b]))
                    // From the configurations alone; then with the memo (which may answer from another trace);
                    // then from the keys alone.
                    let fresh = comparison.revealed(by: trace, replays: full)
                    let remembered = comparison.revealed(by: trace, replays: full, memo: memo)
                    let fromKeys = comparison.revealed(by: trace, replays: (replayA, replayB), memo: memo)
                    #expect(fresh != nil)
                    #expect(remembered == fresh, "\(file) \(library.policies[a].id) vs \(library.policies[b].id)")
                    #expect(fromKeys == fresh, "\(file) \(library.policies[a].id) vs \(library.policies[b].id)")
                }
            }
        }
    }
}
