import ConformCore
import ConformRecording
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// Issue 34, rule 1 of Docs/Recording.md "On a device": after an action the recorder waits until the
/// screen settles (its tree unchanged for `quiet`, and the prediction met when there is one), up to a
/// timeout, on an injectable clock; one snapshot at once (the behaviour before) records the screen before
/// the change lands.
@MainActor
@Suite("XCUITest: the recorder waits for the screen to settle")
struct SettleTests {
    /// A recorder on a Reminders-like app on an iOS 18 iPhone whose changes take time, its title edited.
    func editedReminder(settle: Settle) throws -> (XCUITraceRecorder, FormAppDevice) {
        let device = FormAppDevice(app: RemindersLikeApp(), presentation: .iOS18UIKit)
        let recorder = RecorderSupport.recorder(on: device)
        recorder.settle = settle
        recorder.observer = ScreenObserver(
            options: .init(formRoot: .identifier("reminder-form"), fields: [.init("title", identifier: "title-field")]))
        XCUIApplication().launch()
        try recorder.edit(XCUIApplication().textFields["title-field"], name: "title", text: "Milk and eggs", observe: false)
        return (recorder, device)
    }

    static func sheet(_ observation: Observation) -> String? {
        observation.items.first { $0.key == "sheet" }?.value.json.serialized(pretty: false)
    }

    @Test("one snapshot at once sees no sheet after the swipe; waiting sees the sheet the app shows")
    func waitingSeesTheDialog() throws {
        let (immediate, _) = try editedReminder(settle: .immediate)
        try immediate.swipeDown(XCUIApplication().navigationBars["Details"])
        #expect(Self.sheet(try #require(immediate.recorder.trace.steps.last.flatMap(Self.observation))) == #""none""#)
        #expect(immediate.lastSettle?.description == "conform took one snapshot at once (settle timeout 0)")

        let (waiting, _) = try editedReminder(settle: RecorderSupport.simulatedSettle)
        try waiting.swipeDown(XCUIApplication().navigationBars["Details"])
        let seen = try #require(waiting.recorder.trace.steps.last.flatMap(Self.observation))
        #expect(Self.sheet(seen) == #"{"title":null,"message":null,"actions":["Discard Changes",{"title":"Cancel","role":"cancel"}]}"#)
        // 0.15 s before the dialog moves, 0.3 s of animation, then 0.5 s unchanged: about a second.
        let waited = try #require(waiting.lastSettle?.waited)
        #expect(waited > 0.9 && waited < 1.1, "\(waited)")
        #expect(waiting.lastSettle?.settled == true && waiting.lastSettle?.agreed == nil)
        #expect(waiting.recorder.trace.steps.last?.note == nil)
    }

    @Test("a prediction is waited for until the timeout; a screen that never stops changing is noted")
    func predictionAndTimeout() throws {
        let device = TinyFormDevice()
        device.flickers = true
        let recorder = RecorderSupport.recorder(on: device)
        let start = Simulation.now
        try recorder.observe()
        #expect(abs(Simulation.now - start - 3) < 0.11)
        #expect(recorder.lastSettle?.settled == false)
        #expect(recorder.recorder.trace.steps.last?.note == "the screen was still changing after 3 s")

        let still = TinyFormDevice()
        let waiting = RecorderSupport.recorder(on: still)
        waiting.expected = { _ in false }
        let before = Simulation.now
        try waiting.observe()
        #expect(abs(Simulation.now - before - 3) < 0.11, "a still screen the prediction refuses is watched to the timeout")
        #expect(waiting.lastSettle?.agreed == false && waiting.lastSettle?.settled == true)
        #expect(
            waiting.lastSettle?.description
                == "conform waited 3 s (the settle timeout; CONFORM_SETTLE_TIMEOUT sets it) for the screen to show what the policy predicts; it had stopped changing"
        )
        waiting.expected = { _ in true }
        let again = Simulation.now
        try waiting.observe()
        #expect(abs(Simulation.now - again - 0.5) < 0.11, "a still screen that agrees is recorded once quiet")
        #expect(waiting.lastSettle?.description == "the screen settled on what the policy predicts after 0.5 s")
    }

    @Test("the timeout a generated test reads from CONFORM_SETTLE_TIMEOUT: seconds, or a clear error")
    func environment() throws {
        #expect(try Settle.timeout(in: [:]) == nil)
        #expect(try Settle.timeout(in: ["CONFORM_SETTLE_TIMEOUT": ""]) == nil)
        #expect(try Settle.timeout(in: ["CONFORM_SETTLE_TIMEOUT": "5"]) == 5)
        #expect(try Settle.timeout(in: ["CONFORM_SETTLE_TIMEOUT": " 0.5 "]) == 0.5)
        #expect(try Settle.timeout(in: ["CONFORM_SETTLE_TIMEOUT": "0"]) == 0)
        for bad in ["three", "-1", "inf", "nan", "3s"] {
            #expect(throws: XCUIScenarioError.badSettleTimeout(bad)) { try Settle.timeout(in: ["CONFORM_SETTLE_TIMEOUT": bad]) }
        }
        #expect(
            XCUIScenarioError.badSettleTimeout("three").description
                == "CONFORM_SETTLE_TIMEOUT is 'three', not a number of seconds: give one such as 3 or 0.5 (0: one snapshot at once)")
        #expect(Settle(timeout: -2, quiet: .nan, interval: 0).timeout == 0)
        #expect(Settle(timeout: -2, quiet: .nan, interval: 0).interval == 0.1)
    }

    @Test("a saved check that cannot answer says so in the see step that records the form gone")
    func savedReadingWithoutAnswer() throws {
        let device = FormAppDevice(app: RemindersLikeApp(), presentation: .iOS26iPhone)
        let recorder = RecorderSupport.recorder(on: device)
        recorder.observer = ScreenObserver(options: .init(formRoot: .identifier("reminder-form")))
        XCUIApplication().launch()
        let check = SavedCheck.row("item-title", shows: "title")
        recorder.saved = { [unowned recorder] in check.value(for: recorder) }
        recorder.savedNote = { [unowned recorder] in check.note(for: recorder) }
        try recorder.swipeDown(XCUIApplication().navigationBars["Details"])
        let step = try #require(recorder.recorder.trace.steps.last)
        #expect(step.note?.contains("cannot tell a save from a discard") == true, "\(step.note ?? "")")
        #expect(!recorder.recorder.yaml().contains("saved:"))
    }

    static func observation(_ step: Step) -> Observation? {
        guard case .see(let observation) = step.kind else { return nil }
        return observation
    }
}
