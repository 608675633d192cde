import ConformCore
import Foundation

/// Bazel's sharding protocol: a test runner that supports sharding creates (or touches) the file named
/// by `TEST_SHARD_STATUS_FILE`; without it, Bazel takes every shard for the whole test.
enum ShardStatusFile {
    /// Creates the file, or updates its modification time; problems come back as diagnostics.
    static func touch(environment: [String: String]) -> [Diagnostic] {
        guard let path = environment["TEST_SHARD_STATUS_FILE"], !path.isEmpty else { return [] }
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            do {
                try manager.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
                return []
            } catch {
                return [
                    Diagnostic(
                        .error, "cannot touch the shard status file (TEST_SHARD_STATUS_FILE)", at: SourceLocation(file: path, position: nil)
                    )
                ]
            }
        }
        guard manager.createFile(atPath: path, contents: nil) else {
            return [
                Diagnostic(
                    .error, "cannot create the shard status file (TEST_SHARD_STATUS_FILE)", at: SourceLocation(file: path, position: nil))
            ]
        }
        return []
    }
}
