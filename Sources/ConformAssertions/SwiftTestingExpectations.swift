#if canImport(Testing)
import ConformCore
import ConformKit
import Testing

/// Records a Swift Testing issue, at the caller's line, unless the recorded trace conforms to `policy`.
///
///     expectConforms(recorder, to: "apple-reminders")
public func expectConforms(
    _ recorder: TraceRecorder, to policy: String, in library: PolicyLibrary = .builtIn(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(recorder, conformsTo: policy, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}

/// Records a Swift Testing issue, at the caller's line, unless the trace conforms to `policy`.
public func expectConforms(
    _ trace: Trace, to policy: String, in library: PolicyLibrary = .builtIn(), sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let failure = ConformanceFailure.message(trace, conformsTo: policy, in: library) {
        Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
    }
}
#endif
