import ConformCore
import ConformKit

/// What a test helper reports when a check does not come out as the test expects: `nil` when it does.
/// Shared by the XCTest and Swift Testing helpers, so both fail with the same words.
public enum ConformanceFailure {
    /// Checks a recorded trace as `conform run` checks its file (the YAML is written and read back).
    /// - Returns: `nil` when the trace conforms to `policy`; else the departure (or why it could not be checked).
    public static func message(_ recorder: TraceRecorder, conformsTo policy: String, in library: PolicyLibrary) -> String? {
        conforms { () throws(CheckProblem) in try recorder.check(against: policy, in: library) }
    }

    /// Checks a trace that was loaded or built in code.
    /// - Returns: `nil` when the trace conforms to `policy`; else the departure (or why it could not be checked).
    public static func message(_ trace: Trace, conformsTo policy: String, in library: PolicyLibrary) -> String? {
        conforms { () throws(CheckProblem) in try library.check(trace, against: policy) }
    }

    /// Checks that a recorded trace departs from `policy`, at `step` when one is given.
    /// - Returns: `nil` when it departs there; else the verdict it got instead (it conforms, it departs at
    ///   another step, the policy cannot judge it), or why it could not be checked.
    public static func message(
        _ recorder: TraceRecorder, departsFrom policy: String, atStep step: Int?, in library: PolicyLibrary
    ) -> String? {
        departs(from: policy, atStep: step) { () throws(CheckProblem) in try recorder.check(against: policy, in: library) }
    }

    /// Checks that a trace loaded or built in code departs from `policy`, at `step` when one is given.
    /// - Returns: `nil` when it departs there; else the verdict it got instead, or why it could not be checked.
    public static func message(_ trace: Trace, departsFrom policy: String, atStep step: Int?, in library: PolicyLibrary) -> String? {
        departs(from: policy, atStep: step) { () throws(CheckProblem) in try library.check(trace, against: policy) }
    }

    private static func conforms(_ check: () throws(CheckProblem) -> TraceCheck) -> String? {
        do {
            let result = try check()
            if result.passed { return nil }
            return result.summary + "\n" + result.report
        } catch {
            return "the trace could not be checked:\n" + error.description
        }
    }

    private static func departs(from policy: String, atStep step: Int?, _ check: () throws(CheckProblem) -> TraceCheck) -> String? {
        do {
            let result = try check()
            if let departure = result.departure, step == nil || departure.step == step { return nil }
            let expected = "expected a departure from '\(policy)'" + (step.map { " at step \($0)" } ?? "")
            let report = result.report.isEmpty ? "" : "\n" + result.report
            return expected + ", but " + result.summary + report
        } catch {
            return "the trace could not be checked:\n" + error.description
        }
    }
}
