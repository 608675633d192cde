import ConformCore

/// A check run over one trace once its replays are done, giving the warnings a run or lint shows about
/// it (Docs/Architecture.md, "The run and its outputs": load → replay → checks → outputs). Each is a
/// type of its own in the runner's `traceChecks` list, so a new warning is a new type and a place in
/// that list, not a change to the runner. A check reads what the replays gathered (`CheckedTrace`) and
/// replays nothing itself.
protocol TraceWarningCheck: Sendable {
    /// The warnings about `checked.trace`, in the order they are shown. A check may attach what it
    /// finds to the results (`DepartureEvidence` does), never change a verdict.
    func warnings(about checked: inout CheckedTrace) -> [Diagnostic]

    /// Whether its warnings are about evidence files: a run's outcome counts those apart
    /// (`FileOutcome.evidenceWarningCount`), the last of its warnings, which `conform merge` reads again.
    var warnsAboutEvidence: Bool { get }
}

extension TraceWarningCheck {
    var warnsAboutEvidence: Bool { false }
}

/// What the checks are given about one trace: the trace, its pairs in the order of the library's
/// policies, and what each claimed pair's replay counted on the way (`Exercise`), so that no check
/// replays the trace again.
struct CheckedTrace {
    let trace: Trace
    /// The library's policies, in the order of `results`.
    let policies: [Policy]
    /// The trace's pairs, one per policy.
    var results: [PairResult]
    /// Per policy, what the replay of a claimed pair judged (`Checker.check(_:against:recordingPath:exercising:replaying:)`);
    /// `nil` for the others.
    let exercises: [Exercise?]
    /// Where evidence may be read, when the run keeps steps (only reports show evidence); `nil` otherwise.
    let evidenceFolders: EvidenceConfinement?

    /// What the policy at `index` judged of the trace: counted in its replay when it was claimed, else
    /// replayed again for it (`Checker.exercise`). Meant for a pair that passes.
    func exercise(at index: Int) -> Exercise {
        if exercises.indices.contains(index), let exercise = exercises[index] { return exercise }
        return Checker.exercise(trace, against: policies[index])
    }
}

extension ConformRunner {
    /// The checks `conform run` makes of every trace, in the order their warnings are shown: claims that
    /// hold without showing their behaviour, predicted sheet titles, form fields a claimed policy reads
    /// and the trace lacks, and, last, the departures' evidence (when the run keeps steps).
    static let runChecks: [any TraceWarningCheck] = [
        VacuousClaims(), PlaceholderTitles(), UndeclaredFieldReads(declaredElsewhere: nil), DepartureEvidence(),
    ]

    /// The checks `conform lint` makes: a run's, with lint's choice of field reads (`UndeclaredFieldReads`)
    /// and the slips of labels and titles (a run reports those as departures).
    static func lintChecks(fieldsDeclaredByClaimingTraces: [String: Set<String>]) -> [any TraceWarningCheck] {
        [
            VacuousClaims(), PlaceholderTitles(), UndeclaredFieldReads(declaredElsewhere: fieldsDeclaredByClaimingTraces), LabelSlips(),
            DepartureEvidence(),
        ]
    }
}
