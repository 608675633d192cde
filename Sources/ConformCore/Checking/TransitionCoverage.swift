/// One branch of one transition of a policy: the unit that coverage counts.
public struct TransitionID: Hashable, Sendable {
    /// The state the transition leaves.
    public var state: String
    /// The action pattern it is keyed by.
    public var pattern: ActionPattern
    /// The 0-based index of the branch among the transition's branches.
    public var branch: Int

    /// The branch `branch` of the transition on `pattern` in `state`.
    public init(state: String, pattern: ActionPattern, branch: Int) {
        self.state = state
        self.pattern = pattern
        self.branch = branch
    }

}

extension Policy {
    /// Every branch of every transition, in the file's order.
    public var transitionIDs: [TransitionID] {
        states.flatMap { state in
            state.transitions.flatMap { transition in
                transition.branches.indices.map { TransitionID(state: state.name, pattern: transition.pattern, branch: $0) }
            }
        }
    }
}

extension TakenTransition {
    /// The branch this taken transition covers.
    public var id: TransitionID { TransitionID(state: from, pattern: pattern, branch: branch) }
}
