// libFuzzer target: `conform record`'s answer lines. Each input line is answered to a session on the
// one-handed policy; whatever is typed, the trace recorded so far reads back as a trace without a
// problem (a bad line is refused, never written), once it has a step. Built by scripts/fuzz.sh.
import ConformCore
import ConformKit
import ConformLoading

let library = PolicyLibrary.builtIn()

/// Loads the library before the first input, so that LeakSanitizer does not count it as that input's leak.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    _ = library.policies.count
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordAnswers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let policy = library.policy(id: "one-handed") else { return 0 }
    let recorder = TraceRecorder(trace: "fuzz", app: "Fuzz", claims: ["one-handed"], form: ["name": "Steve"])
    var session = RecordingSession(policy: policy, library: library, recorder: recorder)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        if case .finished = session.answer(String(line)) { break }
    }
    let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
    let (trace, problems) = loader.load(Array(session.recorder.yaml().utf8), file: "fuzz.yaml")
    // A trace without steps is written (the recording may go on) but cannot be checked yet: that is its one problem.
    if session.recorder.trace.steps.isEmpty {
        precondition(trace == nil && problems.map(\.message) == [TraceLoader.noStepsMessage], "an empty recording: \(problems.map(\.message))")
        return 0
    }
    precondition(trace != nil && problems.isEmpty, "the recorded trace does not read back: \(problems.map(\.message))")
    return 0
}
