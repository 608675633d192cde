/// One branch of one transition of a policy: the unit that coverage counts.
public struct TransitionID: Hashable, Comparable, Sendable {
    public var state: String
    public var pattern: ActionPattern
    public var branch: Int

    public init(state: String, pattern: ActionPattern, branch: Int) {
        self.state = state
        self.pattern = pattern
        self.branch = branch
    }

    public static func < (lhs: TransitionID, rhs: TransitionID) -> Bool {
        (lhs.state, lhs.pattern.display, lhs.branch) < (rhs.state, rhs.pattern.display, rhs.branch)
    }

    /// `editing: swipe down #2` (branches count from 1 where a transition has several).
    public var display: String { "\(state): \(pattern.display)" + (branch > 0 ? " #\(branch + 1)" : "") }
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
