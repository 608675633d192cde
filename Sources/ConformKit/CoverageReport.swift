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

    public var policies: [PolicyCoverage]

    /// - Parameter covered: per policy id, the transitions taken by traces that claim it.
    public init(library: PolicyLibrary, covered: [String: Set<TransitionID>]) {
        policies = library.policies.filter { covered[$0.id] != nil }.map { policy in
            let taken = covered[policy.id] ?? []
            let all = policy.transitionIDs
            let missing = all.filter { !taken.contains($0) }.map { (state: $0.state, action: Self.action($0, in: policy)) }
            return PolicyCoverage(policy: policy.id, total: all.count, covered: taken.intersection(all), uncovered: missing)
        }
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
}

/// Gathers, as outcomes arrive, the transitions each claimed policy's traces took.
public struct CoverageTally: Sendable {
    public private(set) var covered: [String: Set<TransitionID>] = [:]

    public init() {}

    public mutating func add(_ outcome: ConformRunner.FileOutcome) {
        for pair in outcome.results where pair.claimed {
            covered[pair.policy, default: []].formUnion(pair.outcome.path.map(\.id))
        }
    }
}
