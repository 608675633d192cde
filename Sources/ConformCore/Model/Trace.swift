/// One recorded session on one screen: what a person did and what the screen showed.
public struct Trace: Sendable {
    public var id: String
    /// Where the `trace:` id is written; `nil` when the id is the file name.
    public var idPosition: TextPosition?
    /// The path as it was given or found, used in every message about this trace.
    public var file: String
    public var title: String?
    public var app: String?
    public var platform: String?
    public var device: String?
    public var screen: String?
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
    public var steps: [Step]

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
    public var policy: String
    public var position: TextPosition

    public init(policy: String, position: TextPosition) {
        self.policy = policy
        self.position = position
    }
}

/// One step of a trace: an action, or an observation (`see`).
public struct Step: Sendable {
    public enum Kind: Sendable {
        case action(Action)
        case see(Observation)
    }

    /// 1-based number among the trace's steps.
    public var number: Int
    public var position: TextPosition
    public var kind: Kind
    public var note: String?
    /// Seconds since the trace began.
    public var at: Double?
    /// A screenshot of what the step saw, as a path relative to the trace file.
    public var evidence: String?

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
