/// A form policy learnt from an app's traces, in policy terms: what `LearnedPolicyYAML` writes.
public struct LearnedModel: Sendable {
    /// The traces it was learnt from, in the learner's order (by file); states and branches cite them by position.
    public var traces: [Trace]
    /// The app of the traces (`nil` when they name none).
    public var app: String?
    /// The traces' `settings:`, the same for all of them.
    public var settings: [String: Value]
    /// How edits are told apart in the policy.
    public var editGuard: EditGuard
    /// Whether the traces decide the guard: `false` when `modified` and `edited` fit them equally well, or
    /// when no guard is chosen and the model under `modified` fits them too, differing on some scenario.
    public var guardDetermined: Bool
    /// Whether any trace edits the form.
    public var editsSeen: Bool
    /// The bar buttons' labels by role (`done`, `cancel`), where the traces tap them.
    public var buttons: [(role: String, label: String)]
    /// The states, the initial one first.
    public var states: [LearnedState]
    /// The model under the other guard, which fits the traces as well: under `edited` or `modified` with as many
    /// states when the guard is undetermined; under `modified` (with more states) when no guard is chosen. The
    /// scenarios on which the two differ are the traces that decide the guard.
    public var alternatives: [LearnedModel] = []

    /// How many branches the states have: a guarded edit with two outcomes counts two.
    public var transitionCount: Int { states.reduce(0) { $0 + $1.transitions.reduce(0) { $0 + $1.branches.count } } }
}

/// One state of a learned policy.
public struct LearnedState: Sendable {
    /// Its name in the policy (`editing`, `modified`, `confirm`, `saved`, ...).
    public var name: String
    /// Whether the form is dismissed here.
    public var isFinal: Bool
    /// `done` as every trace saw it here (`enabled`, `disabled`, `absent`), when some trace saw it.
    public var done: String?
    /// `cancel`, likewise.
    public var cancel: String?
    /// `saved`, likewise.
    public var saved: Bool?
    /// The sheet shown here; `nil` for none (a non-final state shows none unless it says otherwise).
    public var sheet: SheetExpectation?
    /// What each action leads to.
    public var transitions: [LearnedTransition]
    /// The traces that pass through it (positions in `LearnedModel.traces`).
    public var traces: [Int]
}

/// The branches of one action in one learned state.
public struct LearnedTransition: Sendable {
    /// The action, as the policy writes it (`edit`, `tap done`, `choose destructive`).
    public var pattern: ActionPattern
    /// The outcomes, tried in order.
    public var branches: [LearnedBranch]
}

/// One outcome of a learned transition.
public struct LearnedBranch: Sendable {
    /// The guard: `modified`, `!modified`, or none.
    public var condition: String?
    /// The state it leads to.
    public var target: String
    /// The traces that take it; empty for a completed one.
    public var traces: [Int]
    /// Completed by the learner: no trace takes it (Docs/Learning.md, "Completion").
    public var inferred: Bool
}
