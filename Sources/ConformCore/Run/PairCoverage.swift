/// For two claimed policies of one domain: which of the differences `compare` finds between them some
/// trace shows, and how many traces tell the two apart (pass one, fail the other).
public struct PairCoverage: Sendable {
    /// One difference (a `compare` scenario) no trace shows; reports word it (`CoverageWording`).
    public struct Unshown: Sendable {
        /// The actions of the scenario, from the opening form.
        public var actions: [Action]
        /// How the two policies differ after them.
        public var kind: Difference.Kind
        /// The action only one policy allows, for `onlyAAllows` / `onlyBAllows`.
        public var lastAction: Action?
    }

    /// The two policy ids, in the order compared.
    public var policies: (String, String)
    /// How many differences `compare` finds.
    public var total: Int
    /// How many of them some trace shows.
    public var covered: Int
    /// The differences no trace shows.
    public var uncovered: [Unshown]
    /// How many traces pass one policy and fail the other.
    public var tellingApart: Int
    /// The form the scenarios start from (form domain), for wording their edits.
    public var form: [String: Value]

    /// The coverage of the differences `compare` finds between `a` and `b` (it runs the comparison).
    /// - Parameter a: the first policy.
    /// - Parameter b: the second, of the same domain.
    /// - Parameter revealed: the differences (`Difference.signature`) the traces showed.
    /// - Parameter tellingApart: how many traces pass one and fail the other.
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
