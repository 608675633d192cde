import Foundation

extension BinaryRunner {
    /// What a run within a deadline gives: the output, and whether the binary had to be killed.
    struct BoundedOutput {
        var output: Output
        /// The binary was still running at the deadline and was killed (a hang).
        var timedOut: Bool
    }

    /// Runs the binary as `run` does, but kills it (SIGKILL) if it has not ended within `seconds`: a test
    /// of hostile input must fail on a hang, not hang itself. The deadline is a safety net far above what
    /// the command takes; nothing is asserted about time.
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, environment: [String: String] = [:], within seconds: Double
    ) throws -> BoundedOutput {
        try bounded(binary, arguments, in: directory, environment: environment, within: seconds)
    }

    /// Runs the binary with its working directory removed before it starts. A child cannot be started in
    /// a folder that is gone, so a shell starts it there (`cd`, `rmdir`, `exec`), as a CI step left in a
    /// deleted checkout would.
    static func runInRemovedDirectory(
        _ arguments: [String], scratch: URL, environment: [String: String] = [:], within seconds: Double
    ) throws -> BoundedOutput {
        let folder = scratch.appendingPathComponent("removed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quoted = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let script = "cd '\(folder.path)' && rmdir '\(folder.path)' && exec \(quoted.joined(separator: " "))"
        return try bounded(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: nil, environment: environment, within: seconds)
    }

    private static func bounded(
        _ executable: URL, _ arguments: [String], in directory: URL?, environment: [String: String], within seconds: Double
    ) throws -> BoundedOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // Both pipes are read at once, so that neither a full stdout nor a full stderr blocks the child.
        let stdoutReader = PipeReader(out)
        let stderrReader = PipeReader(err)
        let timedOut = ended.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        return BoundedOutput(
            output: Output(
                status: process.terminationStatus, stdout: String(decoding: stdoutReader.wait(), as: UTF8.self),
                stderr: String(decoding: stderrReader.wait(), as: UTF8.self)),
            timedOut: timedOut)
    }
}
