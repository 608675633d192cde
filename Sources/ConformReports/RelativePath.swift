/// Paths from one folder to a file, worked out from the paths' text alone: reports never touch the disk,
/// so a symbolic link on the way is not followed (`a/link/..` is taken as `a`).
enum RelativePath {
    /// `target` as seen from `folder`, or `nil` when the text cannot tell: one path absolute and the
    /// other relative, or `folder` climbing (`..`) out of where the two paths part. With the absolute
    /// `workingDirectory` that relative paths start from, both are made absolute where that helps.
    static func path(to target: String, from folder: String, workingDirectory: String? = nil) -> String? {
        if let found = path(to: target, from: folder) { return found }
        guard let base = workingDirectory, base.hasPrefix("/") else { return nil }
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : base + "/" + path }
        return path(to: absolute(target), from: absolute(folder))
    }

    private static func path(to target: String, from folder: String) -> String? {
        guard target.hasPrefix("/") == folder.hasPrefix("/") else { return nil }
        let to = components(target)
        let from = components(folder)
        var common = 0
        while common < to.count, common < from.count, to[common] == from[common] { common += 1 }
        let up = from.dropFirst(common)
        // The folder's name beyond `..` is unknown, so the way back down cannot be written.
        guard !up.contains("..") else { return nil }
        let parts = Array(repeating: "..", count: up.count) + to.dropFirst(common)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The path's parts with `.` and empty parts dropped and `x/..` folded; a leading `..` of a relative
    /// path stays, one at the root of an absolute path goes (as the system treats it).
    static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/")
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !absolute {
                    parts.append("..")
                }
            default: parts.append(String(part))
            }
        }
        return parts
    }
}
