/// The counts of a run and the one rule that turns them into an exit status. Every output (terminal,
/// JSON, reports) keeps its counts in a `RunTally`, file by file, so they all agree.
public struct RunTally: Sendable {
    /// Trace files that loaded and were checked.
    public private(set) var traces = 0
    /// Claims that held: the trace passes the policy it claims.
    public private(set) var claimsHeld = 0
    /// Claims that did not hold and fail the run: failed, inapplicable to the claimed policy, or not
    /// evaluable, and not baselined (an expired baseline entry counts here).
    public private(set) var claimsBroken = 0
    /// Claims that did not hold but that a baseline entry accepts: they do not fail the run.
    public private(set) var claimsBaselined = 0
    /// Of `claimsBroken`, those whose baseline entry has expired.
    public private(set) var claimsExpired = 0
    /// Files that could not be read, and problems found before any file (missing paths, no trace).
    public private(set) var errors = 0
    /// Problems that never change the exit status (an evidence file that is missing).
    public private(set) var warnings = 0
    /// Whether the run was judged against a baseline (`--baseline` or `--write-baseline`).
    public private(set) var hasBaseline = false
    /// Baseline entries that matched no broken claim.
    public private(set) var staleEntries = 0
    /// `--strict-baseline`: stale entries fail the run.
    public private(set) var strictBaseline = false

    /// A tally of nothing yet.
    public init() {}

    /// A tally with these counts, no baseline judged.
    public init(traces: Int, claimsHeld: Int, claimsBroken: Int, errors: Int, warnings: Int, claimsBaselined: Int = 0) {
        self.traces = traces
        self.claimsHeld = claimsHeld
        self.claimsBroken = claimsBroken
        self.errors = errors
        self.warnings = warnings
        self.claimsBaselined = claimsBaselined
    }

    /// Counts one file: its problems and, when it loaded, the trace and its claims.
    public mutating func add(_ outcome: FileOutcome) {
        errors += outcome.errors.count
        warnings += outcome.warnings.count
        guard outcome.summary != nil else { return }
        traces += 1
        // By position: binding each pair copied it (every string retained) only to read `claimed`.
        for index in outcome.results.indices where outcome.results[index].claimed { count(outcome.results[index]) }
    }

    /// Counts one claim.
    mutating func count(_ pair: PairResult) {
        if pair.verdict.kind == .pass {
            claimsHeld += 1
        } else if pair.isBaselined {
            claimsBaselined += 1
        } else {
            claimsBroken += 1
            if pair.baseline?.expired == true { claimsExpired += 1 }
        }
    }

    /// Problems found outside any trace file (a missing path, a policy file that does not load).
    public mutating func add(errors diagnostics: [Diagnostic]) {
        errors += diagnostics.count
    }

    /// What the run made of its baseline, once every file is done.
    public mutating func add(baseline: BaselineOutcome) {
        hasBaseline = true
        staleEntries = baseline.stale.count
        strictBaseline = baseline.strict
    }

    /// Every claim counted: held, broken or baselined.
    public var claims: Int { claimsHeld + claimsBroken + claimsBaselined }

    /// 0 when every claim holds or is baselined; 1 when one fails the run (or, with
    /// `--strict-baseline`, a baseline entry is stale); 2 when a file could not be read or no trace was
    /// found (also when claims failed too). Warnings never count.
    public var exitStatus: Int32 {
        if errors > 0 || traces == 0 { return 2 }
        if claimsBroken > 0 || (strictBaseline && staleEntries > 0) { return 1 }
        return 0
    }

    /// The exit status of one shard of a run (`--shard`): as `exitStatus`, except that a shard that was
    /// dealt no trace is no error (the whole run's "no trace found" is an error, and is counted in `errors`).
    public var shardExitStatus: Int32 {
        if errors > 0 { return 2 }
        if claimsBroken > 0 || (strictBaseline && staleEntries > 0) { return 1 }
        return 0
    }
}
