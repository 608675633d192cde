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

extension AtomicFile {
    /// A file written in pieces, still whole or not at all: the pieces go to a temporary file beside
    /// the target, renamed into place by `commit()`. A report of hundreds of megabytes never sits in memory.
    final class Stream {
        let path: String
        let what: String
        private var handle: FileHandle?
        private var temporary: URL?

        init(path: String, what: String) {
            self.path = path
            self.what = what
        }

        func append(_ text: String) throws {
            if handle == nil { try open() }
            do {
                try handle?.write(contentsOf: Data(text.utf8))
            } catch {
                throw Diagnostic(.error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: path, position: nil))
            }
        }

        func commit() throws {
            if handle == nil { try open() }
            try? handle?.close()
            handle = nil
            guard let temporary else { return }
            guard rename(temporary.path, path) == 0 else {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw Diagnostic(.error, "cannot write \(what): \(reason)", at: SourceLocation(file: path, position: nil))
            }
        }

        /// Gives up the file: the temporary one is removed, the target left as it was.
        func discard() {
            try? handle?.close()
            handle = nil
            if let temporary { try? FileManager.default.removeItem(at: temporary) }
            temporary = nil
        }

        private func open() throws {
            let target = URL(fileURLWithPath: path)
            let folder = target.deletingLastPathComponent()
            let temporary = folder.appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                    throw Diagnostic(.error, "cannot write \(what): cannot create a file in its folder", at: SourceLocation(file: path, position: nil))
                }
                handle = try FileHandle(forWritingTo: temporary)
                self.temporary = temporary
            } catch let diagnostic as Diagnostic {
                throw diagnostic
            } catch {
                throw Diagnostic(.error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: path, position: nil))
            }
        }
    }
}
