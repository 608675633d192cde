/// One trace judged by one policy.
public struct PairResult: Sendable, Codable {
    /// The trace id.
    public var trace: String {
        get { record.id }
        set { record = PairTrace(id: newValue, file: file, app: app, title: title) }
    }
    /// The trace file, as it was given or found.
    public var file: String {
        get { record.file }
        set { record = PairTrace(id: trace, file: newValue, app: app, title: title) }
    }
    /// The trace's `app:`, by which reports group.
    public var app: String? {
        get { record.app }
        set { record = PairTrace(id: trace, file: file, app: newValue, title: title) }
    }
    /// The trace's `title:`.
    public var title: String? {
        get { record.title }
        set { record = PairTrace(id: trace, file: file, app: app, title: newValue) }
    }
    /// The parts above, which every pair of one trace shares.
    public private(set) var record: PairTrace
    /// The policy id.
    public var policy: String
    /// Whether this pair decides the exit status (the trace's `policy:` or a `--policy`).
    public var claimed: Bool
    /// The verdict and the transitions taken.
    public var outcome: CheckOutcome
    /// What the departing step's `evidence` names, read for reports: only on a broken claim that departs,
    /// and only when the run keeps steps.
    public var departureEvidence: Evidence? = nil
    /// The baseline entry that matched this broken claim (`--baseline`): accepted, or expired.
    public var baseline: BaselineMark? = nil

    /// The pair's result, unmarked by any baseline.
    public init(
        trace: String, file: String, app: String?, title: String?, policy: String, claimed: Bool, outcome: CheckOutcome,
        departureEvidence: Evidence? = nil
    ) {
        self.init(
            record: PairTrace(id: trace, file: file, app: app, title: title), policy: policy, claimed: claimed, outcome: outcome,
            departureEvidence: departureEvidence)
    }

    /// The pair's result, for a trace whose other pairs share `record`.
    public init(record: PairTrace, policy: String, claimed: Bool, outcome: CheckOutcome, departureEvidence: Evidence? = nil) {
        self.record = record
        self.policy = policy
        self.claimed = claimed
        self.outcome = outcome
        self.departureEvidence = departureEvidence
    }

    /// The pair's verdict.
    public var verdict: Verdict { outcome.verdict }

    /// A shard result carries no baseline mark: `conform merge` judges the whole run against its own
    /// `--baseline`, as the unsharded run does.
    private enum CodingKeys: String, CodingKey {
        case trace, file, app, title, policy, claimed, outcome, departureEvidence
    }

    /// Reads the members a shard file holds (`CodingKeys`), as a synthesised decoder would.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            record: PairTrace(
                id: try container.decode(String.self, forKey: .trace), file: try container.decode(String.self, forKey: .file),
                app: try container.decodeIfPresent(String.self, forKey: .app),
                title: try container.decodeIfPresent(String.self, forKey: .title)),
            policy: try container.decode(String.self, forKey: .policy), claimed: try container.decode(Bool.self, forKey: .claimed),
            outcome: try container.decode(CheckOutcome.self, forKey: .outcome),
            departureEvidence: try container.decodeIfPresent(Evidence.self, forKey: .departureEvidence))
    }

    /// Writes the members in `CodingKeys`' order, absent optionals left out, as a synthesised encoder would.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(trace, forKey: .trace)
        try container.encode(file, forKey: .file)
        try container.encodeIfPresent(app, forKey: .app)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(policy, forKey: .policy)
        try container.encode(claimed, forKey: .claimed)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(departureEvidence, forKey: .departureEvidence)
    }
}

/// What every pair of one trace names of it: its id, file, app and title, made once per trace and shared
/// by its pairs (issue 37 §2). Each pair held the four strings itself: a run of eleven policies made,
/// copied and freed forty-four of them per trace, and a run that keeps its pairs (reports, JSON) kept
/// them all. Constant: a pair that changes one of them gets a record of its own.
public final class PairTrace: Sendable {
    /// The trace id.
    public let id: String
    /// The trace file, as it was given or found.
    public let file: String
    /// The trace's `app:`.
    public let app: String?
    /// The trace's `title:`.
    public let title: String?

    /// The parts of one trace that its pairs share.
    public init(id: String, file: String, app: String?, title: String?) {
        self.id = id
        self.file = file
        self.app = app
        self.title = title
    }
}

/// Everything a run found: the whole trace × policy matrix, the files that could not be read, and the counts.
public struct RunResult: Sendable {
    /// Every trace against every policy, in run order.
    public var results: [PairResult]
    /// The problems that kept a file from being checked, and those found before any file (a missing path);
    /// any makes the exit status 2.
    public var errors: [Diagnostic]
    /// Problems that do not change the exit status (an evidence file that is missing), in run order.
    public var warnings: [Diagnostic]
    /// How many traces were checked.
    public var traceCount: Int
    /// The ids of the policies the traces were checked against.
    public var policyIDs: [String]
    /// The traces in the order they were checked, with their titles and apps, for reports.
    public var traces: [TraceSummary]
    /// Transition coverage of the claimed policies, when it was asked for (`--coverage`).
    public var coverage: CoverageReport?
    /// The lengths of the lines problems and broken claims point at.
    public var lineLengths = LineLengths()
    /// What the run made of its baseline, when it was given one.
    public var baseline: BaselineOutcome?

    /// A run's result; coverage, line lengths and baseline are set afterwards when asked for.
    public init(
        results: [PairResult], errors: [Diagnostic], warnings: [Diagnostic] = [], traceCount: Int, policyIDs: [String],
        traces: [TraceSummary]
    ) {
        self.results = results
        self.errors = errors
        self.warnings = warnings
        self.traceCount = traceCount
        self.policyIDs = policyIDs
        self.traces = traces
    }

    /// Takes in one file's outcome, in the order files are checked.
    public mutating func add(_ outcome: FileOutcome) {
        errors += outcome.errors
        warnings += outcome.warnings
        if let file = outcome.summary?.file ?? outcome.errors.first?.location.file {
            for (line, length) in outcome.lineLengths { lineLengths.set(length, ofLine: line, in: file) }
        }
        guard let summary = outcome.summary else { return }
        traceCount += 1
        traces.append(summary)
        results += outcome.results
    }

    /// The claims that did not hold, in run order, baselined ones included (`PairResult.baseline` marks them).
    public var brokenClaims: [PairResult] { results.filter { $0.claimed && $0.verdict.kind != .pass } }

    /// The run's counts, as every output counts them.
    public var tally: RunTally {
        var tally = RunTally(traces: traceCount, claimsHeld: 0, claimsBroken: 0, errors: errors.count, warnings: warnings.count)
        for pair in results where pair.claimed { tally.count(pair) }
        if let baseline { tally.add(baseline: baseline) }
        return tally
    }

    /// The run again as file outcomes, one per trace in run order (then one with the problems), for
    /// outputs that take a run file by file.
    public var outcomes: [FileOutcome] {
        var byFile: [String: [PairResult]] = [:]
        for pair in results { byFile[pair.file, default: []].append(pair) }
        var outcomes = traces.map { FileOutcome(summary: $0, results: byFile[$0.file] ?? [], errors: []) }
        outcomes.append(FileOutcome(summary: nil, results: [], errors: errors, warnings: warnings))
        return outcomes
    }

    /// The exit status by the one rule (`RunTally.exitStatus`).
    public var exitStatus: Int32 { tally.exitStatus }
}

/// A checked trace as reports list it.
public struct TraceSummary: Sendable, Codable {
    /// The trace id.
    public var id: String
    /// The trace file, as it was given or found.
    public var file: String
    /// The trace's `app:`.
    public var app: String?
    /// The trace's `title:`.
    public var title: String?
    /// The policy ids the trace claims, in its order.
    public var claims: [String]
    /// How many steps the trace has, kept or not.
    public var stepCount: Int
    /// The steps as reports show them; empty unless the run was asked to keep them.
    public var steps: [StepSummary]
    /// Where the `trace:` id is written, if it is.
    public var idPosition: TextPosition?

    /// A summary of one trace; `steps` is empty unless the run keeps them.
    public init(
        id: String, file: String, app: String?, title: String?, claims: [String], stepCount: Int, steps: [StepSummary],
        idPosition: TextPosition? = nil
    ) {
        self.id = id
        self.idPosition = idPosition
        self.file = file
        self.app = app
        self.title = title
        self.claims = claims
        self.stepCount = stepCount
        self.steps = steps
    }
}

/// One step of a trace as reports show it.
public struct StepSummary: Sendable, Codable {
    /// The step's 1-based number.
    public var number: Int
    /// Where the step is written.
    public var position: TextPosition
    /// The step's verb: `see`, `tap`, `edit`, ...
    public var verb: String
    /// The step in words: `tap Done`, `see done: enabled, sheet: none`.
    public var text: String
    /// The step's `note:`.
    public var note: String?
    /// The step's `evidence` path, as written (relative to the trace file).
    public var evidence: String?

    /// The summary of `step`.
    public init(_ step: Step) {
        number = step.number
        position = step.position
        verb = step.verb
        note = step.note
        evidence = step.evidence
        switch step.kind {
        case .action(let action): text = action.detailed
        case .see(let observation):
            text = "see " + observation.items.map { "\($0.key): \($0.value.display)" }.joined(separator: ", ")
        }
    }
}
