import AllocationCounting
import ConformCore
import ConformKit
import ConformLoading

/// Heap allocations per step of loading the corpus and of checking it as `conform run` does (issue 37
/// §4), counted in this process on one thread with `AllocationCounter` (Linux only): a count, so unlike
/// the timings it does not vary with the machine's load.
struct AllocationBench {
    var traces = 0
    var steps = 0
    /// `TraceLoader.load` of each file's bytes (reading them, one array a file, is not counted).
    var loading = 0
    /// `Checker.check` as `ConformRunner.check` calls it on a plain run: every policy, the claimed ones'
    /// exercise counted, no paths recorded, no coverage replay.
    var checking = 0
    /// The replays of the claims that hold alone, beyond the same replays of the trace without its steps:
    /// what grows with the steps.
    var claimedPerStep = 0
    var claimedSteps = 0
    /// How many policies each trace is checked against.
    var policies = 0

    /// Counts over `files`, or says why it cannot count here.
    static func measure(files: [String], loader: TraceLoader, library: PolicyLibrary) -> Result<AllocationBench, Unavailable> {
        if let reason = AllocationCounter.unavailability { return .failure(Unavailable(reason: reason)) }
        let everyPolicy = library.policies
        var bench = AllocationBench()
        bench.policies = everyPolicy.count
        for file in files {
            guard case .success(let bytes) = FileReader.read(file) else { continue }
            var loaded: Trace?
            bench.loading += AllocationCounter.count { loaded = loader.load(bytes, file: file).trace } ?? 0
            guard let trace = loaded else { continue }
            bench.traces += 1
            bench.steps += trace.steps.count
            let claimed = Set(trace.claims.map(\.policy))
            bench.checking +=
                AllocationCounter.count {
                    _ = Checker.check(
                        trace, against: everyPolicy, recordingPath: { _ in false }, exercising: { claimed.contains($0.id) }, replaying: nil)
                } ?? 0
            var empty = trace
            empty.steps = []
            for policy in everyPolicy where claimed.contains(policy.id) {
                func check(_ trace: Trace) -> Bool {
                    Checker.check(trace, against: [policy], recordingPath: { _ in false }, exercising: { _ in true }, replaying: nil)
                        .outcomes[0].verdict.kind == .pass
                }
                guard check(trace) else { continue }
                let full = AllocationCounter.count { _ = check(trace) } ?? 0
                let none = AllocationCounter.count { _ = check(empty) } ?? 0
                bench.claimedPerStep += full - none
                bench.claimedSteps += trace.steps.count
            }
        }
        return .success(bench)
    }

    struct Unavailable: Error {
        let reason: String
    }

    /// The table's rows (`| what | per step | per trace |`).
    var rows: [String] {
        func ratio(_ count: Int, _ by: Int) -> String { by == 0 ? "-" : String(format: "%.2f", Double(count) / Double(by)) }
        return [
            "| loading: `TraceLoader.load` of the bytes read (\(traces) traces, \(steps) steps) | \(ratio(loading, steps)) | \(ratio(loading, traces)) |",
            "| checking as `run` does: \(policies) policies, the claims' exercise counted, no paths | \(ratio(checking, steps)) | \(ratio(checking, traces)) |",
            "| the replays of the claims that hold, beyond the same trace without steps (\(claimedSteps) steps) | \(ratio(claimedPerStep, claimedSteps)) | |",
        ]
    }
}
