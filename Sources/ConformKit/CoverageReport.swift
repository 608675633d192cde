import ConformCore

/// Which transitions of each claimed policy the traces exercised, and which they did not.
/// A transition is one branch of one action in one state (`swipe down [edited]` in `editing`).
public struct CoverageReport: Sendable {
    public struct PolicyCoverage: Sendable {
        public var policy: String
        public var total: Int
        public var covered: Set<TransitionID>
        /// The transitions no trace took, each as its state and its action (with the branch's condition).
        public var uncovered: [(state: String, action: String)]
    }

    /// For two claimed policies of one domain: the transitions where `compare` finds them parting,
    /// whether the traces took them, and how many traces tell the two apart.
    public struct PairCoverage: Sendable {
        public var policies: (String, String)
        public var total: Int
        public var covered: Int
        /// Not taken by the traces claiming the policy: its id, state and action.
        public var uncovered: [(policy: String, state: String, action: String)]
        /// Traces that conform to one of the two policies and fail the other.
        public var tellingApart: Int
    }

    public var policies: [PolicyCoverage]
    public var pairs: [PairCoverage]

    /// - Parameter covered: per policy id, the transitions taken by traces that claim it.
    /// - Parameter toldApart: per pair of policy ids (`CoverageTally.pairKey`), how many traces pass one and fail the other.
    public init(library: PolicyLibrary, covered: [String: Set<TransitionID>], toldApart: [String: Int] = [:]) {
        policies = library.policies.filter { covered[$0.id] != nil }.map { policy in
            let taken = covered[policy.id] ?? []
            let all = policy.transitionIDs
            let missing = all.filter { !taken.contains($0) }.map { (state: $0.state, action: Self.action($0, in: policy)) }
            return PolicyCoverage(policy: policy.id, total: all.count, covered: taken.intersection(all), uncovered: missing)
        }
        let claimed = library.policies.filter { covered[$0.id] != nil }
        pairs = claimed.enumerated().flatMap { index, a in
            claimed.dropFirst(index + 1).filter { $0.domain == a.domain }.map { b in
                Self.pairCoverage(a, b, covered: covered, toldApart: toldApart[CoverageTally.pairKey(a.id, b.id)] ?? 0)
            }
        }
    }

    private static func pairCoverage(_ a: Policy, _ b: Policy, covered: [String: Set<TransitionID>], toldApart: Int) -> PairCoverage {
        var parting: [(policy: Policy, id: TransitionID)] = []
        var seen: Set<String> = []
        for difference in PolicyComparison(a, b).compare().differences {
            for (policy, id) in [(a, difference.transitions.a), (b, difference.transitions.b)] {
                guard let id, seen.insert("\(policy.id) \(id.state) \(id.pattern.display) \(id.branch)").inserted else { continue }
                parting.append((policy, id))
            }
        }
        let missing = parting.filter { !(covered[$0.policy.id]?.contains($0.id) ?? false) }
        return PairCoverage(
            policies: (a.id, b.id), total: parting.count, covered: parting.count - missing.count,
            uncovered: missing.map { (policy: $0.policy.id, state: $0.id.state, action: action($0.id, in: $0.policy)) },
            tellingApart: toldApart)
    }

    /// `swipe down [edited]`: the action, and the condition of its branch when it has one.
    public static func action(_ id: TransitionID, in policy: Policy) -> String {
        let branches = policy.state(named: id.state)?.transitions.first { $0.pattern == id.pattern }?.branches ?? []
        return id.branch < branches.count ? branches[id.branch].label(for: id.pattern) : id.pattern.display
    }

    /// The `coverage` object of the JSON document, keyed by policy id.
    public var json: JSONValue {
        .object(
            policies.map { entry in
                (
                    entry.policy,
                    .object([
                        ("transitions", .number(Double(entry.total))),
                        ("covered", .number(Double(entry.covered.count))),
                        ("uncovered", .array(entry.uncovered.map { .object([("state", .string($0.state)), ("action", .string($0.action))]) })),
                    ])
                )
            })
    }

    /// The `differenceCoverage` array of the JSON document: one entry per pair of claimed policies of one domain.
    public var pairsJSON: JSONValue {
        .array(pairs.map(Self.json))
    }

    private static func json(_ pair: PairCoverage) -> JSONValue {
        let uncovered: [JSONValue] = pair.uncovered.map { missing in
            .object([("policy", .string(missing.policy)), ("state", .string(missing.state)), ("action", .string(missing.action))])
        }
        return .object([
            ("policies", .array([.string(pair.policies.0), .string(pair.policies.1)])),
            ("transitions", .number(Double(pair.total))),
            ("covered", .number(Double(pair.covered))),
            ("uncovered", .array(uncovered)),
            ("tellingApart", .number(Double(pair.tellingApart))),
        ])
    }
}

/// Gathers, as outcomes arrive, the transitions each claimed policy's traces took, and which pairs of
/// policies each trace tells apart (passes one, fails the other).
public struct CoverageTally: Sendable {
    public private(set) var covered: [String: Set<TransitionID>] = [:]
    public private(set) var toldApart: [String: Int] = [:]

    public init() {}

    public mutating func add(_ outcome: ConformRunner.FileOutcome) {
        for pair in outcome.results where pair.claimed {
            covered[pair.policy, default: []].formUnion(pair.outcome.path.map(\.id))
        }
        let passed = outcome.results.filter { $0.outcome.verdict.name == "pass" }.map(\.policy)
        let failed = outcome.results.filter { $0.outcome.verdict.name == "fail" }.map(\.policy)
        for a in passed {
            for b in failed { toldApart[Self.pairKey(a, b), default: 0] += 1 }
        }
    }

    /// The same key for (a, b) and (b, a).
    public static func pairKey(_ a: String, _ b: String) -> String {
        a < b ? "\(a)\t\(b)" : "\(b)\t\(a)"
    }
}
