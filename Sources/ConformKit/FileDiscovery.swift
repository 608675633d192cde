import ConformCore
import ConformReports
import Foundation

/// Finds the input files under the paths a user gives: files as given, directories recursively
/// (`.yaml`, `.yml`, `.json`, hidden entries skipped), in a stable sorted order.
public enum FileDiscovery {
    /// The file extensions taken as traces or policies in a directory: `yaml`, `yml` and `json`.
    public static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// The files found under the paths, and what went wrong finding them.
    public struct Found: Sendable {
        /// Kept for a whole run, so kept compactly (a few bytes a path, not a string each).
        public var files: CompactStrings
        /// Paths that do not exist or cannot be listed, located at the path.
        public var diagnostics: [Diagnostic]
        /// Symbolic links not followed because they lead outside the paths given.
        public var warnings: [Diagnostic] = []
    }

    /// The trace and policy files under `paths`: files as given, directories recursively, in a stable order.
    /// - Parameters:
    ///   - paths: files and directories, as the user gives them.
    ///   - followLinks: follow symbolic links found inside directories wherever they lead; by
    ///     default a link is followed only when its target lies within one of the paths given (a link
    ///     to `/` or to a secret elsewhere is skipped, with a warning). Cycles are walked once either way.
    /// - Returns: the files, sorted, and what went wrong finding them.
    public static func find(in paths: [String], followLinks: Bool = false) -> Found {
        var found = Found(files: CompactStrings(), diagnostics: [])
        var seen = Set<String>()
        var visited = Set<String>()
        let roots = followLinks ? nil : paths.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                let hint = ConfigFile.missingPathHint(path, in: "") ?? ""
                found.diagnostics.append(
                    Diagnostic(.error, "no such file or directory\(hint)", at: SourceLocation(file: path, position: nil)))
                continue
            }
            if isDirectory.boolValue {
                walk(path, roots: roots, visitedDirectories: &visited, into: &found)
            } else {
                found.files.append(path)
            }
        }
        // A file named directly and again through its directory is checked once, where first found.
        // One path cannot name a file twice: a walk appends distinct entry names (never `.` or `..`) and
        // visits each directory once, so the (costly) comparison of standardised paths is for several paths.
        if paths.count > 1 {
            var unique = CompactStrings()
            for file in found.files where seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted { unique.append(file) }
            found.files = unique
        }
        // Kept for the whole run: without the room an array keeps to grow.
        found.files.shrinkToFit()
        return found
    }

    private static func walk(_ directory: String, roots: [String]?, visitedDirectories: inout Set<String>, into found: inout Found) {
        // Resolving symlinks keeps a link cycle from walking forever.
        let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visitedDirectories.insert(real).inserted else { return }
        // One pass of readdir gives the names and, mostly, their types; the paths are made one at a time
        // and kept compactly: a folder of 100,000 traces holds no list of full paths, nor a second listing.
        guard var entries = DirectoryEntries(directory) else {
            found.diagnostics.append(Diagnostic(.error, "cannot read the directory", at: SourceLocation(file: directory, position: nil)))
            return
        }
        entries.list.sort { $0.name < $1.name }
        var directories: [String] = []
        for (entry, kind) in entries.list where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
            // Regular files and directories are known from the listing; anything else (links above all) is asked about.
            switch kind {
            case .regular:
                if hasInputExtension(entry) { found.files.append(path) }
                continue
            case .directory:
                directories.append(path)
                continue
            case nil:
                break
            }
            if let roots {
                let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                if !roots.contains(where: { target == $0 || target.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) {
                    found.warnings.append(
                        Diagnostic(
                            .warning,
                            "a symbolic link that leads outside the paths given, so it is not followed (--follow-links follows it)",
                            at: SourceLocation(file: path, position: nil)))
                    continue
                }
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // Only a link can be listed yet not exist: its target is gone.
                if extensions.contains((entry as NSString).pathExtension.lowercased()) {
                    found.diagnostics.append(
                        Diagnostic(.error, "a symbolic link to a file that does not exist", at: SourceLocation(file: path, position: nil)))
                }
                continue
            }
            if isDirectory.boolValue {
                directories.append(path)
            } else if extensions.contains((entry as NSString).pathExtension.lowercased()) {
                found.files.append(path)
            }
        }
        for subdirectory in directories { walk(subdirectory, roots: roots, visitedDirectories: &visitedDirectories, into: &found) }
    }

    /// `extensions.contains((name as NSString).pathExtension.lowercased())` without bridging to NSString:
    /// the ASCII letters after the last dot, compared without case. No other letter lowercases to one of
    /// the extensions' letters, so this gives the same answer.
    private static func hasInputExtension(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        guard suffix.count <= 4, suffix.allSatisfy({ $0 < 0x80 }) else { return false }
        let lowered = String(decoding: suffix.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self)
        return extensions.contains(lowered)
    }
}

/// A directory's entries, from one pass of `readdir`, with what it says each one is where it says so:
/// a regular file or a directory. Links and entries whose type the file system does not give have no
/// kind, to be looked up one by one.
private struct DirectoryEntries {
    enum Kind { case regular, directory }

    var list: [(name: String, kind: Kind?)] = []

    /// `nil` when the directory cannot be read.
    init?(_ directory: String) {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        // Without search permission a listed entry cannot be looked up: every entry is left to the lookup.
        let typed = access(directory, X_OK) == 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                raw.baseAddress.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
            }
            guard let name, name != ".", name != ".." else { continue }
            let type = entry.pointee.d_type
            let kind: Kind? = !typed ? nil : type == UInt8(DT_REG) ? .regular : type == UInt8(DT_DIR) ? .directory : nil
            list.append((name, kind))
        }
    }
}

/// Reads one input file whole, refusing what is too large to be a trace or policy and anything
/// that is not a regular file. Plain POSIX calls: this runs once per file on the hot path.
public enum FileReader {
    /// Larger files are refused before reading (16 MiB).
    public static let maximumBytes = 16 * 1024 * 1024

    /// Why a file was not read, for callers that word it their own way.
    public enum Failure: Error, Sendable, Equatable {
        /// `open` failed; `missing` when the file does not exist.
        case cannotOpen(missing: Bool)
        /// A FIFO, device or directory: it could block or never end.
        case notRegularFile
        /// Larger than the limit; nothing was read.
        case tooLarge(size: Int)
        /// `read` failed, with the system's reason.
        case readFailed(reason: String)
        /// The file grew while it was read.
        case changed
    }

    /// The bytes of the file at `path`, or a diagnostic located at the file saying why it cannot be read
    /// (missing, a directory, too large, unreadable, or changed while read).
    public static func read(_ path: String) -> Result<[UInt8], Diagnostic> {
        let location = SourceLocation(file: path, position: nil)
        return read(path, maximumBytes: maximumBytes).mapError { failure in
            switch failure {
            case .cannotOpen: return Diagnostic(.error, "cannot read the file (it is missing or not accessible)", at: location)
            case .notRegularFile: return Diagnostic(.error, "not a regular file, so it is not read", at: location)
            case .tooLarge(let size):
                return Diagnostic(.error, "the file has \(size) bytes; at most \(maximumBytes) are read", at: location)
            case .readFailed(let reason): return Diagnostic(.error, "cannot read the file: \(reason)", at: location)
            case .changed: return Diagnostic(.error, "the file changed while it was read", at: location)
            }
        }
    }

    /// Reads a regular file of at most `maximumBytes` whole.
    /// - Parameters:
    ///   - path: the file.
    ///   - maximumBytes: a larger file is refused before it is read.
    ///   - asInput: whether the file is one of the command's inputs, which no output may then replace
    ///     (`InputFiles`); `false` for a look at a file about to be written (is it a baseline?).
    public static func read(_ path: String, maximumBytes: Int, asInput: Bool = true) -> Result<[UInt8], Failure> {
        // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.cannotOpen(missing: errno == ENOENT || errno == ENOTDIR)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.cannotOpen(missing: false)) }
        // A FIFO or device would block or never end; only regular files are read.
        guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notRegularFile) }
        // Noted once opened, even when too large to read: it is still what the command was given to read.
        if asInput { InputFiles.note(status, path: path) }
        let size = Int(status.st_size)
        guard size <= maximumBytes else { return .failure(.tooLarge(size: size)) }
        var failed = false
        // Read at most one byte more than the size said, to notice a file that grew meanwhile.
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let asked = buffer.count - count
                let got = Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, asked)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
                // A read of a regular file that gives less than it was asked for, ending where the size
                // said the file ends, stopped at the end: asking again would only be told so (a system
                // call a file, thousands in a run).
                if got < asked, count == size { break }
            }
        }
        if failed { return .failure(.readFailed(reason: String(cString: strerror(errno)))) }
        guard bytes.count <= size else { return .failure(.changed) }
        return .success(bytes)
    }

    /// Whether `path` names something that exists (following links), without reading it.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }
}

extension FileDiscovery {
    /// Each file's path relative to the path it was found under (the first of `paths` it lies in, as
    /// `find` reports it first there), or its name when it was given itself: what decides its shard
    /// (`Shard.select`), so that the split does not depend on where the paths lie on the machine.
    public static func relativePaths(_ files: some Collection<String>, under paths: [String]) -> [String] {
        files.map { file in
            for path in paths {
                if file == path { return (file as NSString).lastPathComponent }
                let prefix = path.hasSuffix("/") ? path : path + "/"
                if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
            }
            return (file as NSString).lastPathComponent
        }
    }
}
