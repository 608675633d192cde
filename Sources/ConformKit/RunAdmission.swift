import ConformCore

/// What a run does with each file's outcome, in run order, before its outputs see it: the trace-id
/// check (`TraceIDs`) and, with a baseline, the ledger of its entries. `ConformRunner.run` does it as
/// files are checked; a shard (`conform run --shard`) as its part is checked; `conform merge` again over
/// the whole run, so that what depends on every file (a duplicate id in another shard, a baseline entry
/// matched in another shard) comes out as the unsharded run has it.
public struct RunAdmission: Sendable {
    private var ids = TraceIDs()
    private var ledger: BaselineLedger?

    /// - Parameter baseline: the baseline broken claims were marked with (`BaselineMatcher.mark`), if any.
    public init(baseline: BaselineMatcher?) {
        ledger = baseline.map(BaselineLedger.init)
    }

    /// The run's files (`ConformRunner.runIndexed`'s `discovered`), so that the trace-id check names a
    /// first file by its place among them rather than keeping its path.
    public mutating func know(files: CompactStrings) {
        if ids.isEmpty { ids = TraceIDs(files: files) }
    }

    /// The outcome as the outputs get it (a duplicate id becomes an error), noted in the ledger.
    /// - Parameters:
    ///   - outcome: one file's outcome, as checked.
    ///   - place: its file's place among the files given to `know(files:)`, if any.
    /// - Returns: the outcome to hand to the outputs.
    public mutating func admit(_ outcome: FileOutcome, place: Int? = nil) -> FileOutcome {
        let admitted = ids.admit(outcome, place: place)
        ledger?.record(admitted)
        return admitted
    }

    /// What the run made of its baseline, once every file is admitted.
    /// - Parameter path: with `--write-baseline`, the file the new baseline goes to.
    public func finish(writtenTo path: String?) -> BaselineOutcome? {
        ledger?.finish(writtenTo: path)
    }
}
