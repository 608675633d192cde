import ConformCore
import ConformLoading
import ConformReports

/// Checks a trace that `generate` or `compare` is about to write, as `conform run` will read it:
/// it must load, hold for the policy it claims and (for `compare`) fail the other one. A file that
/// does not is a bug in conform, and is reported instead of written.
public struct WrittenTraceCheck {
    let loader: TraceLoader

    /// A check that reads traces with the vocabulary of `library`'s policies.
    public init(library: PolicyLibrary) {
        loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
    }

    /// The trace as loaded, and what is wrong with it (`nil` when it holds for `passes` and fails `fails`).
    public func check(_ text: String, file: String, passes: Policy, fails: Policy? = nil) -> (trace: Trace?, problem: String?) {
        let (trace, problems) = loader.load(Array(text.utf8), file: file)
        guard let trace else {
            return (nil, "does not load: " + (problems.first.map { "\($0.position.line):\($0.position.column): \($0.message)" } ?? "?"))
        }
        let own = Checker.check(trace, against: passes)
        if own.verdict.kind != .pass {
            return (trace, "does not hold for \(passes.id): " + (own.verdict.departure?.message ?? own.verdict.name))
        }
        if let fails, Checker.check(trace, against: fails).verdict.kind != .fail {
            return (trace, "does not fail \(fails.id)")
        }
        return (trace, nil)
    }
}
