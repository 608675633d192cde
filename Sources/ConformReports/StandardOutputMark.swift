import Foundation

/// A place in standard output that everything written after it can be taken back to, when standard
/// output is a place where that is sound: a regular file that conform writes at its end (`> report.json`),
/// or the null device. A pipe or a terminal has shown what it was given, and a file opened to append
/// (`>>`) may be shared with other writers, so neither gives a mark.
///
/// `conform run --format json` streams its document as it goes; with a mark it can still start over
/// unseen when it meets a policy file among its paths, so it no longer reads every file for them first
/// (`ConformRunner.Options.seeksPolicyFiles`).
public struct StandardOutputMark: Sendable {
    /// Where the file is cut back to; `nil` for the null device, where nothing needs taking back.
    private let offset: Int64?
    /// The line state of standard output's workflow-command guard at the mark.
    private let line: WorkflowCommandGuard.Line

    /// A mark at the end of what standard output holds now, or `nil` when what is written there cannot
    /// be taken back (a pipe, a terminal, a file opened to append, a file that goes on past the place
    /// conform writes at, a file that cannot be cut).
    public static func here() -> StandardOutputMark? {
        let descriptor = STDOUT_FILENO
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        let line = WorkflowCommandGuard.standardOutput.withLock { $0 }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFCHR {
            var null = stat()
            guard stat("/dev/null", &null) == 0, (null.st_mode & S_IFMT) == S_IFCHR, null.st_rdev == status.st_rdev else { return nil }
            return StandardOutputMark(offset: nil, line: line)
        }
        guard kind == S_IFREG, fcntl(descriptor, F_GETFL) & O_APPEND == 0 else { return nil }
        let offset = Int64(lseek(descriptor, 0, SEEK_CUR))
        // Cutting the file there is tried now (it changes nothing), so that taking back does not fail later.
        guard offset >= 0, offset == Int64(status.st_size), ftruncate(descriptor, off_t(offset)) == 0 else { return nil }
        return StandardOutputMark(offset: offset, line: line)
    }

    /// Takes back everything written to standard output since the mark: the file is cut back to it and
    /// written on from there. Returns `false` when that failed, and what was written stays.
    public func takeBack() -> Bool {
        if let offset {
            guard ftruncate(STDOUT_FILENO, off_t(offset)) == 0, lseek(STDOUT_FILENO, off_t(offset), SEEK_SET) == off_t(offset) else {
                return false
            }
        }
        WorkflowCommandGuard.standardOutput.withLock { $0 = line }
        return true
    }
}
