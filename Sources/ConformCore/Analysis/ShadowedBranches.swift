/// Branches after a branch without `if:`: branches are tried in order and one without a guard is
/// always taken, so those after it never are (a fallback written first instead of last).
enum ShadowedBranches {
    /// Each branch that an earlier unguarded branch of its transition hides, with the warning at it.
    static func find(_ policy: Policy) -> [(id: TransitionID, position: TextPosition, message: String)] {
        var found: [(id: TransitionID, position: TextPosition, message: String)] = []
        for state in policy.states {
            for transition in state.transitions {
                guard let first = transition.branches.firstIndex(where: { $0.condition == nil }) else { continue }
                let hiding = transition.branches[first]
                for index in transition.branches.indices where index > first {
                    found.append(
                        (
                            TransitionID(state: state.name, pattern: transition.pattern, branch: index),
                            transition.branches[index].position,
                            "this branch of '\(transition.pattern.display)' in state '\(state.name)' is never taken: the branch before it "
                                + "(line \(hiding.position.line), to '\(hiding.target)') has no 'if:', so it is always taken first; "
                                + "branches are tried in order: move the branch without 'if:' last"
                        ))
                }
            }
        }
        return found
    }
}
