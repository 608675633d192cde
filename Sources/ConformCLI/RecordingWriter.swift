import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// Keeps the recording on disk: the whole trace is rewritten after every step, atomically, so an
/// interrupted recorder leaves every complete step behind.
struct RecordingWriter {
    let path: String

    func save(_ recorder: TraceRecorder) throws {
        do {
            try AtomicFile.write(recorder.yaml(), to: path, what: "the trace")
        } catch let diagnostic as Diagnostic {
            printProblems([diagnostic])
            throw ExitCode(2)
        }
    }

    /// On Ctrl-C, says where the recording is before the process ends (the file is already complete).
    static func announceOnInterrupt(path: String) {
        let message = "\nconform: stopped; every complete step is in \(Escaping.terminal(path))\n"
        interruptMessage = strdup(message)
        signal(SIGINT) { _ in
            if let message = interruptMessage { _ = write(STDERR_FILENO, message, strlen(message)) }
            _exit(130)
        }
        // A parent may have started conform with SIGINT blocked (test runners do); unblock it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}

/// Written once before the handler is installed, then only read by it.
nonisolated(unsafe) private var interruptMessage: UnsafeMutablePointer<CChar>?
