import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// What `conform record` says to the person, on standard error (standard output stays free).
/// Text from policies and answers passes through `Terminal.printable`.
struct RecordingConsole {
    let terminal: Terminal

    func opening(policy: Policy, app: String, path: String) {
        say(terminal.bold("Recording a trace of \(Terminal.printable(app)) that claims '\(policy.id)'") + " into \(Terminal.printable(path)).")
        say("Answer with a menu number, a step (`swipe: down`, `see: { done: enabled }`), an empty line to accept")
        say("what the policy predicts, `note: TEXT` or `evidence: PATH` for the last step, or `.` to finish.")
    }

    func turn(_ session: RecordingSession, number: Int) {
        var lines = [""]
        if let prediction = session.prediction {
            lines.append("Step \(number): '\(session.policy.id)' predicts the screen shows")
            lines.append("    " + terminal.bold(Terminal.printable(TraceYAML.observation(prediction))))
            if TraceYAML.observation(prediction).contains(" action)\"") {
                lines.append("  (a title in parentheses is a role whose words no source gives: type the sheet as it shows,")
                lines.append("   e.g. `see: { sheet: { actions: [{ title: Delete, role: destructive }, { title: Cancel, role: cancel }] } }`)")
            }
            lines.append("  Enter: it does · or type what it shows (`see: { ... }`) · or the next action:")
        } else {
            lines.append("Step \(number): what did the person do? (state '\(Terminal.printable(session.state))')")
        }
        let width = String(session.menu.count).count
        for (index, action) in session.menu.enumerated() {
            let label = String(index + 1)
            lines.append("  " + String(repeating: " ", count: width - label.count) + label + "  " + Terminal.printable(TraceYAML.action(action)))
        }
        if session.menu.isEmpty { lines.append("  (the policy allows no action here; `present: SCREEN` reopens the form)") }
        lines.append("  .  finish")
        say(lines.joined(separator: "\n"))
        FileHandle.standardError.write(Data("> ".utf8))
    }

    func recorded(_ step: Step, departs: TraceCheck?) {
        say("  recorded step \(step.number): " + Terminal.printable(Self.text(step)))
        guard let departs else { return }
        say("  " + terminal.yellow("the trace now departs from '\(departs.result.policy)'") + " " + Terminal.printable(departs.place ?? departs.summary))
    }

    func annotated(_ step: Step) {
        say("  step \(step.number) now has " + [step.note.map { "note: \($0)" }, step.evidence.map { "evidence: \($0)" }].compactMap { $0 }
            .map(Terminal.printable).joined(separator: ", "))
    }

    func rejected(_ reason: String) {
        say("  " + terminal.red("not recorded:") + " " + Terminal.printable(reason))
        FileHandle.standardError.write(Data("> ".utf8))
    }

    func closing(_ session: RecordingSession, path: String) {
        let count = session.recorder.trace.steps.count
        say("")
        say("Wrote \(count) step\(count == 1 ? "" : "s") to \(Terminal.printable(path)).")
        if let departure = session.departure {
            say(terminal.yellow("It departs from '\(session.policy.id)'") + " " + Terminal.printable(departure.place ?? departure.summary))
        } else {
            say(terminal.green("It conforms to '\(session.policy.id)'") + ". Check it with: conform run \(Terminal.printable(path))")
        }
    }

    private static func text(_ step: Step) -> String {
        switch step.kind {
        case .action(let action): return TraceYAML.action(action)
        case .see(let observation): return TraceYAML.observation(observation)
        }
    }

    private func say(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

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
        let message = "\nconform: stopped; every complete step is in \(Terminal.printable(path))\n"
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
