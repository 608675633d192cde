import ConformCore
import Foundation

/// Writes report files whole or not at all: each goes to a temporary file in the output folder and
/// is renamed into place, so a crash never leaves half a report. No other file is touched.
public enum ReportWriter {
    /// Writes `contents` to `name` in `directory`, creating the folder if needed.
    /// - Throws: a `Diagnostic` naming the file that could not be written.
    public static func write(_ contents: String, named name: String, in directory: String, what: String = "the report") throws {
        let folder = URL(fileURLWithPath: directory)
        let target = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let temporary = folder.appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp")
            try Data(contents.utf8).write(to: temporary)
            // rename(2) replaces the target atomically on the same file system.
            guard rename(temporary.path, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw Diagnostic(.error, "cannot write \(what): \(reason)", at: SourceLocation(file: target.path, position: nil))
            }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: target.path, position: nil))
        }
    }
}
