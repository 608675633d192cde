/// How far a loaded policy is from a learned one, by `compare`'s own search both ways.
public struct PolicyDistance: Sendable {
    /// The loaded policy.
    public var policy: Policy
    /// The scenarios on which a trace of the learned model fails the policy (`compare LEARNED POLICY`,
    /// the differences a trace claiming the learned model shows).
    public var conflicts: [Difference]
    /// Behaviour of the policy that no trace shows (`compare POLICY LEARNED`, the actions the policy allows
    /// where the learned model has no transition).
    public var gaps: [Difference]
    /// How many of the policy's transitions (branches) the traces take, replayed on it.
    public var taken: Int
    /// How many transitions (branches) the policy has.
    public var transitions: Int
    /// The learned model the differences are with: the learned policy, or (when the traces do not decide
    /// the guard) the model under the other guard, if the policy is nearer to it.
    public var learned: Policy
    /// Whether both searches ran to the end (else a limit stopped one).
    public var complete: Bool
    /// The searches' limits: how many actions deep, how many pairs of configurations (`PolicyComparison`).
    public var limits: (actions: Int, pairs: Int)
    /// The form both searches opened with, for wording their scenarios.
    public var form: [String: Value]
}

/// The loaded policies ranked by their distance from a learned policy: fewest conflicts, then fewest
/// gaps, then the larger share of their transitions the traces take; where the traces cannot tell two
/// policies apart, the one they claim first; then by id.
public enum NearestPolicies {
    /// Every form policy of `candidates` (but `learned` itself), nearest first.
    /// - Parameter learned: the learned policy.
    /// - Parameter candidates: the loaded policies; those of another domain are left out.
    /// - Parameter traces: the traces the policy was learnt from, replayed on each candidate for its coverage.
    /// - Parameter settings: the settings of the learned model's traces, which the policies may read.
    /// - Parameter claimed: the policies the traces claim, which come first among policies as near as each other.
    /// - Parameter alternatives: models the traces fit as well as `learned` (the other guard, when they do not
    ///   decide it): a policy's distance is its distance from the nearest of them.
    public static func rank(
        _ learned: Policy, alternatives: [Policy] = [], among candidates: [Policy], traces: [Trace] = [], settings: [String: Value] = [:],
        claimed: Set<String> = []
    ) -> [PolicyDistance] {
        let models = [learned] + alternatives
        return candidates.filter { candidate in candidate.isFormDomain && !models.contains { $0.id == candidate.id } }.map { policy in
            var taken: Set<TransitionID> = []
            for trace in traces { taken.formUnion(Checker.check(trace, against: policy).path.map(\.id)) }
            let distances = models.map { model in
                let comparison = PolicyComparison(model, policy, settings: settings)
                let forward = comparison.compare()
                let backward = PolicyComparison(policy, model, settings: settings).compare()
                return PolicyDistance(
                    policy: policy, conflicts: forward.differences.filter(\.failsB),
                    gaps: backward.differences.filter { $0.kind == .onlyAAllows }, taken: taken.count,
                    transitions: policy.transitionIDs.count, learned: model, complete: forward.complete && backward.complete,
                    limits: (comparison.maximumDepth, comparison.maximumPairs), form: forward.form)
            }
            // The first (the learned policy itself) unless another is strictly nearer.
            return distances.dropFirst().reduce(distances[0]) { best, next in
                (next.conflicts.count, next.gaps.count) < (best.conflicts.count, best.gaps.count) ? next : best
            }
        }.sorted { a, b in
            if (a.conflicts.count, a.gaps.count) != (b.conflicts.count, b.gaps.count) {
                return (a.conflicts.count, a.gaps.count) < (b.conflicts.count, b.gaps.count)
            }
            // The larger share of its transitions taken: taken / transitions, compared without division.
            let (shareA, shareB) = (a.taken * max(b.transitions, 1), b.taken * max(a.transitions, 1))
            if shareA != shareB { return shareA > shareB }
            let (ca, cb) = (claimed.contains(a.policy.id) ? 0 : 1, claimed.contains(b.policy.id) ? 0 : 1)
            return (ca, a.policy.id) < (cb, b.policy.id)
        }
    }
}

/// A trace to record next: a scenario of `policy` (its predictions recorded), which tells `policy` from
/// `versus` or shows what no trace shows yet.
public struct LearningSuggestion: Sendable {
    /// Why it is worth recording.
    public enum Kind: String, Sendable {
        /// The learned model under the other guard (`modified` or `edited`) differs here: recording it decides the guard.
        case decidesGuard = "guard"
        /// The two nearest policies differ here, and no trace shows which the app follows.
        case tellsApart = "tells-apart"
        /// The nearest policy allows an action here that no trace took.
        case gap
    }

    /// Why it is worth recording.
    public var kind: Kind
    /// The policy whose predictions the scenario records (the trace claims it).
    public var policy: String
    /// The other policy: the second nearest (`tellsApart`), the learned one (`gap`), or the learned model
    /// under the other guard (`decidesGuard`).
    public var versus: String
    /// The scenario and what each side shows.
    public var difference: Difference
    /// The form's fields when it opens.
    public var form: [String: Value]

    /// The traces worth recording next: scenarios on which the two nearest policies differ that the learned
    /// model does not decide (an action no trace took there, or a key no trace saw), then the gaps of the nearest.
    /// - Parameter learned: the learned policy.
    /// - Parameter nearest: the loaded policies, nearest first (`NearestPolicies.rank`).
    /// - Parameter settings: the settings of the learned model's traces.
    /// - Parameter alternative: the learned model under the other guard, when the traces do not decide it:
    ///   the scenarios on which the two differ come first.
    public static func suggestions(
        learned: Policy, nearest: [PolicyDistance], alternative: Policy? = nil, settings: [String: Value] = [:]
    ) -> [LearningSuggestion] {
        var found: [LearningSuggestion] = []
        var seen: Set<String> = []
        func add(_ suggestion: LearningSuggestion) {
            let actions = suggestion.difference.actions.map { $0.json.serialized() }.joined(separator: " ")
            if seen.insert(actions).inserted { found.append(suggestion) }
        }
        if let alternative {
            guardScenarios(learned: learned, alternative: alternative, settings: settings).forEach(add)
        }
        guard let first = nearest.first else { return found }
        if nearest.count > 1 {
            let second = nearest[1]
            for (a, b) in [(first.policy, second.policy), (second.policy, first.policy)] {
                let result = PolicyComparison(a, b, settings: settings).compare()
                for difference in result.differences
                where difference.failsB && !decides(learned, difference, form: result.form, settings: settings) {
                    add(LearningSuggestion(kind: .tellsApart, policy: a.id, versus: b.id, difference: difference, form: result.form))
                }
            }
        }
        for gap in first.gaps {
            add(LearningSuggestion(kind: .gap, policy: first.policy.id, versus: learned.id, difference: gap, form: first.form))
        }
        return found
    }

    /// The scenarios that decide the guard: those on which a trace of the learned policy fails the model under
    /// the other guard (`alternative`), shortest first.
    public static func guardScenarios(learned: Policy, alternative: Policy, settings: [String: Value] = [:]) -> [LearningSuggestion] {
        let result = PolicyComparison(learned, alternative, settings: settings).compare()
        return result.differences.filter(\.failsB).map {
            LearningSuggestion(kind: .decidesGuard, policy: learned.id, versus: alternative.id, difference: $0, form: result.form)
        }
    }

    /// Whether the learned policy already says what happens in the scenario: it allows every action, and
    /// predicts every key on which the two policies differ (or allows the last action, for an action only one allows).
    static func decides(_ learned: Policy, _ difference: Difference, form: [String: Value], settings: [String: Value]) -> Bool {
        let simulator = PolicySimulator(policy: learned, form: form, settings: settings)
        var configuration = simulator.start()
        for action in difference.actions {
            guard let move = simulator.perform(action, from: configuration) else { return false }
            configuration = move.configuration
        }
        guard case .shows(let keys) = difference.kind else { return true }
        let predicted = Set(simulator.prediction(configuration).items.map(\.key))
        return keys.allSatisfy(predicted.contains)
    }
}
