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
            return (baseline, problems.map { $0.diagnostic(in: path) })
        }
    }

    /// Writes `baseline` to its file, whole or not at all.
    /// - Throws: a `Diagnostic` naming the file when it cannot be written.
    public static func write(_ baseline: Baseline) throws {
        try AtomicFile.write(BaselineWriter.yaml(baseline), to: baseline.file, what: "the baseline")
    }
}
