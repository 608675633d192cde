import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

/// The simulated behaviour behind the declared API, which every simulated-device test relies on.
@MainActor
@Suite("XCUITest: the declared API over a simulated device")
struct SimulationSemanticsTests {
    @Test("queries resolve at each use, depth first with parents before children")
    func resolvedAtEachUse() throws {
        let device = TinyFormDevice(text: "Eggs")
        Simulation.device = device
        Simulation.failures = []
        let app = XCUIApplication()
        let buttons = app.buttons
        #expect(buttons.count == 2)
        #expect(buttons.element(boundBy: 0).label == "Cancel")
        #expect(buttons.firstMatch.label == "Cancel")
        #expect(app.descendants(matching: .any).element(boundBy: 0).elementType == .window)
        #expect(app.children(matching: .window).count == 1)
        #expect(app.children(matching: .navigationBar).count == 0)
        // The same query after the screen changed: the clear button appears once the field is focused.
        let clear = app.textFields["title"].buttons["Clear text"]
        #expect(!clear.exists)
        app.textFields["title"].tap()
        #expect(clear.exists)
        #expect(app.textFields.containing(.button, identifier: "Clear text").count == 1)
        #expect(app.windows.matching(.window, identifier: nil).count == 1)
        #expect(Simulation.failures == [])
    }

    @Test("a subscript matches an identifier or a label")
    func subscriptKeys() {
        Simulation.device = TinyFormDevice()
        Simulation.failures = []
        #expect(XCUIApplication().navigationBars["New Reminder"].exists) // identifier, no label
        #expect(!XCUIApplication().buttons["Save"].exists)
        #expect(XCUIApplication().buttons["Save"].waitForExistence(timeout: 5) == false)
        Simulation.device = PopoverDevice()
        #expect(XCUIApplication().navigationBars.buttons["Done"].exists) // label, no identifier
        #expect(XCUIApplication().otherElements["dismiss popup"].exists) // label of an identified element
        #expect(Simulation.failures == [])
    }

    @Test("using a missing element is a failure, and its snapshot throws")
    func missing() {
        Simulation.device = TinyFormDevice()
        Simulation.failures = []
        let missing = XCUIApplication().buttons["Save"]
        missing.tap()
        #expect(Simulation.failures.count == 1)
        #expect(Simulation.failures.first?.contains("No matches found") == true)
        #expect(throws: (any Error).self) { try missing.snapshot() }
    }

    @Test("several matches are a failure to interact with, as in XCUITest")
    func ambiguous() {
        Simulation.device = TinyFormDevice()
        Simulation.failures = []
        let app = XCUIApplication()
        #expect(app.buttons.element.exists)
        app.buttons.element.tap()
        #expect(Simulation.failures.first?.contains("Multiple matching elements") == true)
    }

    @Test("a snapshot keeps the screen as it was when taken")
    func snapshotIsACopy() throws {
        let device = TinyFormDevice()
        Simulation.device = device
        Simulation.failures = []
        let field = XCUIApplication().textFields["title"]
        let before = try field.snapshot()
        field.tap()
        field.typeText("milk")
        #expect(before.value as? String == TinyFormDevice.placeholder)
        #expect(try field.snapshot().value as? String == "Milk")
    }

    @Test("typing needs keyboard focus in the element or a descendant")
    func typingNeedsFocus() {
        let device = TinyFormDevice()
        Simulation.device = device
        Simulation.failures = []
        let app = XCUIApplication()
        app.textFields["title"].typeText("milk")
        #expect(device.text == "")
        #expect(Simulation.failures.first?.contains("keyboard focus") == true)
        Simulation.failures = []
        app.textFields["title"].tap()
        app.typeText("milk") // the application holds the focused field
        #expect(device.text == "Milk")
        #expect(Simulation.failures == [])
    }

    @Test("a coordinate taps its point of the element's frame")
    func coordinates() {
        let device = TinyFormDevice()
        Simulation.device = device
        Simulation.failures = []
        let field = XCUIApplication().textFields["title"]
        field.coordinate(withNormalizedOffset: CGVector(dx: 0.5, dy: 0.5)).withOffset(CGVector(dx: 10, dy: -2)).tap()
        let frame = TinyFormDevice.fieldFrame
        #expect(device.taps == [CGPoint(x: frame.midX + 10, y: frame.midY - 2)])
    }

    @Test("no device: every use is a failure, never a crash")
    func noDevice() {
        Simulation.device = nil
        Simulation.failures = []
        let app = XCUIApplication()
        app.launch()
        app.buttons["Done"].tap()
        #expect(XCUIScreen.main.screenshot().pngRepresentation.isEmpty)
        #expect(Simulation.failures.count == 3)
    }
}
