import ConformCore
import ConformKit
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// The apps that follow the other built-in form policies (Contacts, Calendar, Apple's sample, MakeItSo,
/// plain `interactiveDismissDisabled`), each recorded on all four presentations through
/// `XCUITraceRecorder`, then checked against the policy it follows; and, so that these checks are seen to
/// be able to fail, some of the same recordings checked against a neighbouring policy they do not follow.
@MainActor
@Suite("XCUITest: end to end: an app per built-in form policy, recorded and checked")
struct EndToEndFollowerTests {
    private func record(_ scenario: Scenario, _ app: ModelledApp, on presentation: Presentation) throws -> RecordingSession {
        let session = RecordingSession(
            app, on: presentation, trace: "\(app.rawValue)-\(scenario.name)-\(presentation.name)", title: scenario.name,
            in: FileManager.default.temporaryDirectory)
        try scenario.run(session)
        #expect(session.problems.isEmpty, "\(app) \(scenario) on \(presentation): \(session.problems)")
        return session
    }

    @Test("each follower conforms to its policy on every presentation", arguments: ModelledApp.followers, Presentation.all)
    func follows(_ app: ModelledApp, _ presentation: Presentation) throws {
        #expect(SimulatedApps.following(app.claim) != nil)
        for scenario in Scenario.following(app) {
            let session = try record(scenario, app, on: presentation)
            let check = try session.check()
            let yaml = session.recorder.recorder.yaml()
            #expect(check.passed, "\(app) \(scenario) on \(presentation): \(check.summary)\n\(yaml)")
            if scenario.name.contains("keep") { expectKeepEditingAsPresented(app, yaml, presentation) }
        }
    }

    /// Keep editing was a tap outside the popover on iOS 26 and iPad, the set-apart button on iOS 18.
    private func expectKeepEditingAsPresented(_ app: ModelledApp, _ yaml: String, _ presentation: Presentation) {
        switch presentation.dialogStyle {
        case .popover:
            #expect(yaml.contains("tap-outside: sheet") && yaml.contains("outside: cancel"), "\(app) \(presentation)\n\(yaml)")
        case .bottomSheet:
            #expect(yaml.contains("choose: \(app.keepEditingTitle)\n") && yaml.contains("role: cancel"), "\(app) \(presentation)\n\(yaml)")
        }
    }

    /// Recordings that follow one policy and depart from a neighbour at the swipe (step 4: no dialog
    /// where one was expected) or at the look after it (step 5: a dialog, or the wrong one).
    static let mismatches: [(ModelledApp, Scenario, String, departure: Int)] = [
        (.contactsLike, .swipeIgnoredThenDone, "apple-calendar", 4),
        (.calendarLike, .swipeKeepEditingThenDiscardChanges, "apple-contacts", 5),
        (.makeItSo, .swipeKeepEditingThenDiscardChanges, "swiftui-dismiss-disabled", 5),
        (.dismissDisabled, .swipeIgnoredThenDone, "makeitso", 4),
        (.appleSample, .swipeKeepEditingThenSave, "apple-calendar", 5),
    ]

    @Test("a follower's recording fails a neighbouring policy it does not follow", arguments: Presentation.all)
    func departsFromNeighbours(_ presentation: Presentation) throws {
        for (app, scenario, other, departure) in Self.mismatches {
            let session = try record(scenario, app, on: presentation)
            #expect(try session.check().passed, "\(app) \(scenario) on \(presentation) fails its own policy")
            let check = try session.recorder.recorder.check(against: other)
            #expect(!check.passed, "\(app) \(scenario) on \(presentation) passes \(other) too: \(check.summary)")
            #expect(check.departure?.step == departure, "\(app) \(scenario) on \(presentation) vs \(other): \(check.summary)")
        }
    }
}
