import ConformCore
import ConformReports
import Foundation

/// Bazel's sharding protocol: a test runner that supports sharding creates (or touches) the file named
/// by `TEST_SHARD_STATUS_FILE`; without it, Bazel takes every shard for the whole test.
enum ShardStatusFile {
    /// Creates the file, or updates its modification time (a symbolic link's own: nothing is written
    /// through it, `AtomicFile.touch`); problems come back as diagnostics.
    static func touch(environment: [String: String]) -> [Diagnostic] {
        guard let path = environment["TEST_SHARD_STATUS_FILE"], !path.isEmpty else { return [] }
        do {
            try AtomicFile.touch(path, what: "the shard status file (TEST_SHARD_STATUS_FILE)")
            return []
        } catch let diagnostic as Diagnostic {
            return [diagnostic]
        } catch {
            return [Diagnostic(.error, "\(error)", at: SourceLocation(file: path, position: nil))]
        }
    }
}
