import ConformAssertions
import ConformKit
import Testing
import XCTest

// The code that ConformAssertions' DocC landing page shows, compiled and run with the tests. Each
// `// docc:` region is a code block of the page, word for word once de-indented (DocCArticleTests in
// ConformKitTests checks it).

// docc:begin reminders-form-tests
final class ReminderFormTests: XCTestCase {
    func testSwipeAfterEditAsks() {
        var recorder = TraceRecorder(trace: "swipe-after-edit", app: "Reminders", form: ["title": "Milk"])
        recorder.see(.done(.disabled), .cancel(.absent))
        recorder.edit(["title": "Milk and eggs"])
        recorder.swipe()
        recorder.see(.sheet(actions: ["Discard Changes", "Cancel"]))
        assertConforms(recorder, to: "apple-reminders")
    }

    func testASwipeThatDoesNothingIsCaught() {
        var recorder = TraceRecorder(trace: "blocked-swipe", app: "Reminders", form: ["title": "Milk"])
        recorder.see(.done(.disabled), .cancel(.absent))
        recorder.edit(["title": "Milk and eggs"])
        recorder.swipe()
        recorder.see(.sheet(.none), .dismissed(false))
        assertDeparts(recorder, from: "apple-reminders", atStep: 3)
    }
}
// docc:end reminders-form-tests

// docc:begin reminders-form-expectations
@Test func swipeAfterEditAsks() {
    var recorder = TraceRecorder(trace: "swipe-after-edit", app: "Reminders", form: ["title": "Milk"])
    recorder.edit(["title": "Milk and eggs"])
    recorder.swipe()
    recorder.see(.sheet(actions: ["Discard Changes", "Cancel"]))
    expectConforms(recorder, to: "apple-reminders")
}

@Test func aSwipeThatDoesNothingIsCaught() {
    var recorder = TraceRecorder(trace: "blocked-swipe", app: "Reminders", form: ["title": "Milk"])
    recorder.edit(["title": "Milk and eggs"])
    recorder.swipe()
    recorder.see(.sheet(.none), .dismissed(false))
    expectDeparts(recorder, from: "apple-reminders", atStep: 2)
}
// docc:end reminders-form-expectations
