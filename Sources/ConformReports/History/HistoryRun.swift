import ConformCore

/// One run document reduced to what the history page shows: where it came from, when it was
/// recorded, its counts and its claims (the unclaimed cells of the matrix are not kept, so that a
/// history of a hundred large runs fits in memory).
public struct HistoryRun: Sendable, Equatable {
    /// The document's path relative to the history folder: how the page names the run.
    public var name: String
    /// When the run was made (the document's `recordedAt`), if it says.
    public var recordedAt: Timestamp?
    /// The conform version that wrote the document, if it said.
    public var version: String?
    /// The document's summary.
    public var counts: Counts
    /// Every claim of the run (a result with `claimed: true`), in the document's order.
    public var claims: [Claim]

    /// A run read from a document.
    public init(name: String, recordedAt: Timestamp?, version: String?, counts: Counts, claims: [Claim]) {
        self.name = name
        self.recordedAt = recordedAt
        self.version = version
        self.counts = counts
        self.claims = claims
    }

    /// The document's `summary`: what the counts chart draws.
    public struct Counts: Sendable, Equatable {
        /// Trace files checked.
        public var traces: Int
        /// Claims that held.
        public var claimsHeld: Int
        /// Claims that did not hold and failed the run.
        public var claimsBroken: Int
        /// Claims that did not hold but that a baseline entry accepted.
        public var claimsBaselined: Int
        /// Problems in the input (files that could not be read, no trace found).
        public var errors: Int

        /// Counts as a summary states them.
        public init(traces: Int, claimsHeld: Int, claimsBroken: Int, claimsBaselined: Int = 0, errors: Int) {
            self.traces = traces
            self.claimsHeld = claimsHeld
            self.claimsBroken = claimsBroken
            self.claimsBaselined = claimsBaselined
            self.errors = errors
        }
    }

    /// One claim (a trace and the policy it claims) as one run judged it.
    public struct Claim: Sendable, Equatable {
        /// The app the trace records, if it names one.
        public var app: String?
        /// The trace's id.
        public var trace: String
        /// The trace's file, as the run gave or found it.
        public var file: String
        /// The claimed policy's id.
        public var policy: String
        /// Whether it held.
        public var outcome: Outcome
        /// Where it departed (a `fail`), for the broken-claims table.
        public var step: Int?
        /// The departing step's line in the trace file.
        public var line: Int?
        /// What went wrong, as the run said it (a departure's headline, an inapplicable claim, an error).
        public var message: String?
        /// A departure's parts that differ, a sentence each (`ValueDifference.sentence`).
        public var differences: [String]

        /// A claim as a run document states it.
        public init(
            app: String?, trace: String, file: String, policy: String, outcome: Outcome, step: Int? = nil, line: Int? = nil,
            message: String? = nil, differences: [String] = []
        ) {
            self.differences = differences
            self.app = app
            self.trace = trace
            self.file = file
            self.policy = policy
            self.outcome = outcome
            self.step = step
            self.line = line
            self.message = message
        }
    }

    /// A claim's outcome in one run, as the run's exit status counts it.
    public enum Outcome: String, Sendable, Equatable, Comparable {
        /// The trace passes the policy.
        case holds
        /// A baseline entry accepts the failure: the run did not fail on it.
        case baselined
        /// Failed, inapplicable or not evaluable, and not accepted by a baseline: the run failed on it.
        case broken

        /// Worse is greater: a group of claims is as bad as its worst.
        public static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rank < rhs.rank }

        private var rank: Int {
            switch self {
            case .holds: 0
            case .baselined: 1
            case .broken: 2
            }
        }
    }
}
