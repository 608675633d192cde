import ConformCore

/// The trace ids of a run so far: a second trace with an id is refused, naming the first's file, since
/// every report would otherwise show two different traces under one name. `ConformRunner.run` makes
/// this check as files are handed over; `conform merge` makes it again over the shards' files, in the
/// whole run's order, so that a duplicate in another shard is found as the unsharded run finds it.
///
/// Kept for the whole run, so kept compactly: each id and its first file front-coded (`CompactStrings`),
/// found by hash (`HashedPositions`), about 30 bytes a trace where a dictionary of strings took about 100.
public struct TraceIDs: Sendable {
    /// Each id once, in the order first seen.
    private var ids = CompactStrings()
    /// `files[i]`: the file of the first trace whose id is `ids[i]`.
    private var files = CompactStrings()
    private var positions = HashedPositions()

    public init() {}

    /// The outcome as it is, or, for a trace whose id an earlier file has, an error in its place.
    public mutating func admit(_ outcome: FileOutcome) -> FileOutcome {
        guard let trace = outcome.summary else { return outcome }
        // Compared with `==` as strings, as the dictionary did (canonically equivalent ids are one id);
        // `hashValue` agrees with `==`.
        let hash = UInt32(truncatingIfNeeded: trace.id.hashValue)
        guard let first = positions.first(hash: hash, where: { ids[$0] == trace.id }) else {
            ids.append(trace.id)
            files.append(trace.file)
            positions.append(hash: hash)
            return outcome
        }
        let duplicate = Diagnostic(
            .error, "the trace id '\(trace.id)' is already the id of \(files[first]); ids must be unique, so this trace is not checked",
            at: SourceLocation(file: trace.file, position: trace.idPosition ?? .start))
        return FileOutcome(summary: nil, results: [], errors: outcome.errors + [duplicate], warnings: outcome.warnings)
    }
}
