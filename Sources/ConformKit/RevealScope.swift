import ConformCore

/// The pairs of policies a trace is replayed on for `--coverage` (to find which of their differences it shows).
struct RevealScope: Equatable, Sendable {
    /// The policies whose pairs are replayed; `nil`: every policy.
    var among: Set<String>?
    /// A pair of two of these is left out (the trace was replayed on it before).
    var except: Set<String> = []

    static let every = RevealScope(among: nil)

    /// Whether a policy is part of some pair of the scope.
    func admits(_ policy: String) -> Bool {
        among?.contains(policy) ?? true
    }

    func includes(_ a: String, _ b: String) -> Bool {
        admits(a) && admits(b) && !(except.contains(a) && except.contains(b))
    }
}

/// A scope resolved against the policies of a run, once per batch of files rather than per file.
struct RevealTargets: Sendable {
    /// Positions in the policies of every two policies of one domain in the scope, in policy order.
    var pairs: [(Int, Int)]
    /// The ids of the policies of those pairs, each once: the only ones a trace is replayed on. A few, asked
    /// about every policy of every trace: a list, whose ids share storage with the policies' (a quick compare),
    /// costs less than hashing each id.
    var replayed: [String]

    init(_ scope: RevealScope, in policies: [Policy]) {
        pairs = []
        for a in policies.indices {
            for b in policies.indices.dropFirst(a + 1)
            where policies[a].domain == policies[b].domain && scope.includes(policies[a].id, policies[b].id) {
                pairs.append((a, b))
            }
        }
        replayed = []
        for (a, b) in pairs {
            for id in [policies[a].id, policies[b].id] where !replayed.contains(id) { replayed.append(id) }
        }
    }
}

/// What a run does for `--coverage` as its files are checked: which pairs each batch is replayed on
/// (as `RevealPlan` says in a whole run; every pair in a shard, which cannot know the other shards'
/// claims), and, in a whole run, what the files show, taken out of their outcomes in file order.
struct RevealBatches {
    private(set) var plan: RevealPlan?
    private let policies: [Policy]
    private var scope: RevealScope?
    private var targets: RevealTargets?
    /// In a whole run: the differences shown by the files handed over.
    private(set) var revealed: [String: Set<String>] = [:]
    /// The run's own trace-id check, so that a file the caller refuses for a duplicate id shows nothing.
    private var ids = TraceIDs()

    init(_ plan: RevealPlan?, _ library: PolicyLibrary) {
        self.plan = plan
        policies = library.policies
        if plan == nil { targets = RevealTargets(.every, in: policies) }
    }

    /// The pairs of the batch (or the one file) that starts at file `start`, once `finished` (the batch
    /// before) is checked. Resolved against the policies again only when the scope changed.
    mutating func begin(at start: Int, after finished: [FileOutcome]) -> RevealTargets? {
        guard let next = plan?.beginBatch(at: start, after: finished) else { return targets }
        if next != scope {
            scope = next
            targets = RevealTargets(next, in: policies)
        }
        return targets
    }

    /// Before an outcome is handed over, in file order. In a whole run, what it shows is taken out of
    /// it: which pairs a file was replayed on depends on the batches, and outcomes must not (they are
    /// the same for any `--jobs`). A shard's outcomes keep theirs, every pair, for `conform merge`.
    mutating func handOver(_ outcome: inout FileOutcome) {
        guard plan != nil else { return }
        plan?.handedOver(outcome)
        for (pair, shown) in ids.admit(outcome).revealed { revealed[pair, default: []].formUnion(shown) }
        outcome.revealed = [:]
    }
}
