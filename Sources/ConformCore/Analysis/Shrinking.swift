/// How a trace fails a policy, as far as `conform shrink` keeps it: the model's state at the
/// departure, the key that departs there (`see done` for an observation, `swipe` for an action), and
/// what the trace did or saw there (so that a cut cannot swap "saw disabled where enabled was expected"
/// for the opposite failure at the same key).
public struct FailureShape: Hashable, Sendable {
    /// The policy's control state at the departure.
    public var state: String
    /// `see KEY` when an observation departs, the verb when an action does.
    public var key: String
    /// The departure's `observed` object, as JSON text: `{"done":"disabled"}`, `{"swipe":"down"}`.
    public var observed: String

    /// A shape from its parts.
    public init(state: String, key: String, observed: String) {
        self.state = state
        self.key = key
        self.observed = observed
    }

    /// The shape of `departure`, which happened at `step`.
    public init(_ departure: Departure, at step: Step?) {
        var key = "?"
        if case .object(let pairs) = departure.observed, let first = pairs.first { key = first.0 }
        if case .see? = step?.kind { key = "see " + key }
        self.init(state: departure.state, key: key, observed: departure.observed.serialized())
    }
}

/// Steps `conform shrink` cut from a trace, and why.
public struct ShrinkCut: Hashable, Sendable {
    /// Why steps were cut.
    public enum Kind: Hashable, Sendable {
        /// Steps after the departure: the recording, cut where it departs.
        case afterDeparture
        /// A `see` the failure does not need: what the screen showed, recorded in less detail.
        case observation
        /// An edit and the edit that sets the same fields back (with what was seen between them):
        /// the form as it was.
        case undoneEdit
        /// An action: the shrunk trace is then a sequence that no one recorded.
        case action
    }

    /// Why the steps were cut.
    public var kind: Kind
    /// The steps cut, by their numbers in the original trace.
    public var steps: [Int]

    /// A cut of `steps` for `kind`.
    public init(kind: Kind, steps: [Int]) {
        self.kind = kind
        self.steps = steps
    }

    /// Whether the trace stays true to what was recorded: every cut but an action's.
    public var isFaithful: Bool { kind != .action }
}

/// What `conform shrink` found: the steps kept, the cuts, and how the shrunk trace departs.
public struct ShrinkResult: Sendable {
    /// The trace as recorded.
    public var original: Trace
    /// The id of the policy the trace fails.
    public var policy: String
    /// How the original fails, which the shrunk trace keeps.
    public var shape: FailureShape
    /// Where the original departs (its step numbers).
    public var originalDeparture: Departure
    /// The steps kept, by their numbers in the original trace, in order.
    public var kept: [Int]
    /// Where the shrunk trace departs (its own step numbers, from 1).
    public var departure: Departure
    /// Every cut, faithful ones first.
    public var cuts: [ShrinkCut]
    /// How many times the trace was checked while shrinking.
    public var checks: Int

    /// A result from its parts, as the shrinker makes one.
    public init(
        original: Trace, policy: String, shape: FailureShape, originalDeparture: Departure, kept: [Int], departure: Departure,
        cuts: [ShrinkCut], checks: Int
    ) {
        self.original = original
        self.policy = policy
        self.shape = shape
        self.originalDeparture = originalDeparture
        self.kept = kept
        self.departure = departure
        self.cuts = cuts
        self.checks = checks
    }

    /// Whether some cut removed an action, so that the shrunk trace must be recorded again on a device.
    public var needsRerecording: Bool { cuts.contains { !$0.isFaithful } }

    /// The steps of each kind cut, in order.
    public func steps(cut kind: ShrinkCut.Kind) -> [Int] {
        cuts.filter { $0.kind == kind }.flatMap(\.steps).sorted()
    }
}
