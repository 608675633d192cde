import ConformCore
import ConformLoading
import ConformReports
import Foundation

/// Finds and reads a project's `.conform.yaml` (Docs/Configuration.md).
public enum ConfigFile {
    /// The configuration that applies in `directory`: the first `.conform.yaml` in it or a parent, up to
    /// and including the repository's root (the first folder holding `.git`), or up to `/` outside a
    /// repository. The path is relative to `directory` (`.conform.yaml`, `../.conform.yaml`), as a user
    /// would type it; `nil` when there is none.
    public static func find(from directory: String) -> String? {
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        var relative = ""
        while true {
            let candidate = folder.appendingPathComponent(ConfigLoader.fileName).path
            if FileReader.exists(candidate) { return relative + ConfigLoader.fileName }
            // The repository's root is the last folder looked in: a configuration above it is another project's.
            if FileReader.exists(folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return nil }
            folder = parent
            relative += "../"
        }
    }

    /// The configuration in `path`, its paths made relative to the working directory; or every problem
    /// found, located (a file that cannot be read gives one problem at the file).
    public static func load(_ path: String) -> (config: ProjectConfig?, problems: [Diagnostic]) {
        switch FileReader.read(path) {
        case .failure(let diagnostic):
            return (nil, [diagnostic])
        case .success(let bytes):
            let folder = (path as NSString).deletingLastPathComponent
            let (config, problems) = ConfigLoader().load(bytes, file: path) { missingPathHint($0, in: folder) }
            return (config?.resolved(in: folder), problems.map { $0.diagnostic(in: path) })
        }
    }

    /// `nil` when `path` (relative to `folder` unless absolute) exists; else "; did you mean 'X'?" with
    /// the nearest name in its parent folder (`Policy` for `Policies`, `x.yml` for `x.yaml`), or "".
    static func missingPathHint(_ path: String, in folder: String) -> String? {
        let full = path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: full) { return nil }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let parent = (trimmed as NSString).deletingLastPathComponent
        let name = (trimmed as NSString).lastPathComponent
        let fullTrimmed = full.hasSuffix("/") ? String(full.dropLast()) : full
        let parentFull = (fullTrimmed as NSString).deletingLastPathComponent
        // A long name or a crowded folder gets no suggestion: measuring costs the lengths multiplied.
        guard name.count <= Spelling.maximumLength else { return "" }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: parentFull.isEmpty ? "." : parentFull)) ?? [])
            .filter { !$0.hasPrefix(".") && $0.count <= Spelling.maximumLength }.sorted()
        guard entries.count <= 1_000 else { return "" }
        // A singular for a plural (`Policy`, `Trace`) is further from it than spelling alone allows:
        // a name that starts alike may be further off.
        let near =
            Spelling.nearest(to: name, among: entries)
            ?? entries.filter {
                $0.lowercased().hasPrefix(name.lowercased().prefix(4))
                    && Spelling.distance($0.lowercased(), name.lowercased()) <= max(2, name.count / 2)
            }
            .min { Spelling.distance($0, name) < Spelling.distance($1, name) }
        guard let near else { return "" }
        return "; did you mean '\(parent.isEmpty ? near : (parent as NSString).appendingPathComponent(near))'?"
    }
}
