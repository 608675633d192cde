import AllocationCounting
import ConformCore
import ConformKit
import ConformLoading

/// Heap allocations of loading the corpus and of checking it as `conform run` does (issue 37 §4),
/// counted in this process on one thread with `AllocationCounter` (Linux only): counts, so unlike the
/// timings they do not vary with the machine's load.
///
/// Per step is the slope of a trace's allocations over its steps (least squares over the corpus's traces,
/// 5 to 100 steps), per trace the intercept: what a trace costs however long it is.
struct AllocationBench {
    /// `TraceLoader.load` of each file's bytes (reading them, one array a file, is not counted).
    var loading = Fit()
    /// The same with `readsDirectly` off: every file through the general reader's node tree, for comparison
    /// (the fast path's flat step tables, issue 37 §1, against an array per `see`, sheet and edit).
    var loadingGenerally = Fit()
    /// `Checker.check` as `ConformRunner.check` calls it on a plain run: every policy, the claimed ones'
    /// exercise counted, no paths recorded, no coverage replay.
    var checking = Fit()
    /// The replay of each claim that holds alone, as the run calls it.
    var claimed = Fit()
    /// How many policies each trace is checked against.
    var policies = 0

    /// Counts over `files`, or says why it cannot count here.
    static func measure(files: [String], loader: TraceLoader, library: PolicyLibrary) -> Result<AllocationBench, Unavailable> {
        if let reason = AllocationCounter.unavailability { return .failure(Unavailable(reason: reason)) }
        let everyPolicy = library.policies
        var general = loader
        general.readsDirectly = false
        var bench = AllocationBench()
        bench.policies = everyPolicy.count
        for file in files {
            guard case .success(let bytes) = FileReader.read(file) else { continue }
            var loaded: Trace?
            let loading = AllocationCounter.count { loaded = loader.load(bytes, file: file).trace } ?? 0
            guard let trace = loaded else { continue }
            let steps = Double(trace.steps.count)
            bench.loading.add(steps, Double(loading))
            bench.loadingGenerally.add(steps, Double(AllocationCounter.count { _ = general.load(bytes, file: file) } ?? 0))
            let claims = Set(trace.claims.map(\.policy))
            let checking =
                AllocationCounter.count {
                    _ = Checker.check(
                        trace, against: everyPolicy, recordingPath: { _ in false }, exercising: { claims.contains($0.id) }, replaying: nil)
                } ?? 0
            bench.checking.add(steps, Double(checking))
            for policy in everyPolicy where claims.contains(policy.id) {
                func check() -> Bool {
                    Checker.check(trace, against: [policy], recordingPath: { _ in false }, exercising: { _ in true }, replaying: nil)
                        .outcomes[0].verdict.kind == .pass
                }
                guard check() else { continue }
                bench.claimed.add(steps, Double(AllocationCounter.count { _ = check() } ?? 0))
            }
        }
        return .success(bench)
    }

    struct Unavailable: Error {
        let reason: String
    }

    /// A least-squares line through (steps, allocations), one point a trace.
    struct Fit {
        var count = 0.0
        var steps = 0.0
        var allocations = 0.0
        var stepsSquared = 0.0
        var product = 0.0

        mutating func add(_ x: Double, _ y: Double) {
            count += 1
            steps += x
            allocations += y
            stepsSquared += x * x
            product += x * y
        }

        var perStep: Double {
            let spread = count * stepsSquared - steps * steps
            return spread == 0 ? 0 : (count * product - steps * allocations) / spread
        }

        var perTrace: Double { count == 0 ? 0 : (allocations - perStep * steps) / count }
        var mean: Double { count == 0 ? 0 : allocations / count }
    }

    /// The table's rows (`| what | per step | per trace | mean per trace |`).
    var rows: [String] {
        func row(_ what: String, _ fit: Fit) -> String {
            String(format: "| %@ (%.0f traces) | %.3f | %.1f | %.1f |", what, fit.count, fit.perStep, fit.perTrace, fit.mean)
        }
        return [
            row("loading: `TraceLoader.load` of the bytes read", loading),
            row("loading the general way (`readsDirectly` off: the node tree)", loadingGenerally),
            row("checking as `run` does: \(policies) policies, the claims' exercise counted, no paths", checking),
            row("the replay of a claim that holds, alone", claimed),
        ]
    }
}
