import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

@testable @_spi(Simulation) import XCUISimulator

/// Issue 34: the simulated device behaves like one. A change lands after a delay, with animation frames
/// between the old screen and the new; what is covered is not hittable, and a tap on it lands on what
/// covers it; `waitForExistence` waits on the simulated clock.
@MainActor
@Suite("Simulator: changes take time, covered elements are not hittable")
struct TimingTests {
    /// The device's tree after `seconds` more of the simulated clock.
    func tree(of device: FormAppDevice, after seconds: Double) -> ScreenNode {
        Simulation.advance(by: seconds)
        return device.tree
    }

    @Test("a dialog lands 0.15 s after the swipe, slides in for 0.3 s, then stands")
    func dialogLandsLater() throws {
        let app = RemindersLikeApp()
        let device = launched(app, on: .iOS18UIKit, timing: .device)
        Simulation.advance(by: 1)
        device.type(" and eggs", into: "title-field")
        Simulation.advance(by: 1)
        device.swipeDownOnForm()
        #expect(app.document.dialog != nil, "the app has asked")
        #expect(device.tree.first(.sheet) == nil, "the screen does not show it yet")
        #expect(device.isBusy)
        let halfway = try #require(tree(of: device, after: 0.3).first(.sheet), "part-way through the animation")
        let landed = try #require(tree(of: device, after: 0.3).first(.sheet))
        #expect(halfway.frame.minY > landed.frame.minY, "the sheet slides up into place")
        #expect(halfway.children.map(\.label) == landed.children.map(\.label))
        #expect(!device.isBusy)
    }

    @Test("a dismissal slides the form away before it is gone; typed text shows at once, Done's state later")
    func dismissalLandsLater() throws {
        let app = RemindersLikeApp()
        let device = launched(app, on: .iOS26iPhone, timing: .device)
        Simulation.advance(by: 1)
        device.type(" and eggs", into: "title-field")
        let early = device.tree
        #expect(early.all.first { $0.identifier == "title-field" }?.value == "Milk and eggs")
        #expect(early.frontButton("Done")?.isEnabled == false, "Done is enabled a moment later")
        #expect(tree(of: device, after: 0.2).frontButton("Done")?.isEnabled == true)
        Simulation.advance(by: 1)
        let done = try #require(device.tree.frontButton("Done"))
        device.tap(at: done.centre)
        #expect(app.document.isDismissed)
        #expect(device.tree.hasIdentifier("reminder-form"), "still there just after the tap")
        let sliding = try #require(tree(of: device, after: 0.3).all.first { $0.identifier == "reminder-form" })
        #expect(sliding.frame.minY > Presentation.iOS26iPhone.formSheet.minY + 56, "part-way down")
        #expect(!tree(of: device, after: 0.3).hasIdentifier("reminder-form"))
    }

    @Test("behind a popover's dismiss region the form's Done is not hittable, and a tap on it cancels the dialog")
    func coveredIsNotHittable() throws {
        let app = RemindersLikeApp()
        Simulation.device = FormAppDevice(app: app, presentation: .iOS26iPhone)
        Simulation.failures = []
        defer { Simulation.device = nil }
        let ui = XCUIApplication()
        ui.launch()
        let done = ui.navigationBars["Details"].buttons["Done"]
        #expect(done.isHittable, "disabled, but nothing covers it")
        let title = ui.textFields["title-field"]
        title.tap()
        title.typeText(" and eggs")
        ui.navigationBars["Details"].swipeDown()
        #expect(ui.popovers.firstMatch.waitForExistence(timeout: 2))
        #expect(!done.isHittable, "the dismiss region covers the whole screen")
        #expect(ui.popovers.buttons["Discard Changes"].isHittable)
        done.tap()
        #expect(ui.popovers.firstMatch.waitForNonExistence(timeout: 2))
        #expect(app.document.dialog == nil && !app.document.isDismissed && app.document.saveCount == 0)
        #expect(done.isHittable)
        #expect(Simulation.failures.isEmpty, "\(Simulation.failures)")
    }

    @Test("waitForExistence waits on the simulated clock, and gives up at its timeout")
    func waitForExistenceWaits() {
        Simulation.device = FormAppDevice(app: RemindersLikeApp(), presentation: .iPad)
        defer { Simulation.device = nil }
        let ui = XCUIApplication()
        ui.launch()
        let start = Simulation.now
        #expect(!ui.alerts.firstMatch.waitForExistence(timeout: 1.5))
        #expect(abs(Simulation.now - start - 1.5) < 0.001)
        #expect(ui.textFields["title-field"].waitForExistence(timeout: 1.5))
    }
}
