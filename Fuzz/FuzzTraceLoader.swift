// libFuzzer target: the trace loader (YAML reading, step parsing) on arbitrary bytes.
// Built by scripts/fuzz.sh; not part of the package build.
import ConformCore
import ConformLoading

let vocabulary = KnownVocabulary(policies: [])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTraceLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (trace, problems) = TraceLoader(vocabulary: vocabulary).load(bytes, file: "fuzz.yaml")
    // A trace loads with no problem, or fails with at least one located problem; never both, never neither.
    precondition((trace == nil) != problems.isEmpty, "a load must give a trace or problems")
    for problem in problems { precondition(problem.position.line >= 1 && problem.position.column >= 1, "positions are 1-based") }
    return 0
}
