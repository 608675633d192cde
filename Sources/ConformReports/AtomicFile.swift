import ConformCore
import Foundation

/// The one way conform writes a file (reports, traces, baselines, pages, UI tests, starter files):
/// whole or not at all, never through a link planted to catch it, never over a file the command read.
///
/// The text goes to a temporary file created beside the target under an unpredictable name, opened
/// exclusively (`O_CREAT | O_EXCL | O_NOFOLLOW`: nothing planted there is ever opened), written,
/// synced, and renamed into place, so that a crash or Ctrl-C never leaves half a file. Before that, the
/// destination is judged (`Destination`): a folder, a FIFO or a device is not written; a symbolic link
/// is written through only when its target lies in the link's own folder (or with `followLinks`); and a
/// file the command read (`InputFiles`), by whatever path or link, is not replaced. Docs/Security.md.
public enum AtomicFile {
    /// How a write treats what it finds at the destination.
    public struct Rules: Sendable {
        /// Write through a symbolic link wherever it leads (`--follow-links`); by default, only through
        /// one whose target lies in the link's own folder (not below it).
        public var followLinks: Bool
        /// Files the command read that this write may replace, as paths (compared by identity): the
        /// `--baseline` file for `--write-baseline`, whose documented use is to rewrite it.
        public var replaceable: [String]
        /// Write only where nothing is (`conform init`): a file, link or folder there refuses the write,
        /// even one that appears while the text is written.
        public var createOnly: Bool

        public init(followLinks: Bool = false, replaceable: [String] = [], createOnly: Bool = false) {
            self.followLinks = followLinks
            self.replaceable = replaceable
            self.createOnly = createOnly
        }
    }

    /// Writes `contents` to `path`, creating its folder if needed.
    /// - Parameter what: the file's part in the command ("the report"), as messages name it.
    /// - Throws: a `Diagnostic` at `path` saying why it was not written.
    public static func write(_ contents: String, to path: String, what: String = "the file", rules: Rules = Rules()) throws {
        let destination = try Destination.resolve(path, what: what, rules: rules)
        try destination.refuseInput(rules)
        let temporary = try TemporaryFile.create(for: destination, what: what)
        do {
            var text = contents
            try text.withUTF8 { try temporary.write($0) }
            try temporary.commit(to: destination, createOnly: rules.createOnly)
        } catch {
            temporary.discard()
            throw error
        }
    }

    /// Throws what `write` would refuse at `path` now (a folder, a link leading out, a file the command
    /// read), without writing: for a command that writes only after a long while (`conform record`).
    public static func check(_ path: String, what: String = "the file", rules: Rules = Rules()) throws {
        let destination = try Destination.resolve(path, what: what, rules: rules, creatingFolder: false)
        try destination.refuseInput(rules)
    }

    /// Creates an empty file at `path`, or updates the modification time of what is there (Bazel's
    /// `TEST_SHARD_STATUS_FILE`). A symbolic link there has its own time updated: nothing is written
    /// through it.
    /// - Throws: a `Diagnostic` at `path` saying why.
    public static func touch(_ path: String, what: String = "the file") throws {
        let here = SourceLocation(file: path, position: nil)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o666)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        guard errno == EEXIST else { throw Diagnostic(.error, "cannot create \(what): \(Self.reason())", at: here) }
        guard utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0 else {
            throw Diagnostic(.error, "cannot touch \(what): \(Self.reason())", at: here)
        }
    }

    /// The system's words for `errno`.
    static func reason() -> String {
        String(cString: strerror(errno))
    }
}

extension AtomicFile {
    /// A file written in pieces, still whole or not at all: the pieces go to the temporary file, renamed
    /// into place by `commit()`. A report of hundreds of megabytes never sits in memory.
    /// The pieces are written on a thread of their own, so that the thread that renders (the one that
    /// hands each file's outcome to every report) does not wait for the disk; a few are in flight at most.
    final class Stream: @unchecked Sendable {
        let path: String
        let what: String
        let rules: Rules
        private var destination: Destination?
        private var temporary: TemporaryFile?
        private let writer = DispatchQueue(label: "conform.report-writer")
        private let inFlight = DispatchSemaphore(value: 16)
        /// The first write that failed, found on the writer's thread.
        private var failure: Diagnostic? {
            get { lock.withLock { failed } }
            set { lock.withLock { failed = newValue } }
        }
        private var failed: Diagnostic?
        private let lock = NSLock()

        init(path: String, what: String, rules: Rules = Rules()) {
            self.path = path
            self.what = what
            self.rules = rules
        }

        /// Queues `text` to be written; throws the failure of an earlier piece, if any.
        func append(_ text: String) throws {
            if temporary == nil { try open() }
            if let failure { throw failure }
            guard let temporary else { return }
            inFlight.wait()
            writer.async { [self] in
                defer { inFlight.signal() }
                guard failure == nil else { return }
                do {
                    var text = text
                    try text.withUTF8 { try temporary.write($0) }
                } catch let diagnostic as Diagnostic {
                    failure = diagnostic
                } catch {
                    failure = Diagnostic(.error, "cannot write \(what): \(error)", at: SourceLocation(file: path, position: nil))
                }
            }
        }

        /// Puts the file in place, once every piece is written, unless the command has read it meanwhile
        /// (a report the run found among its traces): then it is discarded.
        func commit() throws {
            if temporary == nil { try open() }
            // Every queued piece is written before the file is synced and put in place.
            writer.sync {}
            if let failure {
                discard()
                throw failure
            }
            guard let temporary, let destination else { return }
            do {
                try destination.refuseInput(rules)
                try temporary.commit(to: destination, createOnly: rules.createOnly)
            } catch {
                discard()
                throw error
            }
            self.temporary = nil
        }

        /// Gives up the file: the temporary one is removed, the target left as it was.
        func discard() {
            writer.sync {}
            temporary?.discard()
            temporary = nil
        }

        private func open() throws {
            let destination = try Destination.resolve(path, what: what, rules: rules)
            try destination.refuseInput(rules)
            temporary = try TemporaryFile.create(for: destination, what: what)
            self.destination = destination
        }
    }
}
