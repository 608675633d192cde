// libFuzzer target: the direct (fast) trace reader and the general one must build the same trace
// from the same bytes, or both refuse them with the same problems. Built by scripts/fuzz.sh.
import ConformCore
import ConformLoading

let fast = TraceLoader(vocabulary: KnownVocabulary(policies: []))
let general: TraceLoader = {
    var loader = TraceLoader(vocabulary: KnownVocabulary(policies: []))
    loader.readsDirectly = false
    return loader
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let a = fast.load(bytes, file: "fuzz.yaml")
    let b = general.load(bytes, file: "fuzz.yaml")
    precondition(a.trace?.comparableText() == b.trace?.comparableText(), "the direct reader built another trace than the general one")
    precondition(a.problems == b.problems, "the two paths found different problems")
    // What the direct reader noted of the steps (`Trace.digest`) is what a walk of the same steps finds.
    if let read = a.trace, let digest = read.digest, let walked = b.trace {
        precondition(digest == StepsDigest(walking: walked.steps), "the direct reader noted other words or titles than the steps have")
    }
    return 0
}
