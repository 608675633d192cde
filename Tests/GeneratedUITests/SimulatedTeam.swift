import ConformCore
import ConformRecording
import ConformXCUITest
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// The simulated clock is the recorder's clock here: waiting moves `Simulation.now`, not real time.
extension SimulatedClock: SettleClock {}

/// The team's side of the generated UI tests, as a team would write it for the simulated device: each
/// `openForm` launches the app that follows the policy (or the one `SimulatedRun` says) on the chosen
/// presentation, its title field opening on the plan's value; each `observerOptions` names the field and
/// the form by the identifiers the simulated apps set; each `scenarioOptions` names the app and screen,
/// reads `saved` from the list row behind the form (`item-title`), and waits on the simulated clock.
@MainActor
enum SimulatedRun {
    /// Where the generated suites run by default: the iOS 26 iPhone (popover dialogs).
    static var presentation: Presentation = .iOS26iPhone
    /// Which app a policy's suite drives: the one that follows it, unless a test says otherwise.
    static var app: (String) -> any FormApp = { SimulatedApps.following($0) ?? SimulatedApps.broken() }
    /// The wait after each action: the recorder's default, on the simulated clock.
    static var settle: () -> Settle = { Settle(clock: SimulatedClock()) }
    /// Whether the team's extension says how `saved` is read (the list row's text).
    static var checksSaved = true
    /// The devices of the scenarios run so far, last first: what the tests look into afterwards.
    static var devices: [FormAppDevice] = []
    /// The device of the scenario under way and the app instance it belongs to (held, so that its identity
    /// is not reused by the next scenario's): `present` reopens the same app (with what its store holds), a
    /// new scenario gets a new device.
    private static var current: (app: XCUIApplication, device: FormAppDevice)?

    /// The text field the plan's `title` is: the first field of the app that follows the policy.
    static func titleField(_ policy: String) -> String {
        Self.app(policy).document.fields.first?.identifier ?? "title-field"
    }

    static func open(_ app: XCUIApplication, policy: String, form: [String: Value]) throws {
        var texts: [String: String] = [:]
        if case .string(let title)? = form["title"] { texts[titleField(policy)] = title }
        if let current, current.app === app {
            // Reopened: the app shows what it stored.
            for (identifier, text) in current.device.app.document.stored { texts[identifier] = text }
        } else {
            let device = FormAppDevice(app: Self.app(policy), presentation: presentation)
            current = (app, device)
            devices.insert(device, at: 0)
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

    static func scenarioOptions(for policy: String) -> XCUIScenario.Options {
        let app = Self.app(policy)
        return XCUIScenario.Options(
            app: app.name, screen: app.formTitle, platform: presentation.platform, device: presentation.device,
            saved: checksSaved ? .row("item-title", shows: "title") : nil, settle: settle())
    }
}

extension AppleRemindersConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension AppleContactsConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension AppleCalendarConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension AppleSampleConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension OneHandedConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension MakeitsoConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension SwiftuiDismissDisabledConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}

extension TeamDraftsConformanceTests {
    func openForm(_ app: XCUIApplication) throws { try SimulatedRun.open(app, policy: Self.policy, form: Self.form) }
    var observerOptions: ScreenObserver.Options { SimulatedRun.options(for: Self.policy) }
    var scenarioOptions: XCUIScenario.Options { SimulatedRun.scenarioOptions(for: Self.policy) }
}
