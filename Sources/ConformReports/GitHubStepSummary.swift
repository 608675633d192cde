import ConformCore
import Foundation

/// GitHub's step summary (`GITHUB_STEP_SUMMARY`): a file the runner gives each step, which conform
/// appends its Markdown to (`run --github`, `merge --github`, `diff --github`).
///
/// It is written only when it is a regular file, or created when it does not exist: it is opened
/// without waiting (`O_NONBLOCK`) and without following a symbolic link (`O_NOFOLLOW`), so that a FIFO
/// nobody reads, a device or a link planted there costs a warning, never a hang or a write elsewhere.
public enum GitHubStepSummary {
    /// Appends `text` to the step summary at `path`.
    /// - Returns: `nil` when it was written; else a warning when the path names something that is not a
    ///   regular file (the command's exit status stays its own), or an error when it could not be written.
    public static func append(_ text: String, to path: String) -> Diagnostic? {
        let here = SourceLocation(file: path, position: nil)
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            switch errno {
            // ENXIO: a FIFO with no reader; ELOOP: a symbolic link; EISDIR: a folder.
            case ENXIO: return notRegular("a FIFO that nobody reads", at: here)
            case ELOOP: return notRegular("a symbolic link", at: here)
            case EISDIR: return notRegular("a folder", at: here)
            default: return Diagnostic(.error, "cannot open the step summary (GITHUB_STEP_SUMMARY): \(AtomicFile.reason())", at: here)
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return Diagnostic(.error, "cannot open the step summary (GITHUB_STEP_SUMMARY): \(AtomicFile.reason())", at: here)
        }
        guard status.st_mode & S_IFMT == S_IFREG else { return notRegular(AtomicFile.Destination.kind(status), at: here) }
        var text = text
        let failed = text.withUTF8 { bytes -> Bool in
            guard var start = bytes.baseAddress else { return false }
            var left = bytes.count
            while left > 0 {
                let written = write(descriptor, start, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                start += written
                left -= written
            }
            return false
        }
        if failed { return Diagnostic(.error, "cannot append the step summary (GITHUB_STEP_SUMMARY): \(AtomicFile.reason())", at: here) }
        return nil
    }

    private static func notRegular(_ kind: String, at here: SourceLocation) -> Diagnostic {
        Diagnostic(
            .warning, "the step summary (GITHUB_STEP_SUMMARY) is \(kind), not a regular file, so no step summary was written", at: here)
    }
}
