import Testing

@testable @_spi(Simulation) import XCUISimulator

/// The app models answer as BEHAVIOURS.md §2.1 and §2.6 say (and as each model's comment chooses).
@MainActor @Suite("Simulator: the app models") struct AppModelTests {
    @Test func remindersLikeDoneFollowsAValueComparison() {
        let app = RemindersLikeApp()
        #expect(app.doneButton == .disabled && app.cancelButton == nil)
        app.setText("Milk and eggs", of: "title-field")
        #expect(app.doneButton == .enabled)
        app.setText("Milk", of: "title-field")
        #expect(app.doneButton == .disabled)
        app.swipeDown()
        #expect(app.document.isDismissed && app.document.dialog == nil, "a reverted form is dismissed silently")
    }

    @Test func remindersLikeAsksBeforeDiscardingAndTheBrokenAppDoesNot() {
        let app = RemindersLikeApp()
        app.setText("Bread", of: "title-field")
        app.swipeDown()
        #expect(app.document.dialog?.actions == [RemindersLikeApp.discard, RemindersLikeApp.keepEditing])
        app.choose(actionAt: 1)
        #expect(app.document.dialog == nil && !app.document.isDismissed)
        app.swipeDown()
        app.choose(actionAt: 0)
        #expect(app.document.isDismissed && app.document.saveCount == 0 && app.document.stored["title-field"] == "Milk")

        let broken = RemindersLikeApp.broken()
        broken.setText("Bread", of: "title-field")
        broken.swipeDown()
        #expect(broken.document.dialog == nil && broken.document.isDismissed && broken.document.saveCount == 0)
    }

    @Test func doneSaves() {
        let app = RemindersLikeApp()
        app.setText("Bread", of: "title-field")
        app.tap(.done)
        #expect(app.document.isDismissed && app.document.saveCount == 1 && app.document.stored["title-field"] == "Bread")
    }

    @Test func oneHandedKeepsItsEditedFlagAfterARevert() {
        let app = OneHandedApp()
        #expect(app.doneButton == .disabled && app.cancelButton == .enabled)
        app.setText("Ada L", of: "name-field")
        app.setText("Ada", of: "name-field")
        #expect(app.doneButton == .enabled)
        app.tap(.cancel)
        #expect(app.document.dialog?.title == "Do you want to cancel?")
        #expect(app.document.dialog?.message == "The changes will be reversed.")
        #expect(app.document.dialog?.actions.map(\.title) == ["Cancel changes", "Cancel"])
        app.choose(actionAt: 1)
        app.swipeDown()
        #expect(app.document.dialog?.title == "You have unsaved changes!")
        #expect(app.document.dialog?.actions.map(\.title) == ["Save changes", "Cancel changes", "Cancel"])
        app.choose(actionAt: 0)
        #expect(app.document.isDismissed && app.document.saveCount == 1)
    }

    @Test func oneHandedDismissesAnUneditedFormOnCancelAndOnSwipe() {
        let cancelled = OneHandedApp()
        cancelled.tap(.cancel)
        #expect(cancelled.document.isDismissed && cancelled.document.saveCount == 0)
        let swiped = OneHandedApp()
        swiped.swipeDown()
        #expect(swiped.document.isDismissed && swiped.document.saveCount == 0)
    }

    @Test func launchStartsAfresh() {
        let app = OneHandedApp()
        app.setText("X", of: "name-field")
        app.tap(.done)
        app.launch()
        #expect(!app.document.isDismissed && !app.document.wasEdited && app.document.saveCount == 0)
    }
}
