#if canImport(XCTest)
import ConformCore
import ConformKit
import XCTest

/// Fails the calling XCTest, at the caller's line, unless the recorded trace conforms to `policy`.
///
///     assertConforms(recorder, to: "apple-reminders")
///
/// The failure says where and how the trace departs, then the lines `conform run` prints for it.
/// - Parameters:
///   - recorder: the trace recorded so far; it is checked as `conform run` would check its file.
///   - policy: the policy's id.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - file: the caller's file, where the failure is reported.
///   - line: the caller's line, where the failure is reported.
public func assertConforms(
    _ recorder: TraceRecorder, to policy: String, in library: PolicyLibrary = .builtIn(), file: StaticString = #filePath,
    line: UInt = #line
) {
    if let failure = ConformanceFailure.message(recorder, conformsTo: policy, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Fails the calling XCTest, at the caller's line, unless the trace conforms to `policy`.
/// - Parameters:
///   - trace: a trace loaded (`PolicyLibrary.load(file:)`) or built in code.
///   - policy: the policy's id.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - file: the caller's file, where the failure is reported.
///   - line: the caller's line, where the failure is reported.
public func assertConforms(
    _ trace: Trace, to policy: String, in library: PolicyLibrary = .builtIn(), file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = ConformanceFailure.message(trace, conformsTo: policy, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Fails the calling XCTest, at the caller's line, unless the recorded trace departs from `policy`
/// (at `step`, when given): for a test that proves a policy catches a behaviour.
///
///     assertDeparts(recorder, from: "apple-reminders", atStep: 5)
///
/// The failure names the verdict the trace got instead: that it conforms, or where it departs.
/// - Parameters:
///   - recorder: the trace recorded so far; it is checked as `conform run` would check its file.
///   - policy: the policy's id.
///   - step: the step (counted from 1) where the departure must be; `nil`: any step.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - file: the caller's file, where the failure is reported.
///   - line: the caller's line, where the failure is reported.
public func assertDeparts(
    _ recorder: TraceRecorder, from policy: String, atStep step: Int? = nil, in library: PolicyLibrary = .builtIn(),
    file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = ConformanceFailure.message(recorder, departsFrom: policy, atStep: step, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Fails the calling XCTest, at the caller's line, unless the trace departs from `policy` (at `step`,
/// when given).
/// - Parameters:
///   - trace: a trace loaded (`PolicyLibrary.load(file:)`) or built in code.
///   - policy: the policy's id.
///   - step: the step (counted from 1) where the departure must be; `nil`: any step.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - file: the caller's file, where the failure is reported.
///   - line: the caller's line, where the failure is reported.
public func assertDeparts(
    _ trace: Trace, from policy: String, atStep step: Int? = nil, in library: PolicyLibrary = .builtIn(),
    file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = ConformanceFailure.message(trace, departsFrom: policy, atStep: step, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}
#endif
