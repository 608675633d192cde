/// One part of a policy that its file marks `unverified`: behaviour that no source states, which the
/// policy models as written all the same.
public struct UnverifiedMark: Sendable, Equatable {
    /// Where in the policy: `state 'confirm'`, `state 'confirm', its sheet`, `state 'editing', swipe down [modified]`,
    /// `state 'editing', swipe (ignored)`.
    public var place: String
    /// The file's reason; empty when it just says `unverified: true`.
    public var reason: String

    /// A mark at `place` with the file's reason.
    public init(place: String, reason: String) {
        self.place = place
        self.reason = reason
    }
}

extension Policy {
    /// Every `unverified` marker in the file, state by state in file order: the state's own, its sheet's,
    /// its transition branches', then its ignored actions'.
    public var unverifiedMarks: [UnverifiedMark] {
        states.flatMap { state -> [UnverifiedMark] in
            var marks: [UnverifiedMark] = []
            let place = "state '\(state.name)'"
            if let reason = state.provenance.unverified { marks.append(UnverifiedMark(place: place, reason: reason)) }
            if let reason = state.sheetUnverified {
                marks.append(UnverifiedMark(place: place + ", its sheet", reason: reason))
            }
            for transition in state.transitions {
                for branch in transition.branches {
                    if let reason = branch.provenance.unverified {
                        marks.append(UnverifiedMark(place: place + ", " + branch.label(for: transition.pattern), reason: reason))
                    }
                }
            }
            for pattern in state.ignored {
                if let reason = state.ignoredDetails[pattern]?.provenance.unverified {
                    marks.append(UnverifiedMark(place: place + ", \(pattern.display) (ignored)", reason: reason))
                }
            }
            return marks
        }
    }
}
