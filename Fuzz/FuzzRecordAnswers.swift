// libFuzzer target: `conform record`'s answer lines. Each input line is answered to a session on the
// one-handed policy (whose sheets have titles) and to one on apple-reminders (whose sheet is known by
// roles only, so an empty line there asks for titles); whatever is typed, the trace recorded so far
// reads back as a trace without a problem (a bad line is refused, never written), once it has a step,
// and holds no placeholder title (a prediction is never written as what the screen showed). Built by
// scripts/fuzz.sh.
import ConformCore
import ConformKit
import ConformLoading

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
        for line in lines {
            if case .finished = session.answer(String(line)) { break }
        }
        readsBack(session.recorder)
    }
    return 0
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
