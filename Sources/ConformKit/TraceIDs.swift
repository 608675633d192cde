import ConformCore

/// The trace ids of a run so far: a second trace with an id is refused, naming the first's file, since
/// every report would otherwise show two different traces under one name. `ConformRunner.run` makes
/// this check as files are handed over; `conform merge` makes it again over the shards' files, in the
/// whole run's order, so that a duplicate in another shard is found as the unsharded run finds it.
public struct TraceIDs: Sendable {
    private var files: [String: String] = [:]

    public init() {}

    /// The outcome as it is, or, for a trace whose id an earlier file has, an error in its place.
    public mutating func admit(_ outcome: FileOutcome) -> FileOutcome {
        guard let trace = outcome.summary else { return outcome }
        guard let first = files[trace.id] else {
            files[trace.id] = trace.file
            return outcome
        }
        let duplicate = Diagnostic(
            .error, "the trace id '\(trace.id)' is already the id of \(first); ids must be unique, so this trace is not checked",
            at: SourceLocation(file: trace.file, position: trace.idPosition ?? .start))
        return FileOutcome(summary: nil, results: [], errors: outcome.errors + [duplicate], warnings: outcome.warnings)
    }
}
