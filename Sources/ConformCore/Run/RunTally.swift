/// The counts of a run and the one rule that turns them into an exit status. Every output (terminal,
/// JSON, reports) keeps its counts in a `RunTally`, file by file, so they all agree.
public struct RunTally: Sendable {
    public private(set) var traces = 0
    public private(set) var claimsHeld = 0
    /// Claims that did not hold: failed, inapplicable to the claimed policy, or not evaluable.
    public private(set) var claimsBroken = 0
    /// Files that could not be read, and problems found before any file (missing paths, no trace).
    public private(set) var errors = 0
    /// Problems that never change the exit status (an evidence file that is missing).
    public private(set) var warnings = 0

    public init() {}

    public init(traces: Int, claimsHeld: Int, claimsBroken: Int, errors: Int, warnings: Int) {
        self.traces = traces
        self.claimsHeld = claimsHeld
        self.claimsBroken = claimsBroken
        self.errors = errors
        self.warnings = warnings
    }

    public mutating func add(_ outcome: FileOutcome) {
        errors += outcome.errors.count
        warnings += outcome.warnings.count
        guard outcome.summary != nil else { return }
        traces += 1
        for pair in outcome.results where pair.claimed {
            if pair.verdict.kind == .pass { claimsHeld += 1 } else { claimsBroken += 1 }
        }
    }

    /// Problems found outside any trace file (a missing path, a policy file that does not load).
    public mutating func add(errors diagnostics: [Diagnostic]) {
        errors += diagnostics.count
    }

    public var claims: Int { claimsHeld + claimsBroken }

    /// 0 when every claim holds; 1 when one does not; 2 when a file could not be read or no trace was
    /// found (also when claims failed too). Warnings never count.
    public var exitStatus: Int32 {
        if errors > 0 || traces == 0 { return 2 }
        return claimsBroken > 0 ? 1 : 0
    }
}
