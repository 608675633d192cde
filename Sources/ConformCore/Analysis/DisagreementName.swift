/// The name of a disagreement of two policies on one key, as `Difference.signature` holds it:
/// `A shows done: "enabled" / "disabled"`, or for numbers, which vary with every example, the
/// transitions that led to them.
struct DisagreementName {
    var key: String
    /// `A shows` when B rejects the value A shows, `B shows` when A rejects B's.
    var side: String
    /// The signature when it names values (not numbers): the same wherever the disagreement shows.
    private var fixed: String?

    init(key: String, side: String, valueA: String, valueB: String) {
        self.key = key
        self.side = side
        let numbers = Double(valueA) != nil && Double(valueB) != nil
        fixed = numbers ? nil : "\(side) \(key): \(valueA) / \(valueB)"
    }

    /// The signature where the transitions `transitions` (A's, B's) led to the disagreement.
    func signature(after transitions: (TransitionID?, TransitionID?)) -> String {
        fixed ?? "\(side) \(key): after \(Self.describe(transitions.0)) / \(Self.describe(transitions.1))"
    }

    private static func describe(_ transition: TransitionID?) -> String {
        transition.map { "\($0.state) \($0.pattern.display) #\($0.branch)" } ?? "-"
    }
}
