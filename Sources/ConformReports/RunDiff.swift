import ConformCore

/// What a change did between two runs (`conform diff BASE.json HEAD.json`), trace by trace and policy by
/// policy: claims newly broken and fixed, departures that moved, claims made or withdrawn, traces
/// renamed, added or removed, and per app the policies it now agrees with or no longer does. The
/// outputs (text, Markdown, JSON, GitHub) render this one value, so that they cannot disagree.
public struct RunDiff: Sendable {
    /// One run as the diff names it.
    public struct Side: Sendable {
        /// The document's file, as given.
        public var file: String
        /// The conform that wrote it, when recorded.
        public var version: String?
        /// When the run was made, when recorded.
        public var recordedAt: String?
        /// Traces in the run.
        public var traces: Int
        /// Whether the document records its policies' digests (documents of conform 0.1.0 before they did do not).
        public var digestsRecorded: Bool
        /// The paths the run was given, as its document records them; `nil` in documents written before it did.
        public var paths: [String]?
    }

    /// How the two runs' trace files were compared.
    public enum FileComparison: String, Sendable {
        /// Each file relative to the paths its run was given (both documents record them): the same
        /// trace run from another folder or checkout, or with absolute paths, is in the same file.
        case relative
        /// As written, because a document does not record its run's paths: a run made from another
        /// folder shows its traces as renamed.
        case asWritten
    }

    /// A trace as one run has it.
    public struct TraceRef: Sendable, Equatable {
        /// The trace's id.
        public var trace: String
        /// Its file.
        public var file: String
        /// Its `app:`.
        public var app: String?
    }

    /// A pair's verdict with its details, as one run has it.
    public struct Verdict: Sendable, Equatable {
        /// `pass`, `fail`, `inapplicable` or `error`.
        public var kind: ConformCore.Verdict.Kind
        /// The departing step (on `fail`).
        public var step: Int?
        /// Where the departing step is written.
        public var line: Int?
        /// Its column.
        public var column: Int?
        /// The policy's state at the departure.
        public var state: String?
        /// What went wrong.
        public var message: String?
        /// What the policy expected.
        public var expected: JSONValue?
        /// What the trace showed.
        public var observed: JSONValue?
        /// A baseline entry accepts the broken claim.
        public var baselined: Bool

        init(_ result: RunDocument.Result) {
            kind = result.verdict
            step = result.step
            line = result.line
            column = result.column
            state = result.state
            message = result.message
            expected = result.expected
            observed = result.observed
            baselined = result.baselined == true
        }

        /// What the outputs show of a departure: its headline and the parts that differ.
        var difference: DepartureDifference {
            DepartureDifference(message: message ?? "", expected: expected ?? .null, observed: observed ?? .null)
        }

        /// What differs between two departures, in the order the outputs say it.
        func changes(to other: Verdict) -> [Aspect] {
            var aspects: [Aspect] = []
            if kind != other.kind { aspects.append(.verdict) }
            if step != other.step { aspects.append(.step) }
            if state != other.state { aspects.append(.state) }
            if expected != other.expected { aspects.append(.expected) }
            if observed != other.observed { aspects.append(.observed) }
            // A departure's message follows from the rest; another kind's is all it has.
            if kind != .fail || other.kind != .fail, message != other.message { aspects.append(.message) }
            return aspects
        }
    }

    /// What about a departure moved.
    public enum Aspect: String, Sendable, CaseIterable {
        /// Another verdict (`fail` to `error`, say).
        case verdict
        /// Another step.
        case step
        /// Another state of the policy.
        case state
        /// Another expectation.
        case expected
        /// Another observation.
        case observed
        /// Another message (an inapplicable or erroring pair).
        case message
    }

    /// How a claim stood in one run.
    public enum ClaimState: String, Sendable {
        /// The claim holds.
        case held
        /// The claim is broken, and a baseline accepts it.
        case baselined
        /// The claim is broken.
        case broken
        /// The trace does not claim the policy.
        case unclaimed
        /// The trace is not in the run.
        case absent

        init(_ result: RunDocument.Result) {
            guard result.claimed else {
                self = .unclaimed
                return
            }
            self = result.verdict == .pass ? .held : result.baselined == true ? .baselined : .broken
        }
    }

    /// One trace and policy whose claim changed.
    public struct ClaimChange: Sendable {
        /// The trace in the head run (in the base run for a claim withdrawn from a removed trace).
        public var trace: TraceRef
        /// The policy.
        public var policy: String
        /// How the claim stood in each run.
        public var before: ClaimState
        /// How the claim stands now.
        public var after: ClaimState
        /// The base run's verdict, when the trace was there.
        public var base: Verdict?
        /// The head run's verdict, when the trace is there.
        public var head: Verdict?
    }

    /// A departure of one trace and policy found in both runs, elsewhere.
    public struct Move: Sendable {
        /// The trace in the head run.
        public var trace: TraceRef
        /// The policy.
        public var policy: String
        /// Whether the head run's trace claims the policy.
        public var claimed: Bool
        /// What differs.
        public var aspects: [Aspect]
        /// Where it departed in the base run.
        public var base: Verdict
        /// Where it departs now.
        public var head: Verdict
    }

    /// A trace found in both runs under another id or in another file.
    public struct Rename: Sendable {
        /// `id`: the same file, another id; `file`: the same id, another file.
        public enum Kind: String, Sendable {
            /// The same file, another id.
            case id
            /// The same id, another file.
            case file
        }

        /// Which of the two changed.
        public var kind: Kind
        /// The trace in the base run.
        public var base: TraceRef
        /// The trace in the head run.
        public var head: TraceRef
    }

    /// How an app stands with one policy in one run, as the reports' per-app lines word it.
    public enum Agreement: Sendable, Equatable {
        /// The app claims it, and every claim holds.
        case holds(made: Int)
        /// The app claims it; some claims are broken (and not all accepted by a baseline).
        case broken(held: Int, made: Int)
        /// The app claims it; the broken claims are accepted by a baseline.
        case baselined(held: Int, made: Int)
        /// Unclaimed: every trace it can judge agrees.
        case agree
        /// Unclaimed: some of the traces it can judge agree.
        case partly(passed: Int, judged: Int)
        /// Unclaimed: none of the traces it can judge agrees.
        case differ
        /// It can judge no trace of the app.
        case none

        /// Whether the app behaves as the policy says: its claims hold, or every trace agrees.
        public var agrees: Bool {
            switch self {
            case .holds, .agree: return true
            default: return false
            }
        }

        /// Whether the app claims the policy.
        public var claimed: Bool {
            switch self {
            case .holds, .broken, .baselined: return true
            default: return false
            }
        }

        /// `agree`, `partly 1/3`, `differ`, `holds 3/3`, `broken 1/3 hold`, `cannot judge`.
        public var words: String {
            switch self {
            case .holds(let made): return "claimed, holds \(made)/\(made)"
            case .broken(let held, let made): return "claimed, broken \(held)/\(made) hold"
            case .baselined(let held, let made): return "claimed, baselined \(held)/\(made) hold"
            case .agree: return "agree"
            case .partly(let passed, let judged): return "partly \(passed)/\(judged)"
            case .differ: return "differ"
            case .none: return "cannot judge"
            }
        }

        /// The word alone, for JSON: `holds`, `broken`, `baselined`, `agree`, `partly`, `differ`, `none`.
        public var word: String {
            switch self {
            case .holds: return "holds"
            case .broken: return "broken"
            case .baselined: return "baselined"
            case .agree: return "agree"
            case .partly: return "partly"
            case .differ: return "differ"
            case .none: return "none"
            }
        }
    }

    /// One policy an app now agrees with, or no longer does.
    public struct AgreementChange: Sendable {
        /// The policy.
        public var policy: String
        /// How the app stood with it in the base run.
        public var base: Agreement
        /// How it stands now.
        public var head: Agreement
    }

    /// An app (found in both runs) whose agreement with some policy flipped.
    public struct AppChange: Sendable {
        /// The app (`(no app)` for traces without `app:`).
        public var app: String
        /// Policies it agrees with now and did not before.
        public var nowAgrees: [AgreementChange]
        /// Policies it agreed with before and does not now.
        public var noLongerAgrees: [AgreementChange]
    }

    /// The base run.
    public var base: Side
    /// The head run.
    public var head: Side
    /// The policies loaded in both runs, by id.
    public var policies: [String]
    /// How trace files were compared: relative to each run's paths, or as written.
    public var filesCompared: FileComparison = .relative
    /// Claims that hold no longer, or were made anew (or by a new trace) and do not hold: these make the exit status 1.
    public var newlyBroken: [ClaimChange] = []
    /// Claims broken in the base run that hold now.
    public var fixed: [ClaimChange] = []
    /// Claims broken in both runs whose departure moved.
    public var moved: [Move] = []
    /// Claims a trace found in both runs makes now and did not before, that hold.
    public var claimsMade: [ClaimChange] = []
    /// Claims a trace found in both runs made before and does not now.
    public var claimsWithdrawn: [ClaimChange] = []
    /// Traces found in both runs under another id or in another file.
    public var renamed: [Rename] = []
    /// Traces only in the head run.
    public var added: [TraceRef] = []
    /// Traces only in the base run.
    public var removed: [TraceRef] = []
    /// Apps whose agreement with some policy flipped.
    public var apps: [AppChange] = []
    /// Departures of unclaimed pairs, found in both runs, that moved.
    public var unclaimedMoved: [Move] = []

    /// Whether a claim is newly broken.
    public var isWorse: Bool { !newlyBroken.isEmpty }

    /// `conform diff`'s exit status for a diff it could make: 1 when a claim is newly broken, else 0.
    public var exitStatus: Int32 { isWorse ? 1 : 0 }

    /// Whether nothing at all changed.
    public var isEmpty: Bool {
        newlyBroken.isEmpty && fixed.isEmpty && moved.isEmpty && claimsMade.isEmpty && claimsWithdrawn.isEmpty && renamed.isEmpty
            && added.isEmpty && removed.isEmpty && apps.isEmpty && unclaimedMoved.isEmpty
    }

    /// Whether the two runs were made by different versions of conform (both recorded).
    public var versionsDiffer: Bool {
        if let a = base.version, let b = head.version { return a != b }
        return false
    }
}
