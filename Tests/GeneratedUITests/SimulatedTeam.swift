import ConformCore
import ConformRecording
import ConformXCUITest
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// The team's side of the generated UI tests, as a team would write it for the simulated device: each
/// `openForm` launches the app that follows the policy (or the one `SimulatedRun` says) on the chosen
/// presentation, its title field opening on the plan's value; each `observerOptions` names the field and
/// the form by the identifiers the simulated apps set.
@MainActor
enum SimulatedRun {
    /// Where the generated suites run when `swift test` finds them: the iOS 26 iPhone (popover dialogs).
    static var presentation: Presentation = .iOS26iPhone
    /// Which app a policy's suite drives: the one that follows it, unless a test says otherwise.
    static var app: (String) -> any FormApp = { SimulatedApps.following($0) ?? SimulatedApps.broken() }
    /// The device of the scenario under way and the app instance it belongs to: `present` reopens the
    /// same app (with what its store holds), a new scenario gets a new device.
    private static var current: (app: ObjectIdentifier, device: FormAppDevice)?

    /// The text field the plan's `title` is: the first field of the app that follows the policy.
    static func titleField(_ policy: String) -> String {
        Self.app(policy).document.fields.first?.identifier ?? "title-field"
    }

    static func open(_ app: XCUIApplication, policy: String, form: [String: Value]) throws {
        var texts: [String: String] = [:]
        if case .string(let title)? = form["title"] { texts[titleField(policy)] = title }
        if let current, current.app == ObjectIdentifier(app) {
            // Reopened: the app shows what it stored.
            for (identifier, text) in current.device.app.document.stored { texts[identifier] = text }
        } else {
            let device = FormAppDevice(app: Self.app(policy), presentation: presentation)
            current = (ObjectIdentifier(app), device)
            Simulation.device = device
            Simulation.failures = []
        }
        app.launchArguments = texts.sorted { $0.key < $1.key }.flatMap { ["-conformText", "\($0.key)=\($0.value)"] }
        app.launch()
    }

    static func options(for policy: String) -> ScreenObserver.Options {
        let app = Self.app(policy)
        return ScreenObserver.Options(
            done: .label(app.doneTitle), formRoot: .identifier(app.formIdentifier),
            fields: [.init("title", identifier: titleField(policy))])
    }
}

extension AppleRemindersConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension AppleContactsConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension AppleCalendarConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension AppleSampleConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension OneHandedConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension MakeitsoConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}

extension SwiftuiDismissDisabledConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
}
