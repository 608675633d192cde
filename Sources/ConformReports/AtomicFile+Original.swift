import ConformCore
import Foundation

extension AtomicFile {
    /// What a path held before a command first replaced it, so that the command can put it back
    /// (`conform record` undone back to no step: the file is as it was before the recording).
    public enum Original: Sendable, Equatable {
        /// Nothing was there: putting it back removes the file the command wrote.
        case absent
        /// A file with these bytes.
        case contents([UInt8])
        /// A file that could not be read (the reason): it cannot be put back.
        case unreadable(String)
    }

    /// The largest file kept to be put back: a trace is a few kilobytes, and a huge file given as a
    /// trace's path by mistake must not fill the memory.
    public static let largestOriginal = 64 << 20

    /// What is at `path` now, read where `write` would write (through a link that may be written through).
    public static func original(at path: String, what: String = "the file", rules: Rules = Rules()) -> Original {
        guard let destination = try? Destination.resolve(path, what: what, rules: rules, creatingFolder: false) else {
            return .unreadable("it cannot be written either")
        }
        guard destination.mode != nil else { return .absent }
        switch read(destination.target, limit: largestOriginal) {
        case .success(let bytes): return .contents(bytes)
        case .failure(let reason): return .unreadable(reason.text)
        }
    }

    /// Puts `original` back at `path`, which holds `written` (what the command wrote last): the bytes
    /// written whole as `write` writes (the permissions of the file there kept), or, when nothing was
    /// there, the file removed.
    /// - Throws: a `Diagnostic` at `path` when the file changed since the command wrote it (it is left
    ///   as it is), when the original could not be read, or when it cannot be written or removed.
    public static func restore(
        _ original: Original, at path: String, replacing written: String, what: String = "the file", rules: Rules = Rules()
    )
        throws
    {
        let here = SourceLocation(file: path, position: nil)
        let destination = try Destination.resolve(path, what: what, rules: rules, creatingFolder: false)
        if destination.mode != nil {
            guard case .success(let now) = read(destination.target, limit: written.utf8.count + 1), now.elementsEqual(written.utf8) else {
                throw Diagnostic(
                    .error, "not put back: \(what) changed since conform wrote it, so it is left as it is", at: here)
            }
        }
        switch original {
        case .absent:
            guard destination.mode != nil else { return }
            guard unlink(destination.target) == 0 else { throw Diagnostic(.error, "cannot remove \(what): \(reason())", at: here) }
        case .contents(let bytes):
            let temporary = try TemporaryFile.create(for: destination, what: what)
            do {
                try bytes.withUnsafeBufferPointer { try temporary.write($0) }
                try temporary.commit(to: destination, createOnly: false)
            } catch {
                temporary.discard()
                throw error
            }
        case .unreadable(let why):
            throw Diagnostic(
                .error,
                "cannot put back the file that was there before: it could not be read (\(why)), so it holds what conform wrote last",
                at: here)
        }
    }

    private struct ReadFailure: Error {
        let text: String
    }

    /// The bytes of the regular file at `path`, at most `limit` of them (a longer file is a failure).
    private static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(ReadFailure(text: reason())) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(text: reason()))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(ReadFailure(text: "larger than \(limit >> 20) MiB")) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
