import ConformCore
import Foundation

extension AtomicFile {
    /// Where a write lands, judged before anything is written: the path as given (what messages name),
    /// the file that is replaced (the path itself, or the target of a link there that may be written
    /// through) and its folder, where the temporary file is made so that the rename stays on one disk.
    struct Destination {
        /// The path as the user gave it.
        let path: String
        /// What `what` the write is for, as messages name it ("the report").
        let what: String
        /// The path renamed onto: `path`, or the end of the symbolic links that start there.
        let target: String
        /// `target`'s folder.
        let folder: String
        /// The permissions of the file replaced, kept by the new one; `nil` for a new file.
        let mode: mode_t?

        private var here: SourceLocation { SourceLocation(file: path, position: nil) }

        /// Judges `path`: a folder, a FIFO, a device or a socket is refused; a symbolic link is written
        /// through only when its target lies in the link's own folder, unless `rules.followLinks`;
        /// with `rules.createOnly`, anything there is refused. The folder is created when missing.
        static func resolve(_ path: String, what: String, rules: Rules, creatingFolder: Bool = true) throws -> Destination {
            let here = SourceLocation(file: path, position: nil)
            guard !path.isEmpty else { throw Diagnostic(.error, "cannot write \(what): the path is empty", at: here) }
            var status = stat()
            guard lstat(path, &status) == 0 else {
                guard errno == ENOENT else { throw Diagnostic(.error, "cannot write \(what): \(AtomicFile.reason())", at: here) }
                let folder = Self.folder(of: path)
                if creatingFolder { try createFolder(folder, for: path, what: what) }
                return Destination(path: path, what: what, target: path, folder: folder, mode: nil)
            }
            if rules.createOnly {
                throw Diagnostic(.error, "not written: \(Self.kind(status)) is already there, and nothing is written over it", at: here)
            }
            var target = path
            if status.st_mode & S_IFMT == S_IFLNK {
                target = try linkTarget(of: path, what: what)
                if !rules.followLinks, !Self.lies(target, inFolderOf: path) {
                    throw Diagnostic(
                        .error,
                        "not written: a symbolic link to \(target), outside its folder, so it is not written through; "
                            + "remove the link, or give --follow-links to write through it",
                        at: here)
                }
                guard lstat(target, &status) == 0 else {
                    // A link to a file that does not exist yet: the file is created where the link says.
                    return Destination(path: path, what: what, target: target, folder: Self.folder(of: target), mode: nil)
                }
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return Destination(path: path, what: what, target: target, folder: Self.folder(of: target), mode: status.st_mode & 0o777)
            case S_IFDIR:
                throw Diagnostic(.error, "not written: this is a folder; give the path of a file for \(what)", at: here)
            default:
                throw Diagnostic(
                    .error,
                    "not written: not a regular file (\(Self.kind(status))), so it is not replaced; give the path of a regular file",
                    at: here)
            }
        }

        /// Refuses a target that the command read (by identity), unless `rules` lets it be replaced.
        func refuseInput(_ rules: Rules) throws {
            guard let identity = FileIdentity(path: target), InputFiles.isRead(identity) else { return }
            if rules.replaceable.contains(where: { FileIdentity(path: $0) == identity }) { return }
            // Another name of the input, where the path written to does not show which it is.
            let other = InputFiles.pathRead(identity) ?? (target == path ? nil : target)
            let which = other.map { $0 == path ? "this file" : "this file (as \($0))" } ?? "this file"
            throw Diagnostic(
                .error, "not written: the command reads \(which), so it is not replaced; write \(what) to another path", at: here)
        }

        /// The folder of `path` as written (`.` for a bare name).
        static func folder(of path: String) -> String {
            let folder = (path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        }

        private static func createFolder(_ folder: String, for path: String, what: String) throws {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                var isFolder: ObjCBool = false
                let reason =
                    FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && !isFolder.boolValue
                    ? "\(folder) is a file, not a folder" : "cannot create its folder \(folder)"
                throw Diagnostic(.error, "cannot write \(what): \(reason)", at: SourceLocation(file: path, position: nil))
            }
        }

        /// The end of the chain of symbolic links that starts at `path`: the first path that is not a
        /// link (or does not exist), with its folder's links resolved.
        private static func linkTarget(of path: String, what: String) throws -> String {
            let here = SourceLocation(file: path, position: nil)
            var current = path
            // As many links as the system itself follows in one path (Linux: 40; SYMLOOP_MAX elsewhere).
            for _ in 0..<40 {
                var status = stat()
                guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                    guard let folder = realPath(Self.folder(of: current)) else {
                        throw Diagnostic(
                            .error, "not written: a symbolic link to \(current), whose folder does not exist; remove the link", at: here)
                    }
                    let name = (current as NSString).lastPathComponent
                    return folder == "/" ? "/" + name : folder + "/" + name
                }
                guard let destination = readLink(current) else {
                    throw Diagnostic(.error, "cannot write \(what): cannot read the symbolic link: \(AtomicFile.reason())", at: here)
                }
                current = destination.hasPrefix("/") ? destination : Self.folder(of: current) + "/" + destination
            }
            throw Diagnostic(.error, "not written: a chain of symbolic links that does not end (or is too long); remove the link", at: here)
        }

        /// Whether `target` (a resolved path) lies in the folder of the link `path` itself. Not below it:
        /// from a repository's root, "below" is every file of the checkout, `.git/hooks` included.
        private static func lies(_ target: String, inFolderOf path: String) -> Bool {
            guard let folder = realPath(Self.folder(of: path)) else { return false }
            return Self.folder(of: target) == folder
        }

        private static func realPath(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        private static func readLink(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count >= 0 else { return nil }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        /// What an entry is, in a few words.
        static func kind(_ status: stat) -> String {
            switch status.st_mode & S_IFMT {
            case S_IFREG: return "a file"
            case S_IFDIR: return "a folder"
            case S_IFLNK: return "a symbolic link"
            case S_IFIFO: return "a FIFO"
            case S_IFSOCK: return "a socket"
            case S_IFCHR, S_IFBLK: return "a device"
            default: return "something other than a file"
            }
        }
    }
}
