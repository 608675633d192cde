import ConformCore

/// One trace judged by one policy.
public struct PairResult: Sendable {
    public var trace: String
    public var file: String
    public var app: String?
    public var title: String?
    public var policy: String
    /// Whether this pair decides the exit status (the trace's `policy:` or a `--policy`).
    public var claimed: Bool
    public var outcome: CheckOutcome
    /// What the departing step's `evidence` names, read for reports: only on a broken claim that departs,
    /// and only when the run keeps steps.
    public var departureEvidence: Evidence? = nil

    public var verdict: Verdict { outcome.verdict }
}

/// Everything a run found: the whole trace × policy matrix, the files that could not be read, and the counts.
public struct RunResult: Sendable {
    public var results: [PairResult]
    public var errors: [Diagnostic]
    /// Problems that do not change the exit status (an evidence file that is missing), in run order.
    public var warnings: [Diagnostic]
    public var traceCount: Int
    public var policyIDs: [String]
    /// The traces in the order they were checked, with their titles and apps, for reports.
    public var traces: [TraceSummary]
    /// Transition coverage of the claimed policies, when it was asked for (`--coverage`).
    public var coverage: CoverageReport?

    public init(
        results: [PairResult], errors: [Diagnostic], warnings: [Diagnostic] = [], traceCount: Int, policyIDs: [String], traces: [TraceSummary]
    ) {
        self.results = results
        self.errors = errors
        self.warnings = warnings
        self.traceCount = traceCount
        self.policyIDs = policyIDs
        self.traces = traces
    }

    /// Takes in one file's outcome, in the order files are checked.
    public mutating func add(_ outcome: ConformRunner.FileOutcome) {
        errors += outcome.errors
        warnings += outcome.warnings
        guard let summary = outcome.summary else { return }
        traceCount += 1
        traces.append(summary)
        results += outcome.results
    }

    public var claimsPassed: Int { results.filter { $0.claimed && $0.verdict.name == "pass" }.count }
    /// Claims that did not hold: failed, inapplicable to the claimed policy, or not evaluable.
    public var claimsFailed: Int { brokenClaims.count }

    /// The claims that did not hold, in run order.
    public var brokenClaims: [PairResult] { results.filter { $0.claimed && $0.verdict.name != "pass" } }

    /// 0 when every claim holds, 1 when one does not, 2 when a file could not be read or no trace was found.
    /// Warnings never count.
    public var exitStatus: Int32 {
        if !errors.isEmpty || traceCount == 0 { return 2 }
        return claimsFailed > 0 ? 1 : 0
    }
}

/// A checked trace as reports list it.
public struct TraceSummary: Sendable {
    public var id: String
    public var file: String
    public var app: String?
    public var title: String?
    public var claims: [String]
    public var stepCount: Int
    /// The steps as reports show them; empty unless the run was asked to keep them.
    public var steps: [StepSummary]
}

/// One step of a trace as reports show it.
public struct StepSummary: Sendable {
    public var number: Int
    public var position: TextPosition
    public var verb: String
    /// The step in words: `tap Done`, `see done: enabled, sheet: none`.
    public var text: String
    public var note: String?
    /// The step's `evidence` path, as written (relative to the trace file).
    public var evidence: String?

    public init(_ step: Step) {
        number = step.number
        position = step.position
        verb = step.verb
        note = step.note
        evidence = step.evidence
        switch step.kind {
        case .action(let action): text = action.display
        case .see(let observation):
            text = "see " + observation.items.map { "\($0.key): \($0.value.display)" }.joined(separator: ", ")
        }
    }
}
