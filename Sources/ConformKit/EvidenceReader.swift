import ConformCore
import ConformReports
import Foundation

/// Reads a step's evidence for reports: an image whole (bounded by `Evidence.maximumBytes`) and embedded
/// only when its first bytes are that image, any other file only checked for existence; nothing outside
/// the run's folders (`EvidenceConfinement`) and nothing but regular files. A file that is not there or
/// not allowed is a warning at the step, never an error: a screenshot says nothing about whether the
/// app conforms.
enum EvidenceReader {
    /// The evidence of `step` in `traceFile`, and the warning about it if any. `nil` evidence when the
    /// step names none or its file cannot be found, read or allowed.
    static func read(_ step: Step, in traceFile: String, confinement: EvidenceConfinement) -> (evidence: Evidence?, warning: Diagnostic?) {
        guard let path = step.evidence else { return (nil, nil) }
        let resolved = Evidence.resolve(path, besides: traceFile)
        let mediaType = Evidence.mediaType(of: path)
        func warning(_ what: String) -> Diagnostic {
            Diagnostic(
                .warning, "evidence file '\(path)' \(what) (step \(step.number))",
                at: SourceLocation(file: traceFile, position: step.position))
        }
        if let refusal = confinement.refusal(of: resolved) { return (nil, warning(refusal)) }
        var status = stat()
        guard stat(resolved, &status) == 0 else { return (nil, warning("not found")) }
        // A FIFO, device, socket or folder is never opened: opening one can block or never end.
        guard (status.st_mode & S_IFMT) == S_IFREG else { return (nil, warning("is not a regular file, so it is not read")) }
        let evidence = Evidence(path: path, resolved: resolved, step: step.number, mediaType: mediaType, bytes: nil)
        // Anything but an image type browsers show (an SVG too: it can carry script) is only linked.
        guard mediaType != nil else { return (evidence, nil) }
        switch FileReader.read(resolved, maximumBytes: Evidence.maximumBytes) {
        case .success(let bytes):
            var read = evidence
            guard Evidence.isEmbeddable(bytes, as: mediaType) else {
                read.notEmbedded = "its first bytes are not the image its extension says, so it is not embedded"
                return (read, warning("is not the image its extension says (its first bytes differ), so it is only linked"))
            }
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
