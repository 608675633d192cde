// libFuzzer target: the baseline loader (`conform run --baseline FILE`) on arbitrary bytes, and the
// matcher with whatever entries load. Built by scripts/fuzz.sh; not part of the package build.
import ConformCore
import ConformLoading

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaselineLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (baseline, problems) = BaselineLoader().load(bytes, file: "baseline.yaml")
    for problem in problems { precondition(problem.position.line >= 1 && problem.position.column >= 1, "positions are 1-based") }
    // Every entry loaded is one claim; matching any of them against itself must hold.
    for entry in baseline.entries { precondition(entry.key.matches(entry.key), "an entry matches its own key") }
    return 0
}
