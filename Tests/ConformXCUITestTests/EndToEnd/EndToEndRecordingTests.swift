import ConformCore
import ConformKit
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// Three apps × four presentations, recorded through `XCUITraceRecorder` on the simulated device exactly
/// as a UI test on a device records them, then checked as `conform run` checks the trace files: the
/// Reminders-like app and the one-handed app conform to their policies on every presentation, and the
/// broken app departs from Reminders' at its swipe on every presentation.
@MainActor
@Suite("XCUITest: end to end: recorded on simulated devices, then checked")
struct EndToEndRecordingTests {
    /// Records `scenario` on a fresh device; the trace is checked against the app's claim.
    private func record(_ scenario: Scenario, _ app: ModelledApp, on presentation: Presentation) throws -> (RecordingSession, TraceCheck) {
        let session = RecordingSession(
            app, on: presentation, trace: "\(app.rawValue)-\(scenario.name)-\(presentation.name)", title: scenario.name,
            in: FileManager.default.temporaryDirectory)
        try scenario.run(session)
        #expect(session.problems.isEmpty, "\(scenario) on \(presentation): \(session.problems)")
        return (session, try session.check())
    }

    /// How "keep editing" was recorded: a tap outside the popover (whose sheet was seen with
    /// `outside: cancel`) on iOS 26 and iPad, the Cancel button set apart at the bottom on iOS 18.
    private func expectKeepEditingAsPresented(_ session: RecordingSession, _ presentation: Presentation) {
        let yaml = session.recorder.recorder.yaml()
        switch presentation.dialogStyle {
        case .popover:
            #expect(yaml.contains("tap-outside: sheet") && yaml.contains("outside: cancel"), "\(presentation)\n\(yaml)")
            #expect(!yaml.contains("choose: Cancel\n") && !yaml.contains("role: cancel"))
        case .bottomSheet:
            #expect(yaml.contains("choose: Cancel\n") && yaml.contains("{ title: Cancel, role: cancel }"), "\(presentation)\n\(yaml)")
            #expect(!yaml.contains("tap-outside") && !yaml.contains("outside: cancel"))
        }
    }

    @Test("the Reminders-like app conforms to apple-reminders", arguments: Presentation.all)
    func remindersLike(_ presentation: Presentation) throws {
        for scenario in Scenario.reminders {
            let (session, check) = try record(scenario, .remindersLike, on: presentation)
            #expect(check.passed, "\(scenario) on \(presentation): \(check.summary)\n\(session.recorder.recorder.yaml())")
            if scenario.name == Scenario.swipeKeepEditingThenDiscard.name {
                expectKeepEditingAsPresented(session, presentation)
                // The keyboard capitalised the title: the edit records what the field holds.
                #expect(RecorderSupport.edits(session.recorder, step: 2)?["title"] == .string("Milk and eggs"))
            }
        }
    }

    @Test("the one-handed app conforms to one-handed", arguments: Presentation.all)
    func oneHanded(_ presentation: Presentation) throws {
        for scenario in Scenario.oneHanded {
            let (session, check) = try record(scenario, .oneHanded, on: presentation)
            #expect(check.passed, "\(scenario) on \(presentation): \(check.summary)\n\(session.recorder.recorder.yaml())")
            if [Scenario.cancelKeepEditingThenSwipeSave.name, Scenario.swipeKeepEditingThenCancelChanges.name].contains(scenario.name) {
                expectKeepEditingAsPresented(session, presentation)
            }
        }
    }

    @Test("the broken app departs from apple-reminders at its swipe, and only there", arguments: Presentation.all)
    func broken(_ presentation: Presentation) throws {
        let (session, check) = try record(.editThenSwipe, .broken, on: presentation)
        #expect(!check.passed, "\(presentation): \(check.summary)")
        let steps = session.recorder.recorder.trace.steps
        // 1 see, 2 edit, 3 see, 4 swipe: down, 5 see (dismissed where a dialog was expected).
        #expect(steps.count == 5)
        #expect(check.departure?.step == Self.brokenDeparture, "\(presentation): \(check.summary)")
        if case .action(.swipe("down")) = steps[3].kind {} else { Issue.record("step 4 is not the swipe: \(steps[3].kind)") }
        // The same app passes where it does what Reminders does: the failure is the swipe's alone.
        for scenario in [Scenario.doneSaves, .cleanSwipe] {
            let (_, check) = try record(scenario, .broken, on: presentation)
            #expect(check.passed, "\(scenario) on \(presentation): \(check.summary)")
        }
    }

    static let brokenDeparture = 4
}
