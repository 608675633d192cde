import ConformCore
import Foundation

/// Writes files whole or not at all: the text goes to a temporary file beside the target and is
/// renamed into place, so a crash (or Ctrl-C) never leaves half a file. No other file is touched.
public enum AtomicFile {
    /// Writes `contents` to `path`, creating its folder if needed.
    /// - Throws: a `Diagnostic` naming the file that could not be written.
    public static func write(_ contents: String, to path: String, what: String = "the file") throws {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try Data(contents.utf8).write(to: temporary)
            // rename(2) replaces the target atomically on the same file system.
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw Diagnostic(.error, "cannot write \(what): \(reason)", at: SourceLocation(file: path, position: nil))
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: path, position: nil))
        }
    }
}
