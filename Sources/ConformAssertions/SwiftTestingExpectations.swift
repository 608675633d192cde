#if canImport(Testing)
import ConformCore
import ConformKit
import Testing

/// Records a Swift Testing issue, at the caller's line, unless the recorded trace conforms to `policy`.
///
///     expectConforms(recorder, to: "apple-reminders")
///
/// The issue says where and how the trace departs, then the lines `conform run` prints for it.
/// - Parameters:
///   - recorder: the trace recorded so far; it is checked as `conform run` would check its file.
///   - policy: the policy's id.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - sourceLocation: where the issue is recorded: the caller's line.
public func expectConforms(
    _ recorder: TraceRecorder, to policy: String, in library: PolicyLibrary = .builtIn(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(recorder, conformsTo: policy, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a Swift Testing issue, at the caller's line, unless the trace conforms to `policy`.
/// - Parameters:
///   - trace: a trace loaded (`PolicyLibrary.load(file:)`) or built in code.
///   - policy: the policy's id.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - sourceLocation: where the issue is recorded: the caller's line.
public func expectConforms(
    _ trace: Trace, to policy: String, in library: PolicyLibrary = .builtIn(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(trace, conformsTo: policy, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a Swift Testing issue, at the caller's line, unless the recorded trace departs from `policy`
/// (at `step`, when given): for a test that proves a policy catches a behaviour.
///
///     expectDeparts(recorder, from: "apple-reminders", atStep: 5)
///
/// The issue names the verdict the trace got instead: that it conforms, or where it departs.
/// - Parameters:
///   - recorder: the trace recorded so far; it is checked as `conform run` would check its file.
///   - policy: the policy's id.
///   - step: the step (counted from 1) where the departure must be; `nil`: any step.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - sourceLocation: where the issue is recorded: the caller's line.
public func expectDeparts(
    _ recorder: TraceRecorder, from policy: String, atStep step: Int? = nil, in library: PolicyLibrary = .builtIn(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(recorder, departsFrom: policy, atStep: step, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a Swift Testing issue, at the caller's line, unless the trace departs from `policy` (at
/// `step`, when given).
/// - Parameters:
///   - trace: a trace loaded (`PolicyLibrary.load(file:)`) or built in code.
///   - policy: the policy's id.
///   - step: the step (counted from 1) where the departure must be; `nil`: any step.
///   - library: where the policy is looked up: the built-in policies unless given.
///   - sourceLocation: where the issue is recorded: the caller's line.
public func expectDeparts(
    _ trace: Trace, from policy: String, atStep step: Int? = nil, in library: PolicyLibrary = .builtIn(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(trace, departsFrom: policy, atStep: step, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
#endif
