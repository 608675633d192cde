/// One branch of one transition of a policy: the unit that coverage counts.
public struct TransitionID: Hashable, Sendable {
    public var state: String
    public var pattern: ActionPattern
    public var branch: Int

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
    public var id: TransitionID { TransitionID(state: from, pattern: pattern, branch: branch) }
}
