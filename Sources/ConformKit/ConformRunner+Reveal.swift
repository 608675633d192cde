import ConformCore
import Foundation

/// `--coverage`: which differences of two policies of one domain each trace shows.
extension ConformRunner {
    /// Which differences of the pairs of `targets` the trace shows, given the replays of it on every
    /// policy (`nil` where the trace was not replayed: the policy cannot read it or is in no pair).
    func revealed(by trace: Trace, replays: [TraceReplay?], on targets: RevealTargets) -> [String: Set<String>] {
        var revealed: [String: Set<String>] = [:]
        let pairs = targets.pairs.filter { replays[$0.0] != nil && replays[$0.1] != nil }
        if pairs.isEmpty { return revealed }
        let memo = memos.borrow()
        defer { memos.giveBack(memo) }
        // Replays that keep their configurations, made only for a trace that leads somewhere the memo
        // has not met (the check's replays do not keep them).
        var full: [Int: TraceReplay] = [:]
        func fullReplay(_ index: Int) -> TraceReplay {
            if let made = full[index] { return made }
            let made = TraceReplay(trace, on: library.policies[index])
            full[index] = made
            return made
        }
        for (a, b) in pairs {
            guard let replayA = replays[a], let replayB = replays[b] else { continue }
            let policyA = library.policies[a]
            let policyB = library.policies[b]
            let comparison = memo.comparison(policyA, policyB, form: trace.form)
            let shown =
                comparison.revealed(by: trace, replays: (replayA, replayB), memo: memo)
                ?? comparison.revealed(by: trace, replays: (fullReplay(a), fullReplay(b)), memo: memo) ?? []
            if !shown.isEmpty { revealed[CoverageTally.pairKey(policyA.id, policyB.id)] = shown }
        }
        return revealed
    }

    /// Replays again, on the pairs they missed, the files checked before both policies of a claimed pair
    /// were known to be claimed (`RevealPlan`), `workers` at a time as the run checked them.
    func revealLate(_ files: CompactStrings, plan: RevealPlan, claims: [String], workers: Int?) -> [String: Set<String>] {
        let domains = Dictionary(library.policies.map { ($0.id, $0.domain) }) { first, _ in first }
        let batch = max(64, min(workers ?? ProcessInfo.processInfo.activeProcessorCount, Options.maximumJobs) * 64)
        var revealed: [String: Set<String>] = [:]
        // From the first file on, in order: the same files are refused for a duplicate id as in the run.
        var ids = TraceIDs()
        for (range, scope) in plan.lateScopes(fileCount: files.count, domain: { domains[$0] }) {
            let targets = RevealTargets(scope, in: library.policies)
            var start = range.lowerBound
            while start < range.upperBound {
                let slice = (start..<min(range.upperBound, start + batch)).map { files[$0] }
                start += slice.count
                let outcomes = Self.startChecking(slice, workers: workers) { file in
                    check(file: file, commandLineClaims: claims, keepSteps: false, recordPaths: false, reveal: targets)
                }.wait()
                for outcome in outcomes {
                    for (pair, shown) in ids.admit(outcome).revealed { revealed[pair, default: []].formUnion(shown) }
                }
            }
        }
        return revealed
    }
}
