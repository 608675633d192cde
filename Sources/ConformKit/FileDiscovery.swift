import ConformCore
import Foundation

/// Finds the input files under the paths a user gives: files as given, directories recursively
/// (`.yaml`, `.yml`, `.json`, hidden entries skipped), in a stable sorted order.
public enum FileDiscovery {
    public static let extensions: Set<String> = ["yaml", "yml", "json"]

    public struct Found: Sendable {
        public var files: [String]
        public var diagnostics: [Diagnostic]
    }

    public static func find(in paths: [String]) -> Found {
        var found = Found(files: [], diagnostics: [])
        var seen = Set<String>()
        var visited = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                found.diagnostics.append(Diagnostic(.error, "no such file or directory", at: SourceLocation(file: path, position: nil)))
                continue
            }
            if isDirectory.boolValue {
                walk(path, visitedDirectories: &visited, into: &found)
            } else {
                found.files.append(path)
            }
        }
        // A file named directly and again through its directory is checked once, where first found.
        found.files = found.files.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
        return found
    }

    private static func walk(_ directory: String, visitedDirectories: inout Set<String>, into found: inout Found) {
        // Resolving symlinks keeps a link cycle from walking forever.
        let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visitedDirectories.insert(real).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            found.diagnostics.append(Diagnostic(.error, "cannot read the directory", at: SourceLocation(file: directory, position: nil)))
            return
        }
        var files: [String] = []
        var directories: [String] = []
        for entry in entries where !entry.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
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
                files.append(path)
            }
        }
        found.files += files
        for subdirectory in directories { walk(subdirectory, visitedDirectories: &visitedDirectories, into: &found) }
    }
}

/// Reads one input file whole, refusing what is too large to be a trace or policy and anything
/// that is not a regular file. Plain POSIX calls: this runs once per file on the hot path.
public enum FileReader {
    /// Larger files are refused before reading (16 MiB).
    public static let maximumBytes = 16 * 1024 * 1024

    public static func read(_ path: String) -> Result<[UInt8], Diagnostic> {
        let location = SourceLocation(file: path, position: nil)
        // O_NONBLOCK so that opening a FIFO returns at once instead of waiting for a writer.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(Diagnostic(.error, "cannot read the file (it is missing or not accessible)", at: location))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            return .failure(Diagnostic(.error, "cannot read the file (it is missing or not accessible)", at: location))
        }
        // A FIFO or device would block or never end; only regular files are read.
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Diagnostic(.error, "not a regular file, so it is not read", at: location))
        }
        let size = Int(status.st_size)
        guard size <= maximumBytes else {
            return .failure(Diagnostic(.error, "the file has \(size) bytes; at most \(maximumBytes) are read", at: location))
        }
        var failed = false
        // Read at most one byte more than the size said, to notice a file that grew meanwhile.
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Foundation.read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
            }
        }
        if failed {
            return .failure(Diagnostic(.error, "cannot read the file: \(String(cString: strerror(errno)))", at: location))
        }
        guard bytes.count <= size else {
            return .failure(Diagnostic(.error, "the file changed while it was read", at: location))
        }
        return .success(bytes)
    }
}
