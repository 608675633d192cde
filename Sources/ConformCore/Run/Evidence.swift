/// The file a step names as its `evidence` (a screenshot), read by the runner at a broken claim's
/// departure so that reports can show it without touching the disk.
public struct Evidence: Sendable, Equatable {
    /// Images are embedded up to this size (4 MiB); a larger one is named by its path instead.
    public static let maximumBytes = 4 * 1024 * 1024

    /// The path as the trace wrote it, relative to the trace file.
    public var path: String
    /// The path from where conform runs: the trace file's folder joined with `path`.
    public var resolved: String
    /// The step that names it.
    public var step: Int
    /// `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `image/heic` or `image/heif` by the file's
    /// extension; `nil` for any other file (an SVG included: it can carry script, so it is only linked).
    public var mediaType: String?
    /// The image's bytes, only when its first bytes are an image of `mediaType` and it has at most
    /// `maximumBytes` (`isEmbeddable`); `nil` otherwise.
    public var bytes: [UInt8]?
    /// Why an image is not embedded, when it is not (its bytes are not the image its extension says).
    public var notEmbedded: String?

    /// Evidence as the runner read it; `bytes` only when the image is embedded.
    public init(path: String, resolved: String, step: Int, mediaType: String?, bytes: [UInt8]?, notEmbedded: String? = nil) {
        self.path = path
        self.resolved = resolved
        self.step = step
        self.mediaType = mediaType
        self.bytes = bytes
        self.notEmbedded = notEmbedded
    }

    /// The media type of an image that browsers show, by extension (any letter case).
    public static func mediaType(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "heic": return "image/heic"
        case "heif": return "image/heif"
        default: return nil
        }
    }

    /// Why a path written as `evidence:` cannot stay beside its trace (an absolute path, or `..` that
    /// leaves the trace's folder), or `nil`. What a recorder writes must be readable by `conform run`,
    /// which reads evidence only inside the folders it is given.
    public static func placementProblem(_ path: String) -> String? {
        if path.hasPrefix("/") { return "evidence is a path relative to the trace's folder, not an absolute path" }
        var depth = 0
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            depth += part == ".." ? -1 : 1
            if depth < 0 { return "evidence must lie inside the trace's folder: '..' leaves it" }
        }
        return nil
    }

    /// `path` relative to the folder of `traceFile`, as conform opens it. An absolute `path` stays as it is.
    public static func resolve(_ path: String, besides traceFile: String) -> String {
        if path.hasPrefix("/") { return path }
        var relative = Substring(path)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        guard let slash = traceFile.lastIndex(of: "/") else { return String(relative) }
        return String(traceFile[...slash] + relative)
    }
}
