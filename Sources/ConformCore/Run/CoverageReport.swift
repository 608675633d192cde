/// Which transitions of each claimed policy the traces exercised, and which they did not.
/// A transition is one branch of one action in one state (`swipe down [edited]` in `editing`).
public struct CoverageReport: Sendable {
    /// One claimed policy's transitions: how many, which the traces took, which they did not.
    public struct PolicyCoverage: Sendable {
        /// The policy id.
        public var policy: String
        /// How many transitions (branches) the policy has.
        public var total: Int
        /// The transitions some trace that claims the policy took.
        public var covered: Set<TransitionID>
        /// The transitions no trace took, each as its state and its action (with the branch's condition).
        public var uncovered: [(state: String, action: String)]
    }

    /// The claimed policies, in the order of the library given.
    public var policies: [PolicyCoverage]
    /// Every pair of claimed policies of one domain.
    public var pairs: [PairCoverage]

    /// The coverage of the claimed policies among `library` (those with an entry in `covered`) and of their pairs.
    /// - Parameter library: every loaded policy.
    /// - Parameter covered: per policy id, the transitions taken by traces that claim it.
    /// - Parameter toldApart: per pair of policy ids (`CoverageTally.pairKey`), how many traces pass one and fail the other.
    /// - Parameter revealed: per pair of policy ids, the differences (`Difference.signature`) some trace showed.
    public init(
        policies library: [Policy], covered: [String: Set<TransitionID>], toldApart: [String: Int] = [:],
        revealed: [String: Set<String>] = [:]
    ) {
        policies = library.filter { covered[$0.id] != nil }.map { policy in
            let taken = covered[policy.id] ?? []
            let all = policy.transitionIDs
            let missing = all.filter { !taken.contains($0) }.map { (state: $0.state, action: Self.action($0, in: policy)) }
            return PolicyCoverage(policy: policy.id, total: all.count, covered: taken.intersection(all), uncovered: missing)
        }
        let claimed = library.filter { covered[$0.id] != nil }
        pairs = claimed.enumerated().flatMap { index, a in
            claimed.dropFirst(index + 1).filter { $0.domain == a.domain }.map { b in
                let key = CoverageTally.pairKey(a.id, b.id)
                return PairCoverage(a, b, revealed: revealed[key] ?? [], tellingApart: toldApart[key] ?? 0)
            }
        }
    }

    /// `swipe down [edited]`: the action, and the condition of its branch when it has one.
    public static func action(_ id: TransitionID, in policy: Policy) -> String {
        let branches = policy.state(named: id.state)?.transitions.first { $0.pattern == id.pattern }?.branches ?? []
        return id.branch < branches.count ? branches[id.branch].label(for: id.pattern) : id.pattern.display
    }
}

/// Gathers, as outcomes arrive, the transitions each claimed policy's traces took, which pairs of
/// policies each trace tells apart (passes one, fails the other) and which of their differences it shows.
public struct CoverageTally: Sendable {
    /// Per claimed policy id, the transitions taken by the traces that claim it.
    public private(set) var covered: [String: Set<TransitionID>] = [:]
    /// Per pair of policies (`pairKey`), how many traces pass one and fail the other.
    public var toldApart: [String: Int] {
        var counts: [String: Int] = [:]
        for (a, others) in apart {
            for (b, count) in others { counts[Self.pairKey(a, b)] = count }
        }
        return counts
    }
    /// Per pair of policies (`pairKey`), the differences (`Difference.signature`) some trace showed.
    public private(set) var revealed: [String: Set<String>] = [:]
    /// `toldApart` as it is counted: by the first policy (in sorted order), then the second, so that
    /// no key is made per trace.
    private var apart: [String: [String: Int]] = [:]

    /// A tally of nothing yet.
    public init() {}

    /// Takes in one trace's outcome: its claimed paths and the pairs its verdicts tell apart.
    public mutating func add(_ outcome: FileOutcome) {
        // Runs on the thread that hands outcomes over, while the workers check the next batch: no copies
        // (the pairs are read in place).
        var passed: [String] = []
        var failed: [String] = []
        let results = outcome.results
        for index in results.indices {
            if results[index].claimed { cover(results[index].outcome.path, of: results[index].policy) }
            switch results[index].outcome.verdict.kind {
            case .pass: passed.append(results[index].policy)
            case .fail: failed.append(results[index].policy)
            default: break
            }
        }
        for a in passed {
            for b in failed {
                if a < b { apart[a, default: [:]][b, default: 0] += 1 } else { apart[b, default: [:]][a, default: 0] += 1 }
            }
        }
        add(revealed: outcome.revealed)
    }

    /// Adds the transitions of a path. A path goes round the same few transitions (edit, swipe, keep
    /// editing, ...): each is hashed into the set once, after a look in a short list of those met, which
    /// compares their parts in place (names from the policy, that share storage: quick to compare).
    private mutating func cover(_ path: [TakenTransition], of policy: String) {
        var firsts: [Int] = []
        var more: [TransitionID] = []
        for step in path.indices {
            let isMet = firsts.contains {
                path[$0].branch == path[step].branch && path[$0].from == path[step].from && path[$0].pattern == path[step].pattern
            }
            if isMet { continue }
            if firsts.count < 16 { firsts.append(step) } else { more.append(path[step].id) }
        }
        // Also with nothing met: a claimed policy is known by its entry.
        covered[policy, default: []].formUnion(firsts.lazy.map { path[$0].id })
        covered[policy, default: []].formUnion(more)
    }

    /// Adds differences shown apart from any outcome (a whole run gives them in its ending, `ConformRunner.Ending.revealed`).
    public mutating func add(revealed shown: [String: Set<String>]) {
        for (pair, differences) in shown { revealed[pair, default: []].formUnion(differences) }
    }

    /// The same key for (a, b) and (b, a).
    public static func pairKey(_ a: String, _ b: String) -> String {
        a < b ? "\(a)\t\(b)" : "\(b)\t\(a)"
    }
}
