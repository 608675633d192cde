/// The result of replaying one trace against one policy.
public enum Verdict: Sendable, Codable {
    /// The trace follows the policy to its end.
    case pass
    /// The trace departs from the policy: the first step where it does, and why.
    ///
    /// Boxed: a departure is some 260 bytes, the other verdicts a few words, and outcomes and results
    /// that hold a verdict are moved at every step of a replay and at every pair of a run.
    indirect case fail(Departure)
    /// The trace uses a verb or an observation key outside the policy's vocabulary.
    case inapplicable(reason: String)
    /// The pair could not be evaluated, e.g. a policy expression divided by zero.
    case error(message: String, step: Int, position: TextPosition)

    /// A verdict without its details, to compare and to count by.
    public enum Kind: String, CaseIterable, Sendable {
        /// The trace follows the policy.
        case pass
        /// The trace departs from the policy.
        case fail
        /// The policy cannot judge the trace: it uses a verb or a key outside the policy's vocabulary.
        case inapplicable
        /// The pair could not be evaluated.
        case error
    }

    /// The verdict without its details.
    public var kind: Kind {
        switch self {
        case .pass: return .pass
        case .fail: return .fail
        case .inapplicable: return .inapplicable
        case .error: return .error
        }
    }

    /// The JSON / report name: `pass`, `fail`, `inapplicable`, `error`.
    public var name: String { kind.rawValue }

    /// The line a failure or an error points at.
    public var line: Int? {
        switch self {
        case .fail(let departure): return departure.position.line
        case .error(_, _, let position): return position.line
        case .pass, .inapplicable: return nil
        }
    }

    /// The departure of a `fail`; `nil` for any other verdict.
    public var departure: Departure? {
        if case .fail(let departure) = self { return departure }
        return nil
    }
}

/// The first step at which a trace departs from a policy.
public struct Departure: Sendable {
    /// 1-based step number.
    public var step: Int
    /// Where the departing step is written (its `- ` list item).
    public var position: TextPosition
    /// The policy's control state when the departure happened.
    public var state: String
    /// The line of the departing step in its trace file (1-based; `position.line`), as Docs and the
    /// terminal name it.
    public var line: Int { position.line }
    /// The column where the departing step's `- ` list item starts (1-based; `position.column`).
    public var column: Int { position.column }
    /// The step through which the trace must be read to show the departure: `step`, except for a sheet
    /// missing after an action, which the observation at `shownAt` shows (`conform shrink` keeps it).
    public var shownAt: Int
    /// The sentence and the two JSON objects, built when first read (see `DepartureDetail`).
    var detail: DepartureDetail
    /// The whole observation of the `see` that revealed the departure (every key it names, the departing
    /// ones included); `nil` when an action departed. A baseline matches on it (`BaselineKey.seen`), so
    /// that a change elsewhere in what the screen showed there is not hidden. Kept as the observation
    /// and made JSON only when read, since most departures are never baselined.
    var revealing: Revealing?
    /// `difference`, once made for a departure that several reports show (`rememberDifference()`):
    /// shared by every copy, so that each report reads it rather than making it again.
    var remembered: RememberedDifference?

    enum Revealing: Sendable {
        case observation(Observation)
        case json(JSONValue)
    }

    /// `revealing` as a JSON object (`{ "sheet": "none", "dismissed": true, "saved": true }`).
    public var revealed: JSONValue? {
        switch revealing {
        case .observation(let observation)?: return .object(observation.items.map { ($0.key, $0.value.json) })
        case .json(let value)?: return value
        case nil: return nil
        }
    }

    /// A departure whose message and JSON objects are already written (a shard result read back by `conform merge`).
    public init(step: Int, position: TextPosition, state: String, message: String, expected: JSONValue, observed: JSONValue) {
        self.init(step: step, position: position, state: state, detail: .written(message: message, expected: expected, observed: observed))
    }

    init(step: Int, position: TextPosition, state: String, detail: DepartureDetail, shownAt: Int? = nil, revealing: Observation? = nil) {
        self.step = step
        self.shownAt = shownAt ?? step
        self.position = position
        self.state = state
        self.detail = detail
        self.revealing = revealing.map(Revealing.observation)
    }

    /// A sentence saying what happened, without the location.
    public var message: String { detail.message }

    /// `message` as a JSON string literal, written into `out` (the JSON report writes one per departure).
    public func writeMessage(to out: inout JSONText) { detail.writeMessage(to: &out) }

    /// What the policy allows or shows there, as a JSON object.
    public var expected: JSONValue { detail.expected }

    /// What the trace did or saw, as a JSON object.
    public var observed: JSONValue { detail.observed }

    /// `expected` written as `JSONValue.write(to:pretty:indent:)` writes it (pretty), without building
    /// the value first (`DepartureJSON.swift`): the JSON report writes one for every departure.
    public func writeExpected(to out: inout JSONText, indent: Int) { detail.writeExpected(to: &out, indent: indent) }

    /// `observed` written as `writeExpected(to:indent:)` writes `expected`.
    public func writeObserved(to out: inout JSONText, indent: Int) { detail.writeObserved(to: &out, indent: indent) }
}

/// One transition taken while replaying: which step, from which state, by which pattern, to where.
public struct TakenTransition: Hashable, Sendable, Codable {
    /// The 1-based number of the action step that took it.
    public var step: Int
    /// The state it left.
    public var from: String
    /// The pattern of the transition taken.
    public var pattern: ActionPattern
    /// The 0-based index of the branch taken among the transition's branches.
    public var branch: Int
    /// The state it reached.
    public var to: String

    /// A transition taken at `step`, from `from` by `pattern`'s branch `branch`, to `to`.
    public init(step: Int, from: String, pattern: ActionPattern, branch: Int, to: String) {
        self.step = step
        self.from = from
        self.pattern = pattern
        self.branch = branch
        self.to = to
    }
}

/// A verdict together with the path the model took up to it (for reports and coverage).
public struct CheckOutcome: Sendable, Codable {
    /// What the check concluded.
    public var verdict: Verdict
    /// The transitions taken, in order; empty when the checker was asked not to record them
    /// (`Checker.recordsPath`) or the trace is `inapplicable`.
    public var path: [TakenTransition]

    /// A verdict with the path that led to it.
    public init(verdict: Verdict, path: [TakenTransition]) {
        self.verdict = verdict
        self.path = path
    }
}
