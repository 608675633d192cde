import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// Keeps the recording on disk, whole and in time linear in its steps.
///
/// The trace is written whole (`AtomicFile`: a temporary file renamed into place), so a file at the
/// path is always a complete trace, and nothing is written before the first step: a file already there
/// stays as it was until the recording has a step to replace it with. It is written after a step
/// whenever the answers leave time for it (a person answering: after every step), but while they pour
/// in (a script's pipe), only once the time since the last write is several times what that write took:
/// rewriting 100,000 steps after each one made a long recording quadratic. Whatever is not on disk yet
/// is written before the recorder waits for the next answer, at the end, and on Ctrl-C (`RecordingStop`).
///
/// A recording undone back to no step (`undo`) has nothing to replace the file with: what was at the
/// path before the first write (kept then) is put back byte for byte, or the file the recorder created
/// is removed, so that the path is as it was before the recording, as if nothing had been written.
final class RecordingWriter {
    let path: String
    let rules: AtomicFile.Rules
    /// Whether the trace has steps that are not on disk yet.
    private(set) var hasUnsaved = false
    /// The steps in the file written last.
    private(set) var savedSteps = 0
    private var lastWriteTook: UInt64 = 0
    /// What the path held before the first write, to put back if every step is undone.
    private var original: AtomicFile.Original?
    /// The text written last, so that only the recorder's own file is ever put back or removed.
    private var written = ""
    private var lastWriteEnded: UInt64 = 0

    /// Time between writes while answers pour in, as a multiple of what the last write took: at most a
    /// fifth of the recorder's time goes to writing.
    static let pacing: UInt64 = 4

    init(path: String, rules: AtomicFile.Rules) {
        self.path = path
        self.rules = rules
    }

    /// Refuses, before the recording starts, a path it could never be written to: a folder, a link that
    /// leads out, a file the command read (a policy).
    /// - Throws: `ExitCode(2)`, the reason printed.
    func check() throws {
        do {
            try AtomicFile.check(path, what: "the trace", rules: rules)
        } catch let diagnostic as Diagnostic {
            printProblems([diagnostic])
            throw ExitCode(2)
        }
    }

    /// After a step was recorded or annotated: writes the trace when it is due.
    func changed(_ recorder: TraceRecorder) throws {
        guard !recorder.trace.steps.isEmpty else { return try putBack() }
        hasUnsaved = true
        RecordingStop.unsaved = 1
        if DispatchTime.now().uptimeNanoseconds - lastWriteEnded >= Self.pacing * lastWriteTook { try flush(recorder) }
    }

    /// Writes the trace if it has steps not on disk yet.
    /// - Throws: `ExitCode(2)` when the file cannot be written, the reason printed.
    func flush(_ recorder: TraceRecorder) throws {
        guard hasUnsaved, !recorder.trace.steps.isEmpty else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        // Kept just before the file is first replaced: what an undo back to no step puts back.
        if savedSteps == 0 { original = AtomicFile.original(at: path, what: "the trace", rules: rules) }
        let text = recorder.yaml()
        do {
            try AtomicFile.write(text, to: path, what: "the trace", rules: rules)
        } catch let diagnostic as Diagnostic {
            printProblems([diagnostic])
            throw ExitCode(2)
        }
        written = text
        lastWriteEnded = DispatchTime.now().uptimeNanoseconds
        lastWriteTook = lastWriteEnded - start
        savedSteps = recorder.trace.steps.count
        hasUnsaved = false
        RecordingStop.saved = 1
        RecordingStop.unsaved = 0
    }

    /// Every step was undone: the path goes back to what it held before the first write (nothing
    /// written, if the steps never reached the disk).
    /// - Throws: `ExitCode(2)` when it cannot be put back, the reason printed.
    private func putBack() throws {
        hasUnsaved = false
        guard savedSteps > 0, let original else {
            RecordingStop.unsaved = 0
            return
        }
        // A signal meanwhile waits for the file to be put back (the handler leaves it to the recorder).
        RecordingStop.unsaved = 1
        do {
            try AtomicFile.restore(original, at: path, replacing: written, what: "the trace", rules: rules)
        } catch let diagnostic as Diagnostic {
            printProblems([diagnostic])
            throw ExitCode(2)
        }
        savedSteps = 0
        self.original = nil
        written = ""
        RecordingStop.saved = 0
        RecordingStop.unsaved = 0
    }
}
