import ConformReports
import Foundation

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP (a terminal closed) during `conform record`: nothing recorded is
/// lost. When every step is on disk (always, while the recorder waits for an answer), the handler says
/// where and ends the process at once; when some are not (answers pouring in from a pipe), it leaves a
/// flag that the recorder sees after the answer at hand, writes the trace and ends. Exit status 128 plus
/// the signal's number (130 for Ctrl-C).
enum RecordingStop {
    /// Set by the writer: 1 while steps are not on disk, 0 once written (read by the handler).
    nonisolated(unsafe) static var unsaved: sig_atomic_t = 0
    /// Set by the writer once the file has been written (read by the handler, for its words).
    nonisolated(unsafe) static var saved: sig_atomic_t = 0
    /// The signal received while steps were not on disk; 0 for none.
    nonisolated(unsafe) static var received: sig_atomic_t = 0

    /// Installs the handler; `path` is named in what it says.
    static func install(path: String) {
        let shown = Escaping.terminal(path)
        savedMessage = strdup("\nconform: stopped; every complete step is in \(shown)\n")
        unsavedMessage = strdup(Self.nothingWritten(shown))
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = { signal in RecordingStop.handle(signal) }
        #else
        action.__sigaction_u.__sa_handler = { signal in RecordingStop.handle(signal) }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaction(signal, &action, nil)
            sigaddset(&set, signal)
        }
        // A parent may have started conform with these signals blocked (test runners do); unblock them.
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// What is said when the recorder stops with no step on disk: the path is as it was before the
    /// recording (never written, or put back after every step was undone).
    static func nothingWritten(_ shown: String) -> String {
        "\nconform: stopped with no step recorded; \(shown) is as it was\n"
    }

    /// Async-signal-safe: `write` and `_exit` only.
    private static func handle(_ signal: Int32) {
        guard unsaved == 0 else {
            received = signal
            return
        }
        if let message = saved != 0 ? savedMessage : unsavedMessage { _ = write(STDERR_FILENO, message, strlen(message)) }
        _exit(128 + signal)
    }

    nonisolated(unsafe) private static var savedMessage: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var unsavedMessage: UnsafeMutablePointer<CChar>?
}

/// The answers of `conform record`, one line at a time from standard input, with a chance to act before
/// it would wait: `RecordingWriter` then writes what is not on disk yet, so that whatever happens while
/// the recorder waits (Ctrl-C, a crash, a closed terminal), every complete step is in the file.
struct AnswerLines {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var ended = false

    /// A line longer than this is taken as it is, in pieces of this size: an answer is a few words, and
    /// input without line breaks must not fill the memory.
    static let maximumLine = 1 << 20

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line, without its line break (`\n` or `\r\n`); `nil` at the end of input or once a
    /// signal asks the recorder to stop (`RecordingStop.received`).
    /// - Parameter beforeWaiting: called when no whole line is at hand and none is waiting to be read.
    mutating func next(beforeWaiting: () throws -> Void) rethrows -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                return take(upTo: end, skipping: newline + 1)
            }
            if buffer.count - start >= Self.maximumLine { return take(upTo: start + Self.maximumLine, skipping: start + Self.maximumLine) }
            if ended {
                guard start < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: buffer.count)
            }
            if !isReady() { try beforeWaiting() }
            if RecordingStop.received != 0 { return nil }
            fill()
        }
    }

    private mutating func take(upTo end: Int, skipping next: Int) -> String {
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = next
        // The part read is dropped now and then, not after every line: a long pipe stays linear.
        if start >= 1 << 16, start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return line
    }

    /// Whether a read would return at once (something to read, the end, or an error).
    private func isReady() -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) > 0
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count < 0, errno == EINTR {
                if RecordingStop.received != 0 { return }
                continue
            }
            ended = true
            return
        }
    }
}
