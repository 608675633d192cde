import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

@testable @_spi(Simulation) import XCUISimulator

/// Taps and swipes land on the front-most element under the point.
@MainActor @Suite("Simulator: hit-testing") struct HitTestingTests {
    @Test func aTapOnThePopoversButtonChoosesItsAction() throws {
        for presentation in [Presentation.iOS26iPhone, .iPad] {
            let app = RemindersLikeApp()
            let device = launched(app, on: presentation)
            device.type(" and eggs", into: "title-field")
            device.swipeDownOnForm()
            let discard = try #require(device.tree.all.first { $0.kind == .button && $0.label == "Discard Changes" })
            device.tap(at: discard.centre)
            #expect(app.document.isDismissed && app.document.saveCount == 0, "\(presentation)")
        }
    }

    @Test func aTapOutsideThePopoverLandsOnTheDismissRegionNotOnTheFormAndCancels() throws {
        for presentation in [Presentation.iOS26iPhone, .iPad] {
            let app = RemindersLikeApp()
            let device = launched(app, on: presentation)
            device.type(" and eggs", into: "title-field")
            device.swipeDownOnForm()
            // The notes field lies under the dismiss region but outside the popover.
            let notes = try #require(device.tree.all.first { $0.identifier == "notes-field" })
            let popover = try #require(device.tree.first(.popover))
            #expect(!popover.frame.contains(notes.centre))
            let path = HitTesting.path(to: notes.centre, in: device.tree)
            #expect(path.last?.identifier == "PopoverDismissRegion", "\(presentation)")
            device.tap(at: notes.centre)
            #expect(app.document.dialog == nil && !app.document.isDismissed)
            #expect(device.focus == nil, "the tap cancelled the dialog; it did not focus the field behind")
            #expect(app.document.field("title-field")?.text == "Milk and eggs", "the edit is kept")
        }
    }

    @Test func whileABottomSheetShowsTapsOnTheFormBehindDoNothing() throws {
        let app = OneHandedApp()
        let device = launched(app, on: .iOS18UIKit)
        device.type("X", into: "email-field")
        device.swipeDownOnForm()
        let field = try #require(device.tree.all.first { $0.identifier == "name-field" })
        device.tap(at: field.centre)
        #expect(app.document.dialog != nil && device.focus == nil)
        // Nor does a swipe dismiss anything.
        device.swipeDownOnForm()
        #expect(app.document.dialog != nil && !app.document.isDismissed)
    }

    @Test func aTapOnADisabledDoneDoesNothing() throws {
        let app = RemindersLikeApp()
        let device = launched(app, on: .iOS18SwiftUI)
        let done = try #require(device.tree.frontButton("Done"))
        device.tap(at: done.centre)
        #expect(!app.document.isDismissed)
        #expect(device.ignored.last?.contains("disabled") == true)
    }

    @Test func aTapNearAFocusedFieldsRightEdgeHitsTheClearButton() throws {
        let app = RemindersLikeApp()
        let device = launched(app, on: .iOS18UIKit)
        let field = try #require(device.tree.all.first { $0.identifier == "title-field" })
        device.tap(at: field.centre)
        // Where `coordinate(withNormalizedOffset: CGVector(dx: 0.98, dy: 0.5))` taps.
        device.tap(at: CGPoint(x: field.frame.minX + field.frame.width * 0.98, y: field.frame.midY))
        #expect(app.document.field("title-field")?.text == "")
        #expect(device.focus == "title-field")
    }

    @Test func theKeyboardsWindowTakesTouchesOnTheKeyboardOnly() throws {
        let device = launched(RemindersLikeApp(), on: .iOS18UIKit)
        device.type("", into: "title-field")
        let keyboard = try #require(device.tree.first(.keyboard))
        #expect(HitTesting.path(to: keyboard.centre, in: device.tree).contains { $0.kind == .keyboard })
        let notes = try #require(device.tree.all.first { $0.identifier == "notes-field" })
        device.tap(at: notes.centre)
        #expect(device.focus == "notes-field")
    }

    @Test func aSwipeDownOnTheSheetIsADismissalAttemptAndElsewhereIsNot() {
        for presentation in Presentation.all {
            let app = RemindersLikeApp()
            let device = launched(app, on: presentation)
            // Above the sheet (the list screen's bar shows there): nothing.
            device.swipe(from: CGPoint(x: presentation.formSheet.midX, y: presentation.formSheet.minY - 2), direction: .down)
            #expect(!app.document.isDismissed, "\(presentation)")
            device.swipe(from: CGPoint(x: presentation.formBar.midX, y: presentation.formBar.midY), direction: .up)
            #expect(!app.document.isDismissed)
            // Anywhere on the sheet: a clean form is dismissed.
            device.swipe(from: CGPoint(x: presentation.formSheet.midX, y: presentation.formSheet.midY), direction: .down)
            #expect(app.document.isDismissed)
        }
    }

    @Test func theDeclaredAPIDrivesTheDeviceAndReadsBackWhatTheKeyboardMade() throws {
        let app = RemindersLikeApp()
        Simulation.device = FormAppDevice(app: app, presentation: .iOS26iPhone)
        Simulation.failures = []
        defer { Simulation.device = nil }
        let ui = XCUIApplication()
        ui.launch()
        let title = ui.textFields["title-field"]
        // `launch()` returns once the app is idle, with the form on screen.
        #expect(title.waitForExistence(timeout: 2))
        title.tap()
        title.typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: 4) + "bread")
        #expect(title.value as? String == "Bread")
        #expect(ui.keyboards.count == 1)
        ui.navigationBars["Details"].swipeDown()
        // A query right after the gesture sees the screen before the dialog lands; a wait sees it land.
        #expect(ui.popovers.count == 0)
        #expect(ui.popovers.firstMatch.waitForExistence(timeout: 2))
        ui.otherElements["PopoverDismissRegion"].tap()
        #expect(ui.popovers.firstMatch.waitForNonExistence(timeout: 2))
        #expect(ui.textFields["title-field"].exists)
        #expect(Simulation.failures.isEmpty, "\(Simulation.failures)")
    }
}
