import Foundation

/// A file as the system knows it: its device and inode, whatever path or link names it. Two paths
/// name one file when their identities are equal (a hard link, a symbolic link, `./a` and `a`).
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of what `status` describes (from `stat` or `fstat`).
    public init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The identity of the file `path` names, every symbolic link followed; `nil` when there is none.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }
}

/// The files the command has read, by identity: `AtomicFile` refuses to replace one of them, so that
/// no output (a report, a trace, a baseline, a page) ever takes the place of an input (a trace, a
/// policy, a run document, a baseline, the configuration), whatever path or link names it.
///
/// The `conform` command turns this on before it starts (`startNoting()`); the readers (`FileReader`
/// in ConformKit, the report templates here) note every file they open. A library that reads and
/// writes files of its own does not have it on, so a long-lived process never refuses a file because
/// an inode it read once, since deleted, was reused.
public enum InputFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var noting = false
    /// Each file read: 16 bytes and a hash slot each, so that a run of 100,000 files costs about 2 MB.
    nonisolated(unsafe) private static var read: Set<FileIdentity> = []
    /// The path a file with more than one name (a hard link) was read by, which a refusal names: the
    /// path written to does not say which input it is.
    nonisolated(unsafe) private static var hardLinked: [FileIdentity: String] = [:]

    /// From now on, the files read are noted (the `conform` command, at its start).
    public static func startNoting() {
        lock.withLock { noting = true }
    }

    /// Notes that `path`, whose `fstat` is `status`, was read (or opened to be read).
    public static func note(_ status: stat, path: String) {
        lock.withLock {
            guard noting else { return }
            let identity = FileIdentity(status)
            read.insert(identity)
            if status.st_nlink > 1, hardLinked[identity] == nil { hardLinked[identity] = path }
        }
    }

    /// Notes that the file at `path` was read, when it exists.
    public static func note(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        note(status, path: path)
    }

    /// Whether the command has read the file `identity`.
    public static func isRead(_ identity: FileIdentity) -> Bool {
        lock.withLock { noting && read.contains(identity) }
    }

    /// The path a file with several names (hard links) was read by, when the command read it.
    public static func pathRead(_ identity: FileIdentity) -> String? {
        lock.withLock { noting ? hardLinked[identity] : nil }
    }

    /// Whether the file at `path` (links followed) is one the command has read.
    public static func contains(_ path: String) -> Bool {
        FileIdentity(path: path).map(isRead) ?? false
    }
}
