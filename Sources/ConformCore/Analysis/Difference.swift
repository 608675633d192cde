/// What `compare` found.
public struct ComparisonResult: Sendable {
    /// The id of policy A, the first compared.
    public var a: String
    /// The id of policy B.
    public var b: String
    /// The form's fields when it opens in every scenario (form domain).
    public var form: [String: Value]
    /// Shortest first.
    public var differences: [Difference]
    /// Whether every pair of configurations was explored (otherwise a limit stopped the search and
    /// "no difference" means none within `depthLimit` actions).
    public var complete: Bool
    /// The most actions a scenario could take in the search (`PolicyComparison.maximumDepth`).
    public var depthLimit: Int
    /// How many of each scenario's first actions are the policies' `setup`.
    public var setupCount: Int
}

/// One way two policies disagree: the shortest scenario found that shows it, and what each policy says there.
public struct Difference: Sendable {
    /// How the policies disagree.
    public enum Kind: Sendable, Equatable {
        /// The named observation keys differ.
        case shows(keys: [String])
        /// Only A allows the last action (B departs on it).
        case onlyAAllows
        /// Only B allows the last action.
        case onlyBAllows

        /// An action only one policy allows, rather than a difference in what is seen.
        var isAction: Bool {
            if case .shows = self { return false }
            return true
        }
    }

    /// How the policies disagree.
    public var kind: Kind
    /// Whether the scenario, recorded as a trace claiming A, fails B (at its last step).
    public var failsB: Bool
    /// The actions, with what the trace records after each; the last step reveals the difference.
    /// For `onlyBAllows`, the action A does not allow is `lastAction`, not in the scenario.
    public var scenario: Scenario
    /// The action that reveals the difference (`nil` when it shows as the form opens).
    public var lastAction: Action?
    /// The control states of A and B where the difference shows (before the action, for an action difference).
    public var stateA: String
    /// B's control state there.
    public var stateB: String
    /// What each shows there: the differing keys, or everything after an action only one allows.
    public var aShows: Observation
    /// What B shows there.
    public var bShows: Observation
    /// The checker's message: why B (or A) rejects.
    public var reason: String
    /// The names of the disagreements this scenario is the first to show (one per differing key, or the
    /// action): what `revealed(by:)` finds in a recorded trace.
    public var signature: [String]

    /// Actions up to and including the revealing one.
    public var actions: [Action] {
        kind == .onlyBAllows ? scenario.steps.map(\.action) + (lastAction.map { [$0] } ?? []) : scenario.steps.map(\.action)
    }

    /// How many actions the scenario takes, the revealing one included.
    public var actionCount: Int { actions.count }
}
