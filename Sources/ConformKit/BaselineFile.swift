import ConformCore
import ConformLoading
import ConformReports

/// Reads and writes baseline files (`conform run --baseline`, `--write-baseline`).
public enum BaselineFile {
    /// The baseline in `path`, with every problem found in it (a file that cannot be read gives an
    /// empty baseline and one problem).
    public static func load(_ path: String) -> (baseline: Baseline, problems: [Diagnostic]) {
        switch FileReader.read(path) {
        case .failure(let diagnostic):
            return (Baseline(file: path, entries: []), [diagnostic])
        case .success(let bytes):
            let (baseline, problems) = BaselineLoader().load(bytes, file: path)
            return (baseline, problems.map { $0.diagnostic(in: path) } + olderEntries(baseline))
        }
    }

    /// A warning at the first departure entry written without `seen` (by a conform before it kept the
    /// whole revealing observation): such entries still match, on the departing value alone.
    static func olderEntries(_ baseline: Baseline) -> [Diagnostic] {
        let older = baseline.entries.filter { $0.key.verdict == .fail && $0.key.seen == nil }
        guard let first = older.first else { return [] }
        let count = older.count == 1 ? "this entry names" : "\(older.count) entries (the first here) name"
        return [
            Diagnostic(
                .warning,
                "\(count) no 'seen' (written by an older conform), so they match on the departing value alone and a change in the rest of that observation goes unseen; refresh the file with `conform run --write-baseline \(baseline.file)`",
                at: SourceLocation(file: baseline.file, position: first.position))
        ]
    }

    /// Writes `baseline` to its file, whole or not at all. A file already there is replaced only when it
    /// is a baseline (or empty): `--write-baseline` given a trace's path must not destroy the trace.
    /// - Parameters:
    ///   - baseline: the entries, and the file they go to (`Baseline.file`).
    ///   - rules: how the file is written: `--follow-links`, and the `--baseline` file, which may be
    ///     replaced although the run read it.
    /// - Throws: a `Diagnostic` naming the file when it cannot or may not be written.
    public static func write(_ baseline: Baseline, rules: AtomicFile.Rules = .init()) throws {
        // Where it may go first: a link leading out is refused before anything is read through it.
        try AtomicFile.check(baseline.file, what: "the baseline", rules: rules)
        if case .success(let bytes) = FileReader.read(baseline.file, maximumBytes: FileReader.maximumBytes, asInput: false), !bytes.isEmpty,
            !BaselineLoader().load(bytes, file: baseline.file).problems.isEmpty
        {
            throw Diagnostic(
                .error,
                "not written: the file is not a baseline (a trace, a policy or another file is there); --write-baseline replaces only a baseline",
                at: SourceLocation(file: baseline.file, position: nil))
        }
        try AtomicFile.write(BaselineWriter.yaml(baseline), to: baseline.file, what: "the baseline", rules: rules)
    }
}
