import Foundation
import Testing

@testable @_spi(Simulation) import XCUISimulator

/// The models of the other built-in form policies answer as the BEHAVIOURS.md rows their comments cite
/// say, directly on the model (the end-to-end tests record them through XCUITest and check the traces).
@MainActor @Suite("Simulator: the follower app models") struct FollowerModelTests {
    @Test func eachFormPolicyHasItsAppAndOtherIdsHaveNone() {
        #expect(SimulatedApps.following("apple-contacts") is ContactsLikeApp)
        #expect(SimulatedApps.following("apple-calendar") is CalendarLikeApp)
        #expect(SimulatedApps.following("apple-sample") is AppleSampleApp)
        #expect(SimulatedApps.following("makeitso") is MakeItSoApp)
        #expect(SimulatedApps.following("swiftui-dismiss-disabled") is DismissDisabledApp)
        #expect(SimulatedApps.following("apple-reminders") is RemindersLikeApp)
        #expect(SimulatedApps.following("one-handed") is OneHandedApp)
        #expect(SimulatedApps.policyIDs.allSatisfy { SimulatedApps.following($0) != nil })
        for id in ["keyboard-listener", "disclosure-always", "apple-mail", ""] { #expect(SimulatedApps.following(id) == nil) }
        #expect(SimulatedApps.broken().name == "Broken Reminders")
    }

    /// §2.2: "any × swipe down": the form does not dismiss; the model shows nothing.
    @Test func contactsIgnoresTheSwipeAndAsksOnlyOnAnEditedCancel() {
        let app = ContactsLikeApp()
        app.swipeDown()
        #expect(!app.document.isDismissed && app.document.dialog == nil)
        app.setText("Jane", of: "first-name-field")
        app.swipeDown()
        #expect(!app.document.isDismissed && app.document.dialog == nil)
        app.tap(.cancel)
        #expect(app.document.dialog?.actions.map(\.role) == [.destructive, .cancel])
    }

    /// §2.5: the right button is "Save"; Cancel's sheet has no Save, the swipe's has it first; both hang
    /// from Cancel; a reverted form is clean.
    @Test func appleSampleAsksDifferentlyForCancelAndSwipe() {
        let app = AppleSampleApp()
        #expect(app.doneTitle == "Save" && app.doneButton == .disabled)
        app.setText("Bye", of: "text-field")
        app.tap(.cancel)
        #expect(app.document.dialog?.actions == [AppleSampleApp.discard, AppleSampleApp.cancel])
        #expect(app.document.dialog?.title == nil && app.document.dialog?.message == nil)
        app.choose(actionAt: 1)
        app.swipeDown()
        #expect(app.document.dialog?.actions == [AppleSampleApp.save, AppleSampleApp.discard, AppleSampleApp.cancel])
        #expect(app.document.dialog?.source == .cancelButton)
        app.choose(actionAt: 2)
        app.setText("Hello", of: "text-field")
        #expect(app.doneButton == .disabled)
        app.swipeDown()
        #expect(app.document.isDismissed && app.document.saveCount == 0)
    }

    /// §2.8 "CLEAN × Done": the unchanged reminder is written; §2.9 vs §2.8: only the swipe differs.
    @Test func makeItSoSavesOnACleanDoneAndItsFirstVersionBlocksTheSwipeSilently() {
        let clean = MakeItSoApp()
        #expect(clean.doneButton == .enabled)
        clean.tap(.done)
        #expect(clean.document.isDismissed && clean.document.saveCount == 1)

        let current = MakeItSoApp()
        let first = DismissDisabledApp()
        for app in [current, first] as [any FormApp] { app.setText("Buy bread", of: "title-field") }
        current.swipeDown()
        first.swipeDown()
        #expect(current.document.dialog?.actions == [MakeItSoApp.discard, MakeItSoApp.cancel])
        #expect(first.document.dialog == nil && !first.document.isDismissed)
        first.tap(.cancel)
        #expect(first.document.dialog?.actions == current.document.dialog?.actions)
    }

    @Test func theSampleSaveButtonIsDrawnWithItsTitleInBothBarStyles() throws {
        for presentation in Presentation.all {
            let tree = launched(AppleSampleApp(), on: presentation).tree
            let bar = try #require(tree.every(.navigationBar).first { $0.identifier == "Edit" })
            let labels = bar.all.filter { $0.kind == .button }.map(\.label)
            #expect(labels == ["Cancel", "Save"], "\(presentation)")
        }
    }
}
