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
    /// The pieces are written on a thread of their own, so that the thread that renders (the one that
    /// hands each file's outcome to every report) does not wait for the disk; a few are in flight at most.
    final class Stream: @unchecked Sendable {
        let path: String
        let what: String
        private var handle: FileHandle?
        private var temporary: URL?
        private let writer = DispatchQueue(label: "conform.report-writer")
        private let inFlight = DispatchSemaphore(value: 16)
        /// The first write that failed, found on the writer's thread.
        private var failure: Diagnostic? {
            get { lock.withLock { failed } }
            set { lock.withLock { failed = newValue } }
        }
        private var failed: Diagnostic?
        private let lock = NSLock()

        init(path: String, what: String) {
            self.path = path
            self.what = what
        }

        /// Queues `text` to be written; throws the failure of an earlier piece, if any.
        func append(_ text: String) throws {
            if handle == nil { try open() }
            if let failure { throw failure }
            guard let handle else { return }
            inFlight.wait()
            writer.async { [self] in
                defer { inFlight.signal() }
                guard failure == nil else { return }
                do {
                    try handle.write(contentsOf: Data(text.utf8))
                } catch {
                    failure = Diagnostic(
                        .error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: path, position: nil))
                }
            }
        }

        func commit() throws {
            if handle == nil { try open() }
            // Every queued piece is written before the file is closed and put in place.
            writer.sync {}
            if let failure {
                discard()
                throw failure
            }
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
            writer.sync {}
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
                    throw Diagnostic(
                        .error, "cannot write \(what): cannot create a file in its folder", at: SourceLocation(file: path, position: nil))
                }
                handle = try FileHandle(forWritingTo: temporary)
                self.temporary = temporary
            } catch let diagnostic as Diagnostic {
                throw diagnostic
            } catch {
                throw Diagnostic(
                    .error, "cannot write \(what): \(error.localizedDescription)", at: SourceLocation(file: path, position: nil))
            }
        }
    }
}
