/// What one trace file contributes to a run: its summary, its row of the matrix, its problems.
/// Renderers take a run one `FileOutcome` at a time, in file order.
public struct FileOutcome: Sendable {
    /// `nil` when the file could not be read as a trace.
    public var summary: TraceSummary?
    /// The trace against every policy; empty when the file did not load.
    public var results: [PairResult]
    /// Why the file could not be checked; any makes the exit status 2.
    public var errors: [Diagnostic]
    /// Text renderers made on the thread that checked the file (`RunRenderer.preparer`), each under
    /// its own key: the results as JSON, the HTML matrix row, the JUnit test cases. Empty for an
    /// outcome read back from a shard's document: a renderer then makes its text itself.
    public var prepared: [String: String] = [:]
    /// With `revealDifferences`: per pair of policies (`CoverageTally.pairKey`), the differences the trace shows.
    /// Filled in a shard, on every pair (what `conform merge` needs); a whole run gives the run's in its
    /// ending (`ConformRunner.Ending.revealed`), on the pairs of claimed policies only.
    public var revealed: [String: Set<String>] = [:]
    /// Problems that do not change the exit status, e.g. an evidence file that is missing.
    public var warnings: [Diagnostic] = []
    /// How many of `warnings`, the last ones, are about evidence, which only a run that keeps steps reads:
    /// what `conform merge` drops when its outputs show no steps (the others, such as a vacuous claim, stay).
    public var evidenceWarningCount = 0
    /// The lengths of the file's lines that its problems and broken claims point at (reports only).
    public var lineLengths: [Int: Int] = [:]

    /// A file's outcome; `summary` is `nil` when the file could not be read as a trace.
    public init(summary: TraceSummary?, results: [PairResult], errors: [Diagnostic], warnings: [Diagnostic] = []) {
        self.summary = summary
        self.results = results
        self.errors = errors
        self.warnings = warnings
    }
}

extension FileOutcome {
    /// Makes each broken claim's `Departure.difference` once and keeps it (`rememberDifference()`), on
    /// the thread that checked the file: the reports that word a broken claim then share it.
    public mutating func rememberBrokenClaimsDifferences() {
        for index in results.indices where results[index].claimed {
            guard case .fail(var departure) = results[index].outcome.verdict else { continue }
            departure.rememberDifference()
            results[index].outcome.verdict = .fail(departure)
        }
    }
}
