import Foundation

/// Where a run may read evidence: inside the folders of the paths it was given (a folder itself, a
/// file's own folder), after every symbolic link is resolved. A trace from a stranger's pull request
/// must not make the report carry `/etc/...`, `../../.git/config` or what a link beside it points at.
public struct EvidenceConfinement: Sendable {
    /// The folders, each fully resolved and ending in `/`.
    let roots: [String]

    /// The folders of `paths` (relative paths from the working directory); a path that does not exist
    /// adds nothing.
    public init(paths: [String]) {
        var roots: [String] = []
        for path in paths {
            guard let real = Self.realPath(path) else { continue }
            var status = stat()
            guard stat(real, &status) == 0 else { continue }
            let folder = (status.st_mode & S_IFMT) == S_IFDIR ? real : PathText.split(real).parent
            let root = folder.hasSuffix("/") ? folder : folder + "/"
            if !roots.contains(root) { roots.append(root) }
        }
        self.roots = roots
    }

    /// Why `path` (as opened: relative to the working directory, or absolute) may not be read, or `nil`
    /// when it lies inside the roots. The path is first judged as written (an absolute path or `..`
    /// leaving the roots is refused before anything is looked up), then with every link resolved.
    public func refusal(of path: String) -> String? {
        let outside = "lies outside the folders given to the run, so it is not read"
        guard admits(Self.lexical(path)) else { return outside }
        guard let real = Self.realPath(path) else { return nil } // missing: the reader says so
        return admits(real) ? nil : outside + " (through a symbolic link)"
    }

    func admits(_ absolute: String) -> Bool {
        roots.contains { absolute.hasPrefix($0) || absolute + "/" == $0 }
    }

    /// `path` made absolute and rid of `.` and `..` without following links.
    static func lexical(_ path: String) -> String {
        let start = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in start.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The path with every link resolved, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
