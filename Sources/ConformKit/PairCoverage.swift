import ConformCore

/// For two claimed policies of one domain: which of the differences `compare` finds between them some
/// trace shows, and how many traces tell the two apart (pass one, fail the other).
public struct PairCoverage: Sendable {
    /// One difference (a `compare` scenario) no trace shows.
    public struct Unshown: Sendable {
        /// The scenario's actions in UI words, e.g. `Set title back to "Buy milk" (its value when the form opened)`.
        public var scenario: String
        /// What differs: the observation keys, or the action only one allows.
        public var differs: String
        public var actions: [Action]
        public var kind: Difference.Kind
    }

    public var policies: (String, String)
    public var total: Int
    public var covered: Int
    public var uncovered: [Unshown]
    public var tellingApart: Int

    /// - Parameter revealed: the differences (`Difference.signature`) the traces showed.
    public init(_ a: Policy, _ b: Policy, revealed: Set<String>, tellingApart: Int) {
        let comparison = PolicyComparison(a, b)
        let differences = comparison.compare().differences
        let wording = ScenarioWording(policy: a, form: comparison.alphabet.form)
        let missing = differences.filter { !$0.signature.contains(where: revealed.contains) }
        policies = (a.id, b.id)
        total = differences.count
        covered = differences.count - missing.count
        uncovered = missing.map { difference in
            let words = difference.actions.map(wording.action)
            let differs: String
            switch difference.kind {
            case .shows(let keys): differs = keys.joined(separator: ", ")
            case .onlyAAllows: differs = "only \(a.id) allows \(difference.lastAction?.display ?? "it")"
            case .onlyBAllows: differs = "only \(b.id) allows \(difference.lastAction?.display ?? "it")"
            }
            return Unshown(
                scenario: words.isEmpty ? "when the screen opens" : words.joined(separator: " → "), differs: differs,
                actions: difference.actions, kind: difference.kind)
        }
        self.tellingApart = tellingApart
    }

    /// One entry of the JSON `differenceCoverage` array.
    public var json: JSONValue {
        let uncovered: [JSONValue] = self.uncovered.map { missing in
            .object([
                ("scenario", .string(missing.scenario)), ("differs", .string(missing.differs)),
                ("actions", .array(missing.actions.map(\.json))),
            ])
        }
        return .object([
            ("policies", .array([.string(policies.0), .string(policies.1)])),
            ("differences", .number(Double(total))),
            ("shown", .number(Double(covered))),
            ("unshown", .array(uncovered)),
            ("tellingApart", .number(Double(tellingApart))),
        ])
    }
}
