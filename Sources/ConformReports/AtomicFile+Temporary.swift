import ConformCore
import Foundation

extension AtomicFile {
    /// The temporary file a write goes to, beside its target: `.NAME.<16 random hex digits>.tmp`, created
    /// exclusively, so that nothing planted under a name guessed beforehand (a link, a file) is opened.
    final class TemporaryFile: @unchecked Sendable {
        let path: String
        private let destination: Destination
        private var descriptor: Int32

        /// Names tried before giving up: a clash with a random name means something is very wrong.
        static let attempts = 16
        /// The target's name is cut to this many bytes in the temporary name, which must stay under the
        /// system's 255.
        static let nameBytes = 200

        private init(path: String, destination: Destination, descriptor: Int32) {
            self.path = path
            self.destination = destination
            self.descriptor = descriptor
        }

        /// Creates the temporary file in `destination.folder`, with the permissions of the file it replaces.
        static func create(for destination: Destination, what: String) throws -> TemporaryFile {
            let here = SourceLocation(file: destination.path, position: nil)
            for _ in 0..<attempts {
                let path = destination.folder + "/" + name(for: destination.target)
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
                if descriptor < 0 {
                    if errno == EEXIST { continue }
                    throw Diagnostic(.error, "cannot write \(what): cannot create a file in its folder: \(AtomicFile.reason())", at: here)
                }
                if let mode = destination.mode { fchmod(descriptor, mode) }
                return TemporaryFile(path: path, destination: destination, descriptor: descriptor)
            }
            throw Diagnostic(.error, "cannot write \(what): every temporary name tried in its folder was taken", at: here)
        }

        /// `.NAME.RANDOM.tmp`: hidden, recognisably conform's, and not guessable.
        static func name(for target: String) -> String {
            var name = Substring((target as NSString).lastPathComponent)
            while name.utf8.count > nameBytes { name = name.dropLast() }
            let random = String(UInt64.random(in: .min ... .max), radix: 16)
            return "." + name + "." + String(repeating: "0", count: 16 - random.count) + random + ".tmp"
        }

        /// Appends `bytes`, all of them.
        func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            guard var start = bytes.baseAddress else { return }
            var left = bytes.count
            while left > 0 {
                let written = Foundation.write(descriptor, start, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot write")
                }
                start += written
                left -= written
            }
        }

        /// Syncs the file, closes it and puts it in place of the target; with `createOnly`, only where
        /// nothing is (a hard link, which never replaces), else by `rename`, which replaces atomically.
        func commit(to destination: Destination, createOnly: Bool) throws {
            guard fsync(descriptor) == 0 || errno == EINVAL else { throw failure("cannot sync") }
            let closed = close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw failure("cannot close") }
            if createOnly {
                try link()
            } else if rename(path, destination.target) != 0 {
                throw failure("cannot put in place")
            }
            // The rename itself is made durable with the folder's entry.
            let folder = open(destination.folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folder >= 0 {
                _ = fsync(folder)
                close(folder)
            }
        }

        private func link() throws {
            if Foundation.link(path, destination.target) == 0 {
                unlink(path)
                return
            }
            guard errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK else {
                let reason = errno == EEXIST ? "something appeared there while it was written" : AtomicFile.reason()
                unlink(path)
                throw Diagnostic(.error, "not written: \(reason)", at: SourceLocation(file: destination.path, position: nil))
            }
            // A file system without hard links: the check made before writing stands.
            var status = stat()
            guard lstat(destination.target, &status) != 0 else {
                throw Diagnostic(
                    .error, "not written: something appeared there while it was written",
                    at: SourceLocation(file: destination.path, position: nil))
            }
            guard rename(path, destination.target) == 0 else { throw failure("cannot put in place") }
        }

        /// Removes the temporary file; the target stays as it was.
        func discard() {
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
            unlink(path)
        }

        private func failure(_ doing: String) -> Diagnostic {
            Diagnostic(
                .error, "cannot write \(destination.what): \(doing): \(AtomicFile.reason())",
                at: SourceLocation(file: destination.path, position: nil))
        }
    }
}
