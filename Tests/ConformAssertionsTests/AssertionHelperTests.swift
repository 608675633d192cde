import ConformAssertions
import ConformKit
import Testing
import XCTest

/// The Reminders swipe, recorded; with `blocked`, the swipe is recorded as doing nothing, which
/// apple-reminders does not allow once the form is edited.
func remindersSwipe(blocked: Bool) -> TraceRecorder {
    var recorder = TraceRecorder(trace: "swipe", app: "Reminders", claims: ["apple-reminders"], form: ["title": "Milk"])
    recorder.see(.done(.disabled), .cancel(.absent))
    recorder.edit(["title": "Milk and eggs"])
    recorder.swipe()
    if blocked {
        recorder.see(.sheet(.none), .dismissed(false))
    } else {
        recorder.see(.sheet(actions: ["Discard Changes", "Cancel"]))
    }
    return recorder
}

let expectedFailure = """
    'swipe' departs from 'apple-reminders' at step 3 (swipe down), in state 'confirm': \
    after step 3 swipe down, expected a sheet with roles destructive and cancel; no sheet was shown
    """

/// XCTest: a failing check fails the test at the line of the call, with the departure.
final class XCTestAssertionTests: XCTestCase {
    private var recorded: [(description: String, file: String, line: Int)] = []
    /// While set, failures are collected instead of failing this test; the test's own assertions run unset.
    private var capturing = false

    /// Runs the helper with its failures collected.
    private func capture(_ body: () -> Void) {
        capturing = true
        body()
        capturing = false
    }

    #if os(Linux)
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        recorded.append((description, filePath, lineNumber))
    }
    #else
    override func record(_ issue: XCTIssue) {
        guard capturing else { return super.record(issue) }
        recorded.append((issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "", issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #endif

    func testAFailingCheckFailsAtTheCallersLine() {
        let line = #line + 1
        capture { assertConforms(remindersSwipe(blocked: true), to: "apple-reminders") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(recorded.first?.file.hasSuffix("AssertionHelperTests.swift"), true)
        XCTAssertEqual(recorded.first?.description.contains(expectedFailure), true, recorded.first?.description ?? "")
        // The lines conform run prints follow, with the place in compiler form.
        XCTAssertEqual(recorded.first?.description.contains("swipe.yaml:9:5: error: 'apple-reminders' departs at step 3"), true)
    }

    func testAConformingTraceRecordsNothing() {
        capture {
            assertConforms(remindersSwipe(blocked: false), to: "apple-reminders")
            assertConforms(remindersSwipe(blocked: false).trace, to: "apple-reminders")
        }
        XCTAssertEqual(recorded.count, 0)
    }

    func testAnUnknownPolicyFails() {
        capture { assertConforms(remindersSwipe(blocked: false), to: "apple-remindres") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.description.contains("did you mean 'apple-reminders'?"), true)
    }
}

/// Swift Testing: the issue is recorded at the caller's line, with the departure.
@Suite("Swift Testing helper")
struct SwiftTestingExpectationTests {
    @Test("a failing check records one issue at the line of the call")
    func failingCheck() {
        let line = #line + 2
        withKnownIssue {
            expectConforms(remindersSwipe(blocked: true), to: "apple-reminders")
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertionHelperTests.swift"
                && (issue.comments.first?.rawValue.hasPrefix(expectedFailure) ?? false)
        }
    }

    @Test("a conforming trace records no issue")
    func conformingCheck() {
        expectConforms(remindersSwipe(blocked: false), to: "apple-reminders")
    }
}
