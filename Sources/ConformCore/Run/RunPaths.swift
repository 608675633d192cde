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
            if file.utf8.elementsEqual(root.utf8) { return Self.lastComponent(of: root) }
            // Discovery joins a folder and an entry with one `/`, none when the folder ends with one. Compared
            // byte by byte: an entry that starts with a combining mark joins the `/` into one Character.
            let folder = root.hasSuffix("/") ? root : root + "/"
            if file.utf8.count > folder.utf8.count, file.utf8.starts(with: folder.utf8) {
                return String(decoding: file.utf8.dropFirst(folder.utf8.count), as: UTF8.self)
            }
        }
        return nil
    }

    /// The last component of a path written without a trailing `/` (`x.yaml` of `Traces/x.yaml`).
    static func lastComponent(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let last = bytes.lastIndex(of: slash), last + 1 < bytes.count else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(last + 1)...], as: UTF8.self)
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
