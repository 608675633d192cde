import ConformCore

/// What the Markdown, HTML and SARIF reports show of a run: every count, problem and broken claim,
/// but the steps of only a few hundred traces and the matrix rows of a few thousand.
struct RunFacts {
    /// The traces kept: in full (steps, paths) for those in `detailed`, as matrix rows for the others;
    /// every problem and warning; the line lengths; the coverage.
    var kept: RunResult
    var tally = RunTally()
    /// Every broken claim, in run order, without the path the model took (no report draws it).
    var brokenClaims: [PairResult] = []
    /// The policies some trace claims.
    var claimedPolicies = Set<String>()
    /// The files whose steps were kept.
    var detailed = Set<String>()
    /// Per app, its claims and what it agrees with: every trace counted, as the terminal report counts them.
    var apps: AppAgreements

    init(policyIDs: [String]) {
        kept = RunResult(results: [], errors: [], traceCount: 0, policyIDs: policyIDs, traces: [])
        apps = AppAgreements(policyIDs: policyIDs)
    }
}

/// Gathers the `RunFacts` while the run goes, so that the reports' memory does not grow with the
/// number of traces (the HTML page spools its full matrix to disk; the JSON report has every result).
/// Shared by the reports of one run; the first of them feeds it.
final class RunDigest {
    private var facts: RunFacts
    /// Which traces are kept, and how; the checking threads ask it which may still be kept in full.
    let gate = RetentionGate()

    init(context: RunContext) {
        facts = RunFacts(policyIDs: context.policyIDs)
    }

    func add(_ outcome: FileOutcome) {
        if facts.kept.traces.isEmpty, outcome.summary != nil {
            // Room for every row kept, once: regrowing an array of large pairs copied it again and again.
            // (Address space only: pages are touched as rows come.)
            facts.kept.traces.reserveCapacity(2 * Retention.rows)
            facts.kept.results.reserveCapacity(2 * Retention.rows * outcome.results.count)
        }
        facts.tally.add(outcome)
        facts.apps.add(outcome)
        var outcome = outcome
        // What is kept of the trace's departures is copied out of its tables, an observation once for
        // all of them (`outcome`, the caller's, keeps the tables alive until this returns).
        var copies = DetachedObservations()
        // By position: binding each pair copied it (every string retained), and most are not claimed.
        for index in outcome.results.indices where outcome.results[index].claimed {
            facts.claimedPolicies.insert(outcome.results[index].policy)
            guard outcome.results[index].verdict.kind != .pass else { continue }
            var broken = outcome.results[index]
            broken.outcome.path = []
            broken.detachFromTrace(sharing: &copies)
            facts.brokenClaims.append(broken)
        }
        switch gate.decide(outcome) {
        case .details:
            if let file = outcome.summary?.file { facts.detailed.insert(file) }
            for index in outcome.results.indices { outcome.results[index].detachFromTrace(sharing: &copies) }
        case .row:
            outcome.summary?.steps = []
            for index in outcome.results.indices {
                outcome.results[index].outcome.path = []
                outcome.results[index].detachFromTrace(sharing: &copies)
            }
        case .none:
            // Counts, problems and broken claims are kept above, and the lines they point at here.
            if let file = outcome.summary?.file ?? outcome.errors.first?.location.file {
                for (line, length) in outcome.lineLengths { facts.kept.lineLengths.set(length, ofLine: line, in: file) }
            }
            outcome = FileOutcome(summary: nil, results: [], errors: outcome.errors, warnings: outcome.warnings)
        }
        facts.kept.add(outcome)
        facts.kept.traceCount = facts.tally.traces
    }

    /// The facts once the run is over: with the problems found before any file, the coverage and the
    /// line lengths that came with the ending.
    func facts(ending: RunEnding) -> RunFacts {
        var done = facts
        done.kept.errors = ending.leadingErrors + facts.kept.errors
        done.kept.coverage = ending.coverage
        done.kept.lineLengths.merge(ending.lineLengths)
        done.tally.add(errors: ending.leadingErrors)
        done.kept.baseline = ending.baseline
        if let baseline = ending.baseline { done.tally.add(baseline: baseline) }
        return done
    }
}

/// Which traces a report shows in full, in the order they come: the first failing ones, then a few
/// passing ones, as rows the first few thousand of each. The HTML page decides with its own copy, so
/// that its matrix links exactly the traces whose details it shows.
struct Retention {
    /// Traces with a broken claim shown with their steps and diagrams.
    static let failingDetails = 500
    /// Traces whose claims all hold shown with their steps (the rest are rows of the matrix).
    static let passingDetails = 100
    /// Matrix rows kept in memory of each kind (the Markdown report shows at most 1,600).
    static let rows = 2_000

    enum Keep { case details, row, none }

    private var failing = 0
    private var passing = 0

    mutating func decide(_ outcome: FileOutcome) -> Keep {
        guard outcome.summary != nil else { return .none }
        if Self.isFailing(outcome) {
            failing += 1
            return failing <= Self.failingDetails ? .details : failing <= Self.rows ? .row : .none
        }
        passing += 1
        return passing <= Self.passingDetails ? .details : passing <= Self.rows ? .row : .none
    }

    /// Whether a later trace, failing or not, may still be shown in full.
    func mayStillShow(failing: Bool) -> Bool {
        failing ? self.failing < Self.failingDetails : passing < Self.passingDetails
    }

    /// Whether a claim of the trace does not hold.
    static func isFailing(_ outcome: FileOutcome) -> Bool {
        isFailing(outcome.results)
    }

    static func isFailing(_ results: [PairResult]) -> Bool {
        results.contains { $0.claimed && $0.verdict.kind != .pass }
    }
}

/// A report's hold on the run's digest: the reports of one run share one, and only the first of them
/// feeds it, so that each outcome is taken in once however many reports are written.
struct SharedDigest {
    let digest: RunDigest
    let feeds: Bool

    init(context: RunContext) {
        digest = RunDigest(context: context)
        feeds = true
    }

    private init(digest: RunDigest) {
        self.digest = digest
        feeds = false
    }

    /// The same digest for another report, which reads it but does not feed it.
    func shared() -> SharedDigest { SharedDigest(digest: digest) }

    func add(_ outcome: FileOutcome) {
        if feeds { digest.add(outcome) }
    }

    func facts(ending: RunEnding) -> RunFacts { digest.facts(ending: ending) }

    /// The steps the reports reading this digest show.
    var stepDemand: StepDemand { .retained(digest.gate) }
}
