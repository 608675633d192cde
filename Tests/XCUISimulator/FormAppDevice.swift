import Foundation
@_spi(Simulation) import XCUIDeclarations

/// A simulated iPhone or iPad running one `FormApp` in one `Presentation`: what `Simulation.device` is
/// set to. It draws the app's state through the presentation at every read of `root`, hit-tests taps
/// (`HitTesting`), treats a swipe down on the form's sheet as an interactive dismissal attempt, keeps the
/// keyboard focus and applies typed text through the keyboard (`TextEntry`).
///
/// Changes land as on a device (`Timing`): typed text at once; for `latency` after a gesture the screen
/// still shows the old presentation and bar-button states; then a dialog, a dismissal or the form's
/// appearance animates for `animation`, its nodes moving between their old and new places, before the
/// new screen stands. Time is `Simulation.now`, which moves only when something waits.
@_spi(Simulation) @MainActor public final class FormAppDevice: SimulatedDevice {
    /// How long a change takes to land on screen, in seconds of the simulated clock.
    public struct Timing: Sendable, Equatable {
        /// From the gesture to the first frame of the change: the screen looks as before.
        public var latency: Double
        /// The animation of a presentation or dismissal, after the latency.
        public var animation: Double

        public init(latency: Double, animation: Double) {
            self.latency = latency
            self.animation = animation
        }

        /// A device's: a tenth and a half of a second before anything moves, then a 0.3 s animation.
        public static let device = Timing(latency: 0.15, animation: 0.3)
        /// Every change at once (the simulator before issue 34).
        public static let immediate = Timing(latency: 0, animation: 0)
    }

    /// A change on its way to the screen.
    private struct Change {
        /// What the screen showed before (`nil`: the app was not running).
        var from: AppScreen?
        /// When the gesture happened (`Simulation.now`).
        var start: Double
    }

    public let app: any FormApp
    public let presentation: Presentation
    public let timing: Timing
    /// The controls of the screen behind the form that a tap reached (`ScreenNode.TapAction.listControl`):
    /// a test asserts none was.
    public private(set) var listTaps: [String] = []
    /// The change landing now, if any.
    private var change: Change?
    /// The identifier of the field with keyboard focus.
    public private(set) var focus: String?
    /// Until `launch`, the application has no window.
    public private(set) var isRunning = false
    /// Screenshots taken so far; the count is written into each screenshot.
    public private(set) var screenshots = 0
    /// Gestures that did nothing, and why: for tests of the simulator itself.
    public private(set) var ignored: [String] = []

    public init(app: any FormApp, presentation: Presentation, timing: Timing = .device) {
        self.app = app
        self.presentation = presentation
        self.timing = timing
    }

    /// The app and the focus now, as the app holds them (what the screen shows once every change landed).
    public var screen: AppScreen { AppScreen(app, focus: focus) }

    /// Busy while a change is landing: a gesture through the declared API waits for it (XCUITest waits
    /// for the app to idle before an event); a snapshot does not.
    public var isBusy: Bool { isChanging }

    /// Whether a change is still landing on screen.
    public var isChanging: Bool {
        guard let change else { return false }
        return Simulation.now - change.start < timing.latency + timing.animation
    }

    /// What the screen shows now: `screen` once every change landed; before, the old presentation with the
    /// new texts (`nil` while the app is not on screen yet).
    public var shownScreen: AppScreen? {
        guard isRunning else { return nil }
        guard let change, isChanging, Simulation.now - change.start < timing.latency else { return screen }
        guard let from = change.from else { return nil }
        var early = screen
        early.document = screen.document.presenting(like: from.document)
        early.doneButton = from.doneButton
        early.cancelButton = from.cancelButton
        return early
    }

    /// The tree now, before it becomes `SimulatedElement`s.
    public var tree: ScreenNode {
        let bounds = CGRect(origin: .zero, size: presentation.screen)
        let notRunning = ScreenNode(.application, label: app.name, frame: bounds)
        guard isRunning else { return notRunning }
        guard let change, isChanging else { return presentation.render(screen) }
        let elapsed = Simulation.now - change.start
        guard elapsed >= timing.latency else { return shownScreen.map(presentation.render) ?? notRunning }
        let progress = timing.animation > 0 ? CGFloat((elapsed - timing.latency) / timing.animation) : 1
        return animated(from: change.from, to: screen, progress: progress)
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
        let before = landed
        if texts.isEmpty { app.launch() } else { app.launch(opening: texts) }
        focus = nil
        isRunning = true
        begin(from: before)
    }

    public func tap(at point: CGPoint) {
        let before = landed
        defer { begin(from: before) }
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
        case .listControl(let name):
            listTaps.append(name)
            return ignore("tap at \(point): \(name) of the screen behind the form")
        }
        dropFocusWhenCovered()
    }

    public func swipe(from point: CGPoint, direction: SimulatedSwipe) {
        let before = landed
        defer { begin(from: before) }
        guard direction == .down else { return ignore("swipe \(direction) at \(point): only a swipe down dismisses") }
        guard app.document.dialog == nil else { return ignore("swipe down at \(point): a dialog is in front") }
        guard HitTesting.swipeDownDismisses(at: point, in: tree) else {
            return ignore("swipe down at \(point): not on the form's sheet")
        }
        app.swipeDown()
        dropFocusWhenCovered()
    }

    public func typeText(_ text: String) {
        let before = landed
        defer { begin(from: before) }
        guard let focus, let field = app.document.field(focus), screen.showsKeyboard else {
            return ignore("typeText: no field has keyboard focus")
        }
        app.setText(TextEntry.apply(text, to: field.text, capitalisingSentences: field.capitalisesSentences), of: focus)
    }

    public func screenshotPNG() -> Data {
        screenshots += 1
        let shown = shownScreen
        let screen = shown ?? self.screen
        let words = shown?.summary(dialogs: presentation.dialogStyle) ?? "not running"
        return ScreenshotPNG.encode(
            description: "conform simulator \(presentation.name) shot \(screenshots): \(words)", colour: screen.colour)
    }

    // MARK: - Private

    /// The screen as it stands once the change under way has landed (a new gesture lands it at once: the
    /// simulator does not stack animations); `nil` while the app is not running.
    private var landed: AppScreen? {
        isRunning ? screen : nil
    }

    /// Starts the change from `before` to the app's screen now, when they differ.
    private func begin(from before: AppScreen?) {
        let after = landed
        guard after != before else { return }
        change = Change(from: before, start: Simulation.now)
    }

    /// The tree part-way (`progress` from 0 to 1) through the change from `from` to `to`: a dialog slides
    /// up into place or down out of it, the form slides up when it appears and down when it goes.
    private func animated(from: AppScreen?, to: AppScreen, progress: CGFloat) -> ScreenNode {
        let height = presentation.screen.height
        let isDialog: (ScreenNode) -> Bool = { $0.kind == .sheet || $0.kind == .popover }
        let isForm: (ScreenNode) -> Bool = { $0.swipeDownDismisses }
        let wasShown = from.map { !$0.document.isDismissed } ?? false
        if !to.document.isDismissed, !wasShown {
            return presentation.render(to).moving(by: (1 - progress) * height, where: isForm)
        }
        if to.document.isDismissed, wasShown, let from {
            var leaving = to
            leaving.document = to.document.presenting(like: from.document)
            leaving.doneButton = from.doneButton
            leaving.cancelButton = from.cancelButton
            return presentation.render(leaving).moving(by: progress * height, where: { isForm($0) || isDialog($0) })
        }
        if let from, from.document.dialog == nil, to.document.dialog != nil {
            return presentation.render(to).moving(by: (1 - progress) * height / 3, where: isDialog)
        }
        if let from, from.document.dialog != nil, to.document.dialog == nil {
            var closing = to
            closing.document = to.document.presenting(like: from.document)
            return presentation.render(closing).moving(by: progress * height / 3, where: isDialog)
        }
        return presentation.render(to)
    }

    /// A dialog or a dismissal takes the keyboard away (the field resigns first responder).
    private func dropFocusWhenCovered() {
        if app.document.dialog != nil || app.document.isDismissed { focus = nil }
    }

    private func ignore(_ why: String) {
        ignored.append(why)
    }
}
