import ConformAssertions
import ConformKit
import Foundation
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
        recorded.append(
            (
                issue.compactDescription, issue.sourceCodeContext.location?.fileURL.path ?? "",
                issue.sourceCodeContext.location?.lineNumber ?? 0
            ))
    }
    #endif

    func testAFailingCheckFailsAtTheCallersLine() {
        let line = #line + 1
        capture { assertConforms(remindersSwipe(blocked: true), to: "apple-reminders") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(recorded.first?.file.hasSuffix("AssertionHelperTests.swift"), true)
        XCTAssertEqual(recorded.first?.description.contains(expectedFailure), true, recorded.first?.description ?? "")
        // The lines conform run prints follow, with the place in compiler form: the trace was never written,
        // so no file is named, but the trace id (line and column are those of `recorder.yaml()`).
        XCTAssertEqual(
            recorded.first?.description.contains("\n<trace 'swipe', not written>:9:5: error: 'apple-reminders' departs at step 3"),
            true, recorded.first?.description ?? "")
        XCTAssertEqual(recorded.first?.description.contains("swipe.yaml"), false)
    }

    func testAFailureNamesTheFileOnceTheTraceIsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-assertions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("swipe.yaml").path
        var recorder = remindersSwipe(blocked: true)
        try recorder.write(to: path)
        capture { assertConforms(recorder, to: "apple-reminders") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.description.contains("\n\(path):9:5: error: 'apple-reminders' departs at step 3"), true)
    }

    func testAssertDepartsHoldsAtTheStepOfTheDeparture() {
        capture {
            assertDeparts(remindersSwipe(blocked: true), from: "apple-reminders", atStep: 3)
            assertDeparts(remindersSwipe(blocked: true).trace, from: "apple-reminders", atStep: 3)
            assertDeparts(remindersSwipe(blocked: true), from: "apple-reminders")
        }
        XCTAssertEqual(recorded.count, 0, recorded.map(\.description).joined(separator: "\n"))
    }

    func testAssertDepartsFailsWithTheVerdictWhenTheTraceConforms() {
        let line = #line + 1
        capture { assertDeparts(remindersSwipe(blocked: false), from: "apple-reminders", atStep: 3) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(recorded.first?.file.hasSuffix("AssertionHelperTests.swift"), true)
        XCTAssertEqual(
            recorded.first?.description.contains(
                "expected a departure from 'apple-reminders' at step 3, but 'swipe' conforms to 'apple-reminders'"),
            true, recorded.first?.description ?? "")
    }

    func testAssertDepartsFailsWithTheVerdictWhenTheTraceDepartsElsewhere() {
        let line = #line + 1
        capture { assertDeparts(remindersSwipe(blocked: true).trace, from: "apple-reminders", atStep: 5) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertEqual(
            recorded.first?.description.contains("expected a departure from 'apple-reminders' at step 5, but " + expectedFailure), true,
            recorded.first?.description ?? "")
    }

    func testAssertDepartsFailsWhenThePolicyCannotJudgeTheTrace() {
        var recorder = TraceRecorder(trace: "keys", app: "Notes")
        recorder.keyboardShow(height: 336)
        capture { assertDeparts(recorder, from: "apple-reminders") }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(
            recorded.first?.description.contains(
                "expected a departure from 'apple-reminders', but 'apple-reminders' cannot judge 'keys': "), true,
            recorded.first?.description ?? "")
    }

    func testAssertDepartsFailsOnAnUnknownPolicy() {
        capture { assertDeparts(remindersSwipe(blocked: true), from: "apple-remindres", atStep: 3) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.description.contains("the trace could not be checked:\n"), true)
        XCTAssertEqual(recorded.first?.description.contains("did you mean 'apple-reminders'?"), true)
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
@Suite("Assertions: Swift Testing helper")
struct SwiftTestingExpectationTests {
    @Test("a failing check records one issue at the line of the call")
    func failingCheck() {
        // Known on purpose: the helper under test must fail here, and `matching` checks that its issue is
        // the expected one. `swift test` counts it among its "known issues" (Docs/Contributing.md).
        let line = #line + 4
        withKnownIssue(
            "intended: expectConforms fails on a trace that departs; this test checks the issue it records"
        ) {
            expectConforms(remindersSwipe(blocked: true), to: "apple-reminders")
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertionHelperTests.swift"
                && (issue.comments.first?.rawValue.hasPrefix(expectedFailure) ?? false)
        }
    }

    @Test("a failure message shows a trace's own text on its line: no line of it starts a workflow command")
    func hostileFailureMessage() throws {
        var recorder = TraceRecorder(trace: "swipe\n::error::x", app: "Reminders\r\n::add-mask::y", claims: ["apple-reminders"])
        recorder.see(.done(.disabled), .cancel(.absent))
        recorder.swipe()
        recorder.see(.dismissed(false))
        let message = try #require(ConformanceFailure.message(recorder, conformsTo: "apple-reminders", in: .builtIn()))
        #expect(message.hasPrefix("'swipe⏎::error::x' departs from 'apple-reminders'"), "\(message)")
        for line in message.split(separator: "\n") {
            #expect(!line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(message)")
        }
    }

    @Test("a conforming trace records no issue")
    func conformingCheck() {
        expectConforms(remindersSwipe(blocked: false), to: "apple-reminders")
    }

    @Test("expectDeparts records no issue when the trace departs at that step, or at all when no step is given")
    func departsAsExpected() {
        expectDeparts(remindersSwipe(blocked: true), from: "apple-reminders", atStep: 3)
        expectDeparts(remindersSwipe(blocked: true).trace, from: "apple-reminders", atStep: 3)
        expectDeparts(remindersSwipe(blocked: true), from: "apple-reminders")
    }

    @Test("expectDeparts records one issue, at the line of the call, saying that the trace conforms")
    func departsButConforms() {
        // Known on purpose, as in `failingCheck`: expectDeparts must fail on a trace that conforms.
        let line = #line + 4
        withKnownIssue(
            "intended: expectDeparts fails on a trace that conforms; this test checks the issue it records"
        ) {
            expectDeparts(remindersSwipe(blocked: false), from: "apple-reminders", atStep: 3)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "AssertionHelperTests.swift"
                && issue.comments.first?.rawValue
                    == "expected a departure from 'apple-reminders' at step 3, but 'swipe' conforms to 'apple-reminders'"
        }
    }

    @Test("expectDeparts records one issue naming where the trace departs instead")
    func departsElsewhere() {
        // Known on purpose, as in `failingCheck`: expectDeparts must fail when the departure is at another step.
        let line = #line + 4
        withKnownIssue(
            "intended: expectDeparts fails on a departure at another step; this test checks the issue it records"
        ) {
            expectDeparts(remindersSwipe(blocked: true).trace, from: "apple-reminders", atStep: 5)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && (issue.comments.first?.rawValue.hasPrefix(
                    "expected a departure from 'apple-reminders' at step 5, but " + expectedFailure) ?? false)
        }
    }

    @Test("expectDeparts records one issue when the policy cannot judge the trace, or is unknown")
    func departsUnjudged() {
        var recorder = TraceRecorder(trace: "keys", app: "Notes")
        recorder.keyboardShow(height: 336)
        // Two known issues on purpose, as in `failingCheck`: expectDeparts must fail when the policy cannot
        // judge the trace, and when the policy is unknown.
        withKnownIssue("intended: expectDeparts fails when the policy cannot judge the trace; this test checks the issue it records") {
            expectDeparts(recorder, from: "apple-reminders")
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(
                "expected a departure from 'apple-reminders', but 'apple-reminders' cannot judge 'keys': ")
                ?? false
        }
        withKnownIssue("intended: expectDeparts fails on an unknown policy id; this test checks the issue it records") {
            expectDeparts(recorder, from: "apple-remindres")
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("the trace could not be checked:\n") ?? false
        }
    }
}
