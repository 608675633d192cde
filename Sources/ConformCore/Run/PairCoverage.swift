

/// For two claimed policies of one domain: which of the differences `compare` finds between them some
/// trace shows, and how many traces tell the two apart (pass one, fail the other).
public struct PairCoverage: Sendable {
    /// One difference (a `compare` scenario) no trace shows; reports word it (`CoverageWording`).
    public struct Unshown: Sendable {
        public var actions: [Action]
        public var kind: Difference.Kind
        /// The action only one policy allows, for `onlyAAllows` / `onlyBAllows`.
        public var lastAction: Action?
    }

    public var policies: (String, String)
    public var total: Int
    public var covered: Int
    public var uncovered: [Unshown]
    public var tellingApart: Int
    /// The form the scenarios start from (form domain), for wording their edits.
    public var form: [String: Value]

    /// - Parameter revealed: the differences (`Difference.signature`) the traces showed.
    public init(_ a: Policy, _ b: Policy, revealed: Set<String>, tellingApart: Int) {
        let comparison = PolicyComparison(a, b)
        let differences = comparison.compare().differences
        let missing = differences.filter { !$0.signature.contains(where: revealed.contains) }
        policies = (a.id, b.id)
        total = differences.count
        covered = differences.count - missing.count
        uncovered = missing.map { Unshown(actions: $0.actions, kind: $0.kind, lastAction: $0.lastAction) }
        form = comparison.alphabet.form
        self.tellingApart = tellingApart
    }
}
