import ConformCore
import ConformLoading

extension RunDocument {
    /// Run documents are read up to this size (a 10,000-trace run against 11 policies writes about 50 MB).
    public static let maximumBytes = Int(Int32.max)

    /// Reads the run document at `path`, or says why it cannot be used, located at the file (and at the
    /// line and column of a JSON syntax error or a damaged member).
    public static func read(file path: String) -> Swift.Result<RunDocument, Diagnostic> {
        let bytes: [UInt8]
        switch FileReader.read(path, maximumBytes: maximumBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): return .failure(RunDocumentRefusal(.unreadable(Self.reason(failure))).diagnostic(in: path))
        }
        return RunDocumentReader.read(bytes).mapError { $0.diagnostic(in: path) }
    }

    private static func reason(_ failure: FileReader.Failure) -> String {
        switch failure {
        case .cannotOpen(let missing):
            return missing ? "cannot read the file: it does not exist" : "cannot read the file (it is not accessible)"
        case .notRegularFile: return "not a regular file, so it is not read"
        case .tooLarge(let size): return "the file has \(size) bytes; at most \(maximumBytes) are read"
        case .readFailed(let reason): return "cannot read the file: \(reason)"
        case .changed: return "the file changed while it was read"
        }
    }
}
