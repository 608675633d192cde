/// One recorded session on one screen: what a person did and what the screen showed.
public struct Trace: Sendable {
    /// The trace id (`trace:`); by default the file name without its directory and last extension.
    public var id: String
    /// Where the `trace:` id is written; `nil` when the id is the file name.
    public var idPosition: TextPosition?
    /// The path as it was given or found, used in every message about this trace.
    public var file: String
    /// One line saying what the trace shows (`title:`).
    public var title: String?
    /// The app under test (`app:`); reports group traces by it.
    public var app: String?
    /// Free text, such as `iOS 17.4` (`platform:`); not checked.
    public var platform: String?
    /// Free text (`device:`); not checked.
    public var device: String?
    /// Free text (`screen:`); not checked.
    public var screen: String?
    /// When the trace was recorded (`recorded:`); ISO 8601 is intended, the format is not checked.
    public var recorded: String?
    /// Free text about the whole trace.
    public var note: String?
    /// The policies this trace claims to follow.
    public var claims: [Claim]
    /// Field values when the form opens.
    public var form: [String: Value]
    /// How the app under test is built where its screen does not show it (`interactiveDismissDisabled: true`);
    /// a policy reads them as `settings.NAME`.
    public var settings: [String: Value]
    /// What happened, in order. A change to them drops `digest`.
    public var steps: [Step] {
        didSet { digest = nil }
    }
    /// What the reader learnt of `steps` while reading them, when it noted it (the direct reader does):
    /// spares each run a walk of the steps per question. `nil` after any change to the steps.
    public var digest: StepsDigest?

    /// A trace from its parts, as the loader makes one; nothing is checked until a `Checker` runs.
    public init(
        id: String, file: String, title: String? = nil, app: String? = nil, platform: String? = nil,
        device: String? = nil, screen: String? = nil, recorded: String? = nil, note: String? = nil, claims: [Claim] = [],
        form: [String: Value] = [:], settings: [String: Value] = [:], steps: [Step]
    ) {
        self.id = id
        self.file = file
        self.title = title
        self.app = app
        self.platform = platform
        self.device = device
        self.screen = screen
        self.recorded = recorded
        self.note = note
        self.claims = claims
        self.form = form
        self.settings = settings
        self.steps = steps
    }
}

/// A policy id that a trace names under `policy:`, and where.
public struct Claim: Hashable, Sendable {
    /// The policy id as written.
    public var policy: String
    /// Where the id is written: a broken claim is reported here.
    public var position: TextPosition

    /// A claim of `policy`, written at `position`.
    public init(policy: String, position: TextPosition) {
        self.policy = policy
        self.position = position
    }
}

/// One step of a trace: an action, or an observation (`see`).
public struct Step: Sendable {
    /// What a step is.
    public enum Kind: Sendable {
        /// Something a person did: `edit`, `tap`, `swipe`, ... or a policy's own verb.
        case action(Action)
        /// A `see` step: what the screen showed.
        case see(Observation)
    }

    /// 1-based number among the trace's steps.
    public var number: Int
    /// Where the step is written; messages about the step point here.
    public var position: TextPosition
    /// The action or observation the step holds.
    public var kind: Kind
    /// The step's `note:`, a comment for people; the checker ignores it.
    public var note: String?
    /// Seconds since the trace began.
    public var at: Double?
    /// A screenshot of what the step saw, as a path relative to the trace file.
    public var evidence: String?

    /// A step from its parts, as the loader makes one.
    public init(number: Int, position: TextPosition, kind: Kind, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        self.number = number
        self.position = position
        self.kind = kind
        self.note = note
        self.at = at
        self.evidence = evidence
    }

    /// Whether the step is an action (not a `see`), found without copying what it holds.
    public var isAction: Bool {
        if case .action = kind { return true }
        return false
    }

    /// The step's verb as written: `see`, `tap`, `edit`, ...
    public var verb: String {
        switch kind {
        case .see: return "see"
        case .action(let action): return action.verb
        }
    }
}
