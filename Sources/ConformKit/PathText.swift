/// Paths taken apart and put together as text. Foundation's `NSString` path methods are not used on
/// paths a user typed: `deletingLastPathComponent` traps on a one-character path on Linux (`P`, `.`,
/// `a/`), which a misspelt `policies: [P]` reached.
enum PathText {
    /// The folder part and the last name of `path`, trailing slashes aside: `a/b/c` is `a/b` and `c`;
    /// `c` is `` and `c`; `/c` is `/` and `c`; `a/b/` is `a` and `b`; `/` is `/` and ``; `` is `` and ``.
    static func split(_ path: String) -> (parent: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        if trimmed == "/" { return ("/", "") }
        guard let slash = trimmed.lastIndex(of: "/") else { return ("", String(trimmed)) }
        var parent = trimmed[..<slash]
        while parent.hasSuffix("/") { parent.removeLast() }
        return (parent.isEmpty ? "/" : String(parent), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// `name` inside `folder`: `a/b` for `a` and `b`, `/b` for `/` and `b`, `b` for `` and `b`.
    static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The names of an absolute path's folders from the root, `.` dropped and `..` taken back (textually,
    /// as `URL.standardized` does): `/a/./b/../c` is `a`, `c`.
    static func components(ofAbsolute path: String) -> [Substring] {
        var names: [Substring] = []
        for name in path.split(separator: "/") where name != "." {
            if name == ".." {
                if !names.isEmpty { names.removeLast() }
            } else {
                names.append(name)
            }
        }
        return names
    }
}
