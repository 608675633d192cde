import ConformCore
import ConformReports

/// Reads a step's evidence for reports: an image whole (bounded by `Evidence.maximumBytes`), any other
/// file only checked for existence. A file that is not there is a warning at the step, never an error:
/// a missing screenshot says nothing about whether the app conforms.
enum EvidenceReader {
    /// The evidence of `step` in `traceFile`, and the warning about it if any. `nil` evidence when the
    /// step names none or its file cannot be found or read.
    static func read(_ step: Step, in traceFile: String) -> (evidence: Evidence?, warning: Diagnostic?) {
        guard let path = step.evidence else { return (nil, nil) }
        let resolved = Evidence.resolve(path, besides: traceFile)
        let mediaType = Evidence.mediaType(of: path)
        func warning(_ what: String) -> Diagnostic {
            Diagnostic(.warning, "evidence file '\(path)' \(what) (step \(step.number))", at: SourceLocation(file: traceFile, position: step.position))
        }
        let evidence = Evidence(path: path, resolved: resolved, step: step.number, mediaType: mediaType, bytes: nil)
        guard mediaType != nil else {
            // Only linked, so only its existence matters.
            return FileReader.exists(resolved) ? (evidence, nil) : (nil, warning("not found"))
        }
        switch FileReader.read(resolved, maximumBytes: Evidence.maximumBytes) {
        case .success(let bytes):
            var read = evidence
            read.bytes = bytes
            return (read, nil)
        case .failure(.cannotOpen(missing: true)):
            return (nil, warning("not found"))
        case .failure(.cannotOpen(missing: false)):
            return (nil, warning("cannot be read"))
        case .failure(.notRegularFile):
            return (nil, warning("is not a regular file, so it is not read"))
        case .failure(.tooLarge(let size)):
            // Still named in the reports; only the embedding is left out.
            return (evidence, warning("has \(size) bytes; images of at most 4 MiB are embedded, so it is only named"))
        case .failure(.readFailed(let reason)):
            return (nil, warning("cannot be read: \(reason)"))
        case .failure(.changed):
            return (nil, warning("changed while it was read"))
        }
    }
}
