/// The paths a run was given (its document's `"paths"`), which say where each of its files lies apart
/// from the folder the run was made in: `/tmp/a/Traces/Calendar/x.yaml`, found under `/tmp/a/Traces`,
/// and `Traces/Calendar/x.yaml`, found under `Traces`, are both `Calendar/x.yaml`. `conform diff` matches
/// the files of two runs made from different checkouts (or with absolute and relative paths) so.
public struct RunPaths: Sendable, Equatable {
    /// The paths, as given, in the run's order.
    public var roots: [String]

    /// The paths `roots`, as the run was given them.
    public init(_ roots: [String]) {
        self.roots = roots
    }

    /// Where `file` lies within the first path it was found under, as discovery names files: the rest
    /// after a folder and `/` (`Calendar/x.yaml`), or the file's own name when the path named the file
    /// itself. `nil` when it lies under none of them.
    public func relative(_ file: String) -> String? {
        for root in roots where !root.isEmpty {
            if file == root { return Self.lastComponent(of: root) }
            // Discovery joins a folder and an entry with one `/`, none when the folder ends with one.
            let folder = root.hasSuffix("/") ? root : root + "/"
            if file.count > folder.count, file.hasPrefix(folder) { return String(file.dropFirst(folder.count)) }
        }
        return nil
    }

    /// The last component of a path written without a trailing `/` (`x.yaml` of `Traces/x.yaml`).
    static func lastComponent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/"), trimmed.index(after: slash) < trimmed.endIndex else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The paths of several runs of one whole run (a sharded run's shards): each path once, in the order first given.
    public static func union(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        var union: [String] = []
        for list in lists {
            for path in list where seen.insert(path).inserted { union.append(path) }
        }
        return union
    }
}
