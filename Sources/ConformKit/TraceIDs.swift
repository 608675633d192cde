import ConformCore

/// The trace ids of a run so far: a second trace with an id is refused, naming the first's file, since
/// every report would otherwise show two different traces under one name. `ConformRunner.run` makes
/// this check as files are handed over; `conform merge` makes it again over the shards' files, in the
/// whole run's order, so that a duplicate in another shard is found as the unsharded run finds it.
///
/// Kept for the whole run, so kept compactly: each id front-coded (`CompactStrings`), found by hash
/// (`HashedPositions`), and its first file by its place among the run's files (4 bytes) where the run
/// gives it, else front-coded too: about 20 bytes a trace where a dictionary of strings took about 100.
public struct TraceIDs: Sendable {
    /// Each id once, in the order first seen.
    private var ids = CompactStrings()
    /// Where the first trace of each id is: its place in `runFiles`, or, with `pathFlag` set, its
    /// position in `paths`.
    private var firsts: [UInt32] = []
    private var paths = CompactStrings()
    private var positions = HashedPositions()
    /// The run's files in discovery order, which the places given to `admit` index.
    private let runFiles: CompactStrings?
    private static let pathFlag: UInt32 = 1 << 31

    /// - Parameter files: the files of the run (`FileDiscovery`), when `admit` is given each one's place.
    public init(files: CompactStrings? = nil) {
        runFiles = files
    }

    /// Whether no id was admitted yet.
    public var isEmpty: Bool { ids.isEmpty }

    /// The outcome as it is, or, for a trace whose id an earlier file has, an error in its place.
    /// - Parameters:
    ///   - outcome: one file's outcome, as checked.
    ///   - place: the outcome's file's place among the files given to `init`, if it has one.
    /// - Returns: the outcome, or the duplicate-id error in its place.
    public mutating func admit(_ outcome: FileOutcome, place: Int? = nil) -> FileOutcome {
        guard let trace = outcome.summary else { return outcome }
        // Compared with `==` as strings, as the dictionary did (canonically equivalent ids are one id);
        // `hashValue` agrees with `==`.
        let hash = UInt32(truncatingIfNeeded: trace.id.hashValue)
        guard let first = positions.first(hash: hash, where: { ids[$0] == trace.id }) else {
            ids.append(trace.id)
            // The place is the runner's own position of the file (reading the path back to compare would
            // decode it for every trace).
            if let place, let runFiles, place < runFiles.count, place < Int(Self.pathFlag) {
                firsts.append(UInt32(place))
            } else {
                firsts.append(UInt32(paths.count) | Self.pathFlag)
                paths.append(trace.file)
            }
            positions.append(hash: hash)
            return outcome
        }
        let duplicate = Diagnostic(
            .error, "the trace id '\(trace.id)' is already the id of \(firstFile(first)); ids must be unique, so this trace is not checked",
            at: SourceLocation(file: trace.file, position: trace.idPosition ?? .start))
        return FileOutcome(summary: nil, results: [], errors: outcome.errors + [duplicate], warnings: outcome.warnings)
    }

    private func firstFile(_ position: Int) -> String {
        let first = firsts[position]
        if first & Self.pathFlag != 0 { return paths[Int(first & ~Self.pathFlag)] }
        return runFiles?[Int(first)] ?? ""
    }
}
