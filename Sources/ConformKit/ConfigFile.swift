import ConformCore
import ConformLoading
import ConformReports
import Foundation

/// Finds and reads a project's `.conform.yaml` (Docs/Configuration.md).
public enum ConfigFile {
    /// The configuration that applies in `directory` (an absolute path): the first `.conform.yaml` in it
    /// or a parent, up to and including the repository's root (the first folder holding `.git`), or up to
    /// `/` outside a repository. The path is relative to `directory` (`.conform.yaml`, `../.conform.yaml`),
    /// as a user would type it; `nil` when there is none, or when `directory` is not absolute. The folders
    /// above are taken from the path's text, so the search ends at `/` whatever the file system says.
    public static func find(from directory: String) -> String? {
        guard directory.hasPrefix("/") else { return nil }
        var folders = PathText.components(ofAbsolute: directory)
        var relative = ""
        while true {
            let folder = "/" + folders.joined(separator: "/")
            if FileReader.exists(PathText.join(folder, ConfigLoader.fileName)) { return relative + ConfigLoader.fileName }
            // The repository's root is the last folder looked in: a configuration above it is another project's.
            if FileReader.exists(PathText.join(folder, ".git")) || folders.isEmpty { return nil }
            folders.removeLast()
            relative += "../"
        }
    }

    /// The configuration that applies in the working directory (`find(from:)`), or `nil` when there is none.
    /// - Throws: a problem when the working directory cannot be resolved (it was removed, or a folder above
    ///   it cannot be read): no configuration can then be looked for, and a command that went on without
    ///   one would run with settings other than the project's.
    public static func findFromWorkingDirectory() throws(Diagnostic) -> String? {
        switch workingDirectory() {
        case .success(let directory):
            return find(from: directory)
        case .failure(let reason):
            throw Diagnostic(
                .error,
                "the working directory cannot be resolved (\(reason); was it removed?), so no \(ConfigLoader.fileName) can be "
                    + "looked for from it: change to a folder that exists, or give --config FILE or --no-config",
                at: SourceLocation(file: "conform", position: nil))
        }
    }

    /// The working directory as the kernel resolves it (`getcwd`), or why it cannot be: Foundation's
    /// `currentDirectoryPath` gives no sign of the failure.
    static func workingDirectory() -> Result<String, WorkingDirectoryError> {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let resolved = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard resolved else { return .failure(WorkingDirectoryError(code: errno)) }
        guard let end = buffer.firstIndex(of: 0), buffer[0] == UInt8(ascii: "/") else {
            return .failure(WorkingDirectoryError(code: ENOENT))
        }
        return .success(String(decoding: buffer[..<end], as: UTF8.self))
    }

    /// Why `getcwd` failed: the C library's words for its error.
    struct WorkingDirectoryError: Error, CustomStringConvertible {
        var code: Int32
        var description: String { strerror(code).map { String(cString: $0) } ?? "error \(code)" }
    }

    /// The configuration in `path`, its paths made relative to the working directory; or every problem
    /// found, located (a file that cannot be read gives one problem at the file).
    public static func load(_ path: String) -> (config: ProjectConfig?, problems: [Diagnostic]) {
        switch FileReader.read(path) {
        case .failure(let diagnostic): return (nil, [diagnostic])
        case .success(let bytes): return parse(bytes, path: path)
        }
    }

    /// The configuration `bytes` hold, read as the file at `path` (whose folder its paths are relative to,
    /// and where a missing path's did-you-mean looks), or every problem found, located; the fuzz target
    /// `Fuzz/FuzzConfigLoader.swift` feeds it anything.
    public static func parse(_ bytes: [UInt8], path: String) -> (config: ProjectConfig?, problems: [Diagnostic]) {
        let folder = PathText.split(path).parent
        let (config, problems) = ConfigLoader().load(bytes, file: path) { missingPathHint($0, in: folder) }
        return (config?.resolved(in: folder), problems.map { $0.diagnostic(in: path) })
    }

    /// `nil` when `path` (relative to `folder` unless absolute) exists; else "; did you mean 'X'?" with
    /// the nearest name in its parent folder (`Policy` for `Policies`, `x.yml` for `x.yaml`), or "".
    public static func missingPathHint(_ path: String, in folder: String) -> String? {
        let full = path.hasPrefix("/") || folder.isEmpty ? path : PathText.join(folder, path)
        if FileManager.default.fileExists(atPath: full) { return nil }
        let (parent, name) = PathText.split(path)
        let parentFull = PathText.split(full).parent
        // `.`, `..` and `/` name no entry of a folder to be near to.
        guard !name.isEmpty, name != ".", name != ".." else { return "" }
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
        return "; did you mean '\(PathText.join(parent, near))'?"
    }
}
