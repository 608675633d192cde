import ConformCore
import ConformKit
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

/// One scenario of a UI test that `conform generate ID --format xcuitest` wrote: it opens the form
/// through the team's function, performs each planned action on the app through `XCUITraceRecorder`,
/// waits after every action for the screen to settle on what the policy predicts (`Settle`), checks the
/// trace so far against the policy, and throws `XCUIScenarioDeparture` at the first step that departs
/// (with the policy's expected and the observed values, and how long it waited). The trace is written
/// under the folder and attached to the test result whatever happens, so `conform run` can report it.
@MainActor
public final class XCUIScenario {
    /// What the team's extension may set besides the observer's options (`scenarioOptions` in a
    /// generated test): what the trace names, how `saved` is read, how long to wait, where traces go.
    @MainActor
    public struct Options {
        /// The trace's `app:`; left out when `nil`.
        public var app: String?
        /// The trace's `screen:`, e.g. `Edit item`; left out when `nil`.
        public var screen: String?
        /// The trace's `platform:`; by default the device's system and version (`iOS 26.1`).
        public var platform: String?
        /// The trace's `device:`; left out when `nil`.
        public var device: String?
        /// How `saved` is read; `nil`: not checked, and the trace says so.
        public var saved: SavedCheck?
        /// How long to wait for the screen after each action; `CONFORM_SETTLE_TIMEOUT` overrides the timeout.
        public var settle: Settle
        /// Whether the trace and its screenshots are attached to the test result (`XCTAttachment`, kept always).
        public var attachTraces: Bool
        /// Where the trace and its screenshots are written.
        public var folder: URL

        /// Options for a generated test; each part left out has its default.
        public init(
            app: String? = nil, screen: String? = nil, platform: String? = nil, device: String? = nil, saved: SavedCheck? = nil,
            settle: Settle = Settle(), attachTraces: Bool = true, folder: URL = XCUIScenario.defaultFolder
        ) {
            self.app = app
            self.screen = screen
            self.platform = platform
            self.device = device
            self.saved = saved
            self.settle = settle
            self.attachTraces = attachTraces
            self.folder = folder
        }
    }

    /// The policy the scenario was planned from, which the trace claims.
    public let policy: Policy
    /// The policies the trace is checked against.
    public let library: PolicyLibrary
    /// The recorder underneath: the trace so far, the app, the observer.
    public let recorder: XCUITraceRecorder
    /// The form's fields when it opens.
    public let form: [String: Value]
    /// The scenario's options, with the timeout `CONFORM_SETTLE_TIMEOUT` gave.
    public let options: Options
    private let open: (XCUIApplication) throws -> Void
    /// What `swipe("down")` swipes: by default the last navigation bar in the tree, the front-most one (a
    /// presented sheet's, for an interactive dismissal; on iPad the screen behind has its own bar).
    public var swipeTarget: (XCUIApplication) -> XCUIElement = { app in
        let bars = app.navigationBars
        let count = bars.count
        return count > 0 ? bars.element(boundBy: count - 1) : bars.firstMatch
    }
    /// Counts the values `edit(_:)` types, so that each is new.
    private var freshValues = 0
    /// Whether the trace so far, before the `see` being waited for, conforms (by its number of steps):
    /// when it does not, there is no prediction to wait for.
    private var predictable: (steps: Int, conforms: Bool)?

    /// Where traces go: `CONFORM_TRACES_DIR` when set, else `conform-traces` in the temporary folder.
    public nonisolated static var defaultFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["CONFORM_TRACES_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent("conform-traces")
    }

    /// The note a trace gets when `saved` is not checked.
    public nonisolated static let savedNotCheckedNote =
        "saved is not checked: scenarioOptions.saved is not set (Docs/Recording.md, On a device, rule 4)"

    /// The library of the one policy whose text a generated test carries (`policyText`), loaded as
    /// `conform run --policies` loads a file named `file`.
    /// - Throws: `XCUIScenarioError.policyDoesNotLoad` with the first problem, when the text is no policy.
    public static func library(embedding text: String, file: String) throws -> PolicyLibrary {
        var library = PolicyLibrary(policies: [])
        library.add(bytes: Array(text.utf8), file: file)
        if let problem = library.diagnostics.first(where: { $0.severity == .error })
            ?? (library.policies.isEmpty ? library.diagnostics.first : nil)
        {
            throw XCUIScenarioError.policyDoesNotLoad(problem.formatted)
        }
        guard !library.policies.isEmpty else { throw XCUIScenarioError.policyDoesNotLoad("\(file): no policy in it") }
        return library
    }

    /// Opens the form (`open`), waits for it, and records what it shows first.
    /// - Parameters:
    ///   - id: the trace id; the trace is written to `FOLDER/ID.yaml`, its screenshots to `FOLDER/ID/`.
    ///   - title: what the scenario shows (`title:`).
    ///   - policyID: the policy the scenario was planned from, which the trace claims.
    ///   - form: the form's fields when it opens (`form:`).
    ///   - app: the app under test, launched.
    ///   - options: how the screen is read (the fields' identifiers, the form's identifier, `titles`).
    ///   - scenarioOptions: what the trace names, how `saved` is read, the wait, the folder.
    ///   - library: the policies the trace is checked against: the built-in ones unless given.
    ///   - open: the team's function that brings the app to the form.
    /// - Throws: `XCUIScenarioError.unknownPolicy` or `.badSettleTimeout`, whatever `open` throws, or a
    ///   departure at the first look.
    public init(
        trace id: String, title: String, policy policyID: String, form: [String: Value], app: XCUIApplication,
        options: ScreenObserver.Options, scenarioOptions: Options = Options(), library: PolicyLibrary = .builtIn(),
        open: @escaping (XCUIApplication) throws -> Void
    ) throws {
        guard let policy = library.policy(id: policyID) else { throw XCUIScenarioError.unknownPolicy(policyID) }
        var scenario = scenarioOptions
        if let seconds = try Settle.timeout(in: ProcessInfo.processInfo.environment) { scenario.settle.timeout = seconds }
        self.policy = policy
        self.library = library
        self.form = form
        self.open = open
        self.options = scenario
        let folder = scenario.folder
        recorder = XCUITraceRecorder(
            trace: id, title: title, app: app, appName: scenario.app, platform: scenario.platform, device: scenario.device,
            screen: scenario.screen, note: scenario.saved == nil ? Self.savedNotCheckedNote : nil, claims: [policyID], form: form,
            observer: ScreenObserver(options: options), traceFile: folder.appendingPathComponent(id + ".yaml"),
            screenshots: folder.appendingPathComponent(id, isDirectory: true))
        recorder.settle = scenario.settle
        let recorder = self.recorder
        if let check = scenario.saved {
            recorder.saved = { [unowned recorder] in check.value(for: recorder) }
            recorder.savedNote = { [unowned recorder] in check.note(for: recorder) }
        } else {
            recorder.savedNote = { "saved not checked: no scenarioOptions.saved" }
        }
        recorder.expected = { [unowned self] observation in self.agreesSoFar(with: observation) }
        try open(app)
        try step { try recorder.observe() }
    }

    // MARK: - Actions, each observed and checked

    /// Types `text` into the field named `field` (`options.fields`): `edit: { FIELD: TEXT }`.
    public func edit(_ field: String, to text: String) throws {
        let element = try fieldElement(field)
        try step { try recorder.edit(element, name: field, text: text) }
    }

    /// Types a value the field never held: `edit: { FIELD: … }` with the text typed.
    public func edit(_ field: String) throws {
        freshValues += 1
        try edit(field, to: "conform value \(freshValues)")
    }

    /// Taps the button the policy's label `label` names in a bar of the front-most screen (through
    /// SwiftUI's wrappers too; by `titles` in another language), or else such a button anywhere in front:
    /// `tap: LABEL`.
    public func tap(_ label: String) throws {
        try step { try recorder.tapButton(label) }
    }

    /// Swipes the form down (`swipeTarget`), as a person dismissing the sheet does: `swipe: down`.
    public func swipe(_ direction: String) throws {
        guard direction == "down" else { throw XCUIScenarioError.unsupported("swipe: \(direction)") }
        try step { try recorder.swipeDown(swipeTarget(recorder.app)) }
    }

    /// Chooses the sheet action titled `title` (a tap outside a popover for a cancel action without a
    /// button): `choose: TITLE` or `tap-outside: sheet`.
    public func choose(_ title: String, role: SheetRole? = nil) throws {
        try step { try recorder.choose(title, role: role) }
    }

    /// Chooses the sheet action of `role` where the policy leaves its title open (Apple's apps): the
    /// title is the one the last `see` showed at the policy's position for that role.
    public func choose(role: SheetRole) throws {
        let title = try shownTitle(of: role)
        try choose(title ?? PolicySimulator.placeholderTitle(for: role), role: role)
    }

    /// Opens the form again (`present: SCREEN`), through the team's function.
    public func present(_ screen: String?) throws {
        try step {
            try open(recorder.app)
            recorder.recorder.present(screen)
            try recorder.observe()
        }
    }

    /// Writes the trace (and attaches it to the test result) and checks it whole.
    /// - Returns: the check, which holds (a departure was thrown earlier).
    @discardableResult
    public func finish() throws -> TraceCheck {
        defer { attachIfAsked() }
        try recorder.write()
        return try checkSoFar()
    }

    // MARK: - Private

    /// Performs `action`, then checks the trace so far; at a departure, or when the action throws, writes
    /// and attaches the trace so far before throwing.
    private func step(_ action: () throws -> Void) throws {
        do {
            try action()
        } catch {
            keep()
            throw error
        }
        let check = try checkSoFar()
        guard check.passed else {
            keep()
            // The wait is worth telling when the departure is at the `see` just waited for, or at the action
            // before it (the checker names the action whose outcome the screen did not show).
            let steps = recorder.recorder.trace.steps
            let waitedFor =
                steps.last.map { step -> Bool in
                    guard case .see = step.kind else { return false }
                    return (check.departure?.step ?? 0) >= steps.count - 1
                } ?? false
            throw XCUIScenarioDeparture(check: check, traceFile: recorder.traceFile.path, settle: waitedFor ? recorder.lastSettle : nil)
        }
    }

    /// Writes the trace so far, and attaches it, so that a failing test still leaves it behind.
    private func keep() {
        try? recorder.write()
        attachIfAsked()
    }

    private func attachIfAsked() {
        if options.attachTraces { recorder.attach() }
    }

    /// Whether the trace so far, with `observation` as its next `see`, still conforms; `nil` when the trace
    /// before it departs already (there is no prediction to wait for then).
    private func agreesSoFar(with observation: Observation) -> Bool? {
        let steps = recorder.recorder.trace.steps.count
        if predictable?.steps != steps {
            // An empty trace is not checked (it has nothing to conform with); its first `see` is predicted.
            predictable = (steps, steps == 0 || ((try? checkSoFar().passed) ?? false))
        }
        guard predictable?.conforms == true else { return nil }
        var trial = recorder.recorder
        trial.see(observation)
        return (try? trial.check(against: policy.id, in: library).passed) ?? false
    }

    private func checkSoFar() throws -> TraceCheck {
        do {
            return try recorder.recorder.check(against: policy.id, in: library)
        } catch {
            throw XCUIScenarioError.unreadable(error.description)
        }
    }

    private func fieldElement(_ field: String) throws -> XCUIElement {
        guard let identifier = recorder.observer.options.fields.first(where: { $0.name == field })?.identifier else {
            throw XCUIScenarioError.unknownField(field)
        }
        // The text control itself, not a cell or wrapper that carries the same identifier.
        let app = recorder.app
        for controls in [app.textFields, app.secureTextFields, app.textViews, app.searchFields] {
            let control = controls.matching(identifier: identifier).firstMatch
            if control.exists { return control }
        }
        return app.descendants(matching: .any).matching(identifier: identifier).firstMatch
    }

    /// The title the latest `see` gave the action at `role`'s place in the policy's sheet now.
    private func shownTitle(of role: SheetRole) throws -> String? {
        guard let seen = latestSheet(), case .details(_, _, let actions?, let outside) = seen else { return nil }
        let simulator = PolicySimulator(policy: policy, form: form)
        var configuration = simulator.start(observing: false)
        for step in recorder.recorder.trace.steps {
            guard case .action(let action) = step.kind else { continue }
            if let move = simulator.perform(action, from: configuration, observing: false) { configuration = move.configuration }
        }
        guard let predicted = simulator.prediction(configuration).items.first(where: { $0.key == "sheet" }),
            case .sheet(.details(_, _, let specs?, _)) = predicted.value
        else { return nil }
        let buttons = outside ? specs.filter { $0.role != .cancel } : specs
        guard buttons.count == actions.count, let index = buttons.firstIndex(where: { $0.role == role }) else { return nil }
        return actions[index].title
    }

    private func latestSheet() -> SheetObservation? {
        for step in recorder.recorder.trace.steps.reversed() {
            guard case .see(let observation) = step.kind else { continue }
            if case .sheet(let sheet)? = observation.items.first(where: { $0.key == "sheet" })?.value { return sheet }
        }
        return nil
    }
}

/// The first step at which the app departed from the policy: thrown by `XCUIScenario`, so the UI test
/// fails there. Its description is what `conform run` prints for the broken claim, then, when the step
/// is the `see` just waited for, how long conform waited for the screen.
public struct XCUIScenarioDeparture: Error, CustomStringConvertible {
    /// The check of the trace up to the departing step: its verdict, departure and words.
    public let check: TraceCheck
    /// Where the trace was written.
    public let traceFile: String
    /// How the wait before the departing `see` ended, when the departure is at that `see`.
    public let settle: SettleOutcome?

    /// A departure found by `check`, whose trace is at `traceFile`.
    public init(check: TraceCheck, traceFile: String, settle: SettleOutcome? = nil) {
        self.check = check
        self.traceFile = traceFile
        self.settle = settle
    }

    /// The departing step (1-based).
    public var step: Int? { check.departure?.step }

    /// What `conform run` prints for the broken claim (its summary when it prints nothing), and how long
    /// conform waited for the screen before that `see`.
    public var description: String {
        let report = check.report.isEmpty ? check.summary : check.report
        guard let settle else { return report }
        return report + (report.hasSuffix("\n") ? "" : "\n") + "    waited: " + settle.description
    }
}

/// What stops a generated scenario before the app is judged.
public enum XCUIScenarioError: Error, Equatable, CustomStringConvertible {
    /// No loaded policy has this id.
    case unknownPolicy(String)
    /// The form has no field of that name in `observerOptions.fields`.
    case unknownField(String)
    /// A step XCUITest cannot perform here.
    case unsupported(String)
    /// The trace so far could not be read back (a value the trace format cannot hold).
    case unreadable(String)
    /// `CONFORM_SETTLE_TIMEOUT` is not a number of seconds.
    case badSettleTimeout(String)
    /// The policy text a generated test carries does not load (the first problem, located).
    case policyDoesNotLoad(String)

    /// What stopped the scenario, in a sentence for the test's failure.
    public var description: String {
        switch self {
        case .unknownPolicy(let id): return "no policy '\(id)' is loaded"
        case .unknownField(let name):
            return "observerOptions.fields names no field '\(name)': add .init(\"\(name)\", identifier: ...) for its text field"
        case .unsupported(let step): return "'\(step)' cannot be performed by XCUITest here"
        case .unreadable(let reason): return "the trace so far cannot be read back: \(reason)"
        case .badSettleTimeout(let text):
            return "\(Settle.timeoutVariable) is '\(text)', not a number of seconds: give one such as 3 or 0.5 (0: one snapshot at once)"
        case .policyDoesNotLoad(let problem):
            return "the policy this test carries does not load: \(problem); regenerate the test from the policy file"
        }
    }
}
