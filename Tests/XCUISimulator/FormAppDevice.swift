import Foundation
@_spi(Simulation) import XCUIDeclarations

/// A simulated iPhone or iPad running one `FormApp` in one `Presentation`: what `Simulation.device` is
/// set to. It draws the app's state through the presentation at every read of `root`, hit-tests taps
/// (`HitTesting`), treats a swipe down on the form's sheet as an interactive dismissal attempt, keeps the
/// keyboard focus and applies typed text through the keyboard (`TextEntry`).
@_spi(Simulation) @MainActor public final class FormAppDevice: SimulatedDevice {
    public let app: any FormApp
    public let presentation: Presentation
    /// The identifier of the field with keyboard focus.
    public private(set) var focus: String?
    /// Until `launch`, the application has no window.
    public private(set) var isRunning = false
    /// Screenshots taken so far; the count is written into each screenshot.
    public private(set) var screenshots = 0
    /// Gestures that did nothing, and why: for tests of the simulator itself.
    public private(set) var ignored: [String] = []

    public init(app: any FormApp, presentation: Presentation) {
        self.app = app
        self.presentation = presentation
    }

    /// The app and the focus now, as the presentation draws them.
    public var screen: AppScreen { AppScreen(app, focus: focus) }

    /// The tree now, before it becomes `SimulatedElement`s.
    public var tree: ScreenNode {
        guard isRunning else {
            return ScreenNode(.application, label: app.name, frame: CGRect(origin: .zero, size: presentation.screen))
        }
        return presentation.render(screen)
    }

    // MARK: - SimulatedDevice

    public var root: SimulatedElement { tree.simulated() }

    public func launch(arguments: [String], environment: [String: String]) {
        // `-conformText IDENTIFIER=TEXT`: a field opens on TEXT, as a test build of an app would let a UI
        // test set it (the generated UI tests open the form on the plan's values).
        var texts: [String: String] = [:]
        for (index, argument) in arguments.enumerated() where argument == "-conformText" && index + 1 < arguments.count {
            let pair = arguments[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { texts[pair[0]] = pair[1] }
        }
        if texts.isEmpty { app.launch() } else { app.launch(opening: texts) }
        focus = nil
        isRunning = true
    }

    public func tap(at point: CGPoint) {
        guard let (action, isEnabled) = HitTesting.tapAction(at: point, in: tree) else {
            return ignore("tap at \(point): nothing there answers a tap")
        }
        guard isEnabled else { return ignore("tap at \(point): \(action) is disabled") }
        let dialog = app.document.dialog
        switch action {
        case .barButton(let button):
            guard dialog == nil else { return ignore("tap at \(point): a dialog is in front") }
            app.tap(button)
        case .focus(let field):
            guard dialog == nil else { return ignore("tap at \(point): a dialog is in front") }
            focus = field
        case .clear(let field):
            guard dialog == nil else { return ignore("tap at \(point): a dialog is in front") }
            app.setText("", of: field)
        case .dialogAction(let index):
            app.choose(actionAt: index)
        case .dismissDialog:
            guard let index = dialog?.cancelIndex else { return ignore("tap at \(point): the dialog has no cancel action") }
            app.choose(actionAt: index)
        }
        dropFocusWhenCovered()
    }

    public func swipe(from point: CGPoint, direction: SimulatedSwipe) {
        guard direction == .down else { return ignore("swipe \(direction) at \(point): only a swipe down dismisses") }
        guard app.document.dialog == nil else { return ignore("swipe down at \(point): a dialog is in front") }
        guard HitTesting.swipeDownDismisses(at: point, in: tree) else {
            return ignore("swipe down at \(point): not on the form's sheet")
        }
        app.swipeDown()
        dropFocusWhenCovered()
    }

    public func typeText(_ text: String) {
        guard let focus, let field = app.document.field(focus), screen.showsKeyboard else {
            return ignore("typeText: no field has keyboard focus")
        }
        app.setText(TextEntry.apply(text, to: field.text, capitalisingSentences: field.capitalisesSentences), of: focus)
    }

    public func screenshotPNG() -> Data {
        screenshots += 1
        let screen = self.screen
        let words = isRunning ? screen.summary(dialogs: presentation.dialogStyle) : "not running"
        return ScreenshotPNG.encode(
            description: "conform simulator \(presentation.name) shot \(screenshots): \(words)", colour: screen.colour)
    }

    // MARK: - Private

    /// A dialog or a dismissal takes the keyboard away (the field resigns first responder).
    private func dropFocusWhenCovered() {
        if app.document.dialog != nil || app.document.isDismissed { focus = nil }
    }

    private func ignore(_ why: String) {
        ignored.append(why)
    }
}
