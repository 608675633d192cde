import Foundation

extension BinaryRunner {
    /// Runs the binary with its working directory removed before it starts. A child cannot be started in
    /// a folder that is gone, so a shell starts it there (`cd`, `rmdir`, `exec`), as a CI step left in a
    /// deleted checkout would; killed after `timeout` seconds (`Output.timedOut`), so that a hang fails.
    static func runInRemovedDirectory(
        _ arguments: [String], scratch: URL, environment: [String: String] = [:], timeout: TimeInterval
    ) throws -> Output {
        let folder = scratch.appendingPathComponent("removed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quoted = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd '\(folder.path)' && rmdir '\(folder.path)' && exec \(quoted.joined(separator: " "))"
        return try run(
            ["-c", script], in: scratch, executable: URL(fileURLWithPath: "/bin/sh"), environment: environment, timeout: timeout)
    }
}
