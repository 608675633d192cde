import ConformCore
import ConformKit
import ConformReports

extension RunOutputs {
    /// Finishes a run's outputs (`conform run`, `conform merge`) the one way: the problems found before
    /// any file first, coverage when it was gathered, the baseline's outcome, line lengths when reports need them.
    /// - Returns: the exit status by the outputs' tally (2 when an output could not be made).
    func finish(leading: [Diagnostic], coverage: CoverageTally?, baseline: BaselineOutcome?, policies: [Policy], needsSteps: Bool) -> Int32
    {
        let report = coverage.map { tally in
            CoverageReport(policies: policies, covered: tally.covered, toldApart: tally.toldApart, revealed: tally.revealed)
        }
        return finish(
            RunEnding(
                leadingErrors: leading, coverage: report, lineLengths: needsSteps ? .measuring(leading) : LineLengths(), baseline: baseline)
        )
    }
}
