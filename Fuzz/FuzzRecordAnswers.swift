// libFuzzer target: `conform record`'s answer lines. Each input line is answered to a session on the
// one-handed policy (whose sheets have titles) and to one on apple-reminders (whose sheet is known by
// roles only, so an empty line there asks for titles); whatever is typed, the trace recorded so far
// reads back as a trace without a problem (a bad line is refused, never written), once it has a step,
// and holds no placeholder title (a prediction is never written as what the screen showed). `undo`
// leaves the trace exactly as it was when it last had that many steps, and the prediction and menu as
// they were then, when the session was waiting at an ordinary turn both times. Built by scripts/fuzz.sh.
import ConformCore
import ConformKit
import ConformLoading
import ConformReports

let library = PolicyLibrary.builtIn()

/// Loads the library before the first input, so that LeakSanitizer does not count it as that input's leak.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = library.policies.count
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordAnswers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64)
    for (id, form) in [("one-handed", "name"), ("apple-reminders", "title")] {
        guard let policy = library.policy(id: id) else { continue }
        let recorder = TraceRecorder(trace: "fuzz", app: "Fuzz", claims: [id], form: [form: "Steve"])
        var session = RecordingSession(policy: policy, library: library, recorder: recorder)
        // What the session was at an ordinary turn, by its number of steps, while it had that many.
        var resting: [Int: Turn] = [0: Turn(session)]
        for line in lines {
            let outcome = session.answer(String(line))
            if case .finished = outcome { break }
            let count = session.recorder.trace.steps.count
            // Steps added or removed: what was known of longer traces no longer holds.
            resting = resting.filter { $0.key <= count }
            if case .undone = outcome, let before = resting[count], session.question == nil {
                precondition(Turn(session) == before, "undo did not restore the session at \(count) steps")
            }
            if session.question == nil { resting[count] = Turn(session) } else { resting[count] = nil }
        }
        readsBack(session.recorder)
    }
    return 0
}

/// What an answer may change that decides the next: the trace, the prediction, the menu.
private struct Turn: Equatable {
    var yaml: String
    var prediction: String?
    var menu: [String]

    init(_ session: RecordingSession) {
        yaml = session.recorder.yaml()
        prediction = session.prediction.map(TraceYAML.observation)
        menu = session.menu.map(RecordingTranscript.menuText)
    }
}

private func readsBack(_ recorder: TraceRecorder) {
    let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
    let (trace, problems) = loader.load(Array(recorder.yaml().utf8), file: "fuzz.yaml")
    // A trace without steps is written (the recording may go on) but cannot be checked yet: that is its one problem.
    if recorder.trace.steps.isEmpty {
        precondition(
            trace == nil && problems.map(\.message) == [TraceLoader.noStepsMessage], "an empty recording: \(problems.map(\.message))")
        return
    }
    precondition(trace != nil && problems.isEmpty, "the recorded trace does not read back: \(problems.map(\.message))")
    for step in trace?.steps ?? [] {
        switch step.kind {
        case .action(.choose(let title)):
            precondition(!PolicySimulator.isPlaceholder(title), "a placeholder was chosen at step \(step.number)")
        case .see(let observation):
            for item in observation.items {
                guard case .sheet(.details(_, _, let actions?, _)) = item.value else { continue }
                precondition(!actions.contains { PolicySimulator.isPlaceholder($0.title) }, "a placeholder was seen at step \(step.number)")
            }
        default:
            continue
        }
    }
}
