import ConformCore
import ConformKit

/// What a test helper reports when a trace does not conform: `nil` when it does. Shared by the
/// XCTest and Swift Testing helpers, so both fail with the same words.
public enum ConformanceFailure {
    /// Checks a recorded trace as `conform run` checks its file (the YAML is written and read back).
    public static func message(_ recorder: TraceRecorder, conformsTo policy: String, in library: PolicyLibrary) -> String? {
        describe { () throws(CheckProblem) in try recorder.check(against: policy, in: library) }
    }

    /// Checks a trace that was loaded or built in code.
    public static func message(_ trace: Trace, conformsTo policy: String, in library: PolicyLibrary) -> String? {
        describe { () throws(CheckProblem) in try library.check(trace, against: policy) }
    }

    private static func describe(_ check: () throws(CheckProblem) -> TraceCheck) -> String? {
        do {
            let result = try check()
            if result.passed { return nil }
            return result.summary + "\n" + result.report
        } catch {
            return "the trace could not be checked:\n" + error.description
        }
    }
}
