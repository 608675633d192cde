import Foundation

/// Runs the built `conform` binary, as a user would, and captures what it prints.
struct BinaryRunner {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the binary was still running after the time allowed, and was killed.
        var timedOut = false
        /// The child's process id (which names the temporary files older conforms made).
        var processIdentifier: Int32 = 0
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `conform` executable next to the test bundle (SwiftPM builds it because the tests depend on it).
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("conform")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("conform")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/conform")
    }

    /// - Parameter input: what the binary reads on standard input (then the end of input); `nil`: nothing, at once.
    /// - Parameter timeout: seconds after which a binary still running is killed (`Output.timedOut`), so
    ///   that a test of something that could hang fails instead of hanging the suite.
    static func run(
        _ arguments: [String], in directory: URL = packageRoot, executable: URL = binary, environment: [String: String] = [:],
        input: String? = nil, timeout: TimeInterval? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        let killer = Killer(process.processIdentifier)
        if let timeout { DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { killer.kill() } }
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        // Both pipes are read at once, before waiting, so that neither a full stdout nor a full stderr
        // blocks the child.
        let stderrReader = PipeReader(err)
        let stdout = readAll(out.fileHandleForReading.fileDescriptor)
        let stderr = stderrReader.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), timedOut: killer.finish(), processIdentifier: process.processIdentifier)
    }
}

/// Kills a child that is still running when its time is up; says afterwards whether it had to.
final class Killer: @unchecked Sendable {
    private let identifier: Int32
    private let lock = NSLock()
    private var done = false
    private var killed = false

    init(_ identifier: Int32) {
        self.identifier = identifier
    }

    func kill() {
        lock.withLock {
            guard !done else { return }
            killed = true
            _ = Foundation.kill(identifier, SIGKILL)
        }
    }

    /// Marks the child as ended (its id may be reused from now on); whether it was killed.
    func finish() -> Bool {
        lock.withLock {
            done = true
            return killed
        }
    }
}

/// Reads a pipe to its end on another thread.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            data = readAll(descriptor)
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Reads a pipe to its end. `FileHandle.readDataToEndOfFile` traps when a signal interrupts the read
/// (EINTR), which happens while many test processes run at once; this retries instead.
func readAll(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}

/// A temporary folder of files, removed when the test is done.
final class Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
