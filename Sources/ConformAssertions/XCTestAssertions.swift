#if canImport(XCTest)
import ConformCore
import ConformKit
import XCTest

/// Fails the calling XCTest, at the caller's line, unless the recorded trace conforms to `policy`.
///
///     assertConforms(recorder, to: "apple-reminders")
public func assertConforms(
    _ recorder: TraceRecorder, to policy: String, in library: PolicyLibrary = .builtIn(), file: StaticString = #filePath,
    line: UInt = #line
) {
    if let failure = ConformanceFailure.message(recorder, conformsTo: policy, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}

/// Fails the calling XCTest, at the caller's line, unless the trace conforms to `policy`.
public func assertConforms(
    _ trace: Trace, to policy: String, in library: PolicyLibrary = .builtIn(), file: StaticString = #filePath, line: UInt = #line
) {
    if let failure = ConformanceFailure.message(trace, conformsTo: policy, in: library) {
        XCTFail(failure, file: file, line: line)
    }
}
#endif
