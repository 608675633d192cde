// libFuzzer target: the policy loader (YAML reading, expression type checking) on arbitrary bytes,
// and the checker on a fixed trace against whatever policy loads.
import ConformCore
import ConformLoading

let trace: Trace? = TraceLoader(vocabulary: KnownVocabulary(policies: [])).load(
    Array(
        "conform: 1\nform: { a: b }\nsteps:\n  - edit: { a: c }\n  - see: { done: enabled }\n  - tap: Done\n  - swipe: down\n  - choose: Cancel\n  - present: x\n"
            .utf8),
    file: "t.yaml"
).trace

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicyLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (policy, problems) = PolicyLoader().load(bytes, file: "fuzz.yaml")
    precondition((policy == nil) != problems.isEmpty, "a load must give a policy or problems")
    if let policy, let trace {
        _ = Checker.check(trace, against: policy)
    }
    return 0
}
