import ConformCore

/// `--coverage`: which differences of two policies of one domain each trace shows.
extension ConformRunner {
    /// Which differences of every two same-domain policies of `scope` that can read the trace it shows.
    func revealed(by trace: Trace, outcomes: [CheckOutcome], on scope: RevealScope) -> [String: Set<String>] {
        let readers = zip(library.policies, outcomes).filter { $0.1.verdict.kind != .inapplicable && scope.admits($0.0.id) }.map(\.0)
        var pairs: [(Int, Int)] = []
        for a in readers.indices {
            for b in readers.indices.dropFirst(a + 1)
            where readers[b].domain == readers[a].domain && scope.includes(readers[a].id, readers[b].id) {
                pairs.append((a, b))
            }
        }
        // Each policy's run along the trace is the same in every pair it is part of: computed once, and
        // only for the policies of some pair.
        var replays: [Int: TraceReplay] = [:]
        func replay(_ index: Int) -> TraceReplay {
            if let known = replays[index] { return known }
            let computed = TraceReplay(trace, on: PolicySimulator(policy: readers[index], form: trace.form))
            replays[index] = computed
            return computed
        }
        var revealed: [String: Set<String>] = [:]
        for (a, b) in pairs {
            let comparison = PolicyComparison(readers[a], readers[b], form: trace.form, exploring: false)
            let shown = comparison.revealed(by: trace, replays: (replay(a), replay(b)))
            if !shown.isEmpty { revealed[CoverageTally.pairKey(readers[a].id, readers[b].id)] = shown }
        }
        return revealed
    }

    /// Replays again, on the pairs they missed, the files checked before both policies of a claimed pair
    /// were known to be claimed (`RevealPlan`).
    func revealLate(_ files: [String], plan: RevealPlan, claims: [String], batch: Int) -> [String: Set<String>] {
        let domains = Dictionary(library.policies.map { ($0.id, $0.domain) }) { first, _ in first }
        var revealed: [String: Set<String>] = [:]
        // From the first file on, in order: the same files are refused for a duplicate id as before.
        var ids = TraceIDs()
        for (range, scope) in plan.lateScopes(fileCount: files.count, domain: { domains[$0] }) {
            var start = range.lowerBound
            while start < range.upperBound {
                let slice = Array(files[start..<min(range.upperBound, start + batch)])
                start += slice.count
                let outcomes = Self.startChecking(slice) { file in
                    check(file: file, commandLineClaims: claims, keepSteps: false, recordPaths: false, reveal: scope)
                }.wait()
                for outcome in outcomes {
                    for (pair, shown) in ids.admit(outcome).revealed { revealed[pair, default: []].formUnion(shown) }
                }
            }
        }
        return revealed
    }
}
