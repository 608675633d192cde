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
/// observes after every action, checks the trace so far against the policy, and throws
/// `XCUIScenarioDeparture` at the first step that departs (with the policy's expected and the observed
/// values). The trace is written under `folder` whatever happens, so `conform run` can report it.
@MainActor
public final class XCUIScenario {
    /// The policy the scenario was planned from, which the trace claims.
    public let policy: Policy
    /// The policies the trace is checked against.
    public let library: PolicyLibrary
    /// The recorder underneath: the trace so far, the app, the observer.
    public let recorder: XCUITraceRecorder
    /// The form's fields when it opens.
    public let form: [String: Value]
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

    /// Where traces go: `CONFORM_TRACES_DIR` when set, else `conform-traces` in the temporary folder.
    public static var defaultFolder: URL {
        if let folder = ProcessInfo.processInfo.environment["CONFORM_TRACES_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true).appendingPathComponent("conform-traces")
    }

    /// Opens the form (`open`) and records what it shows first.
    /// - Parameters:
    ///   - id: the trace id; the trace is written to `folder/ID.yaml`, its screenshots to `folder/ID/`.
    ///   - title: what the scenario shows (`title:`).
    ///   - policyID: the policy the scenario was planned from, which the trace claims.
    ///   - form: the form's fields when it opens (`form:`).
    ///   - app: the app under test, launched.
    ///   - options: how the screen is read (the fields' identifiers, the form's identifier).
    ///   - folder: where the trace and its screenshots go (`defaultFolder` unless given).
    ///   - library: the policies the trace is checked against: the built-in ones unless given.
    ///   - open: the team's function that brings the app to the form.
    /// - Throws: `XCUIScenarioError.unknownPolicy`, whatever `open` throws, or a departure at the first look.
    public init(
        trace id: String, title: String, policy policyID: String, form: [String: Value], app: XCUIApplication,
        options: ScreenObserver.Options, folder: URL = XCUIScenario.defaultFolder, library: PolicyLibrary = .builtIn(),
        open: @escaping (XCUIApplication) throws -> Void
    ) throws {
        guard let policy = library.policy(id: policyID) else { throw XCUIScenarioError.unknownPolicy(policyID) }
        self.policy = policy
        self.library = library
        self.form = form
        self.open = open
        recorder = XCUITraceRecorder(
            trace: id, title: title, app: app, screen: ActionAlphabet.screen, claims: [policyID], form: form,
            observer: ScreenObserver(options: options), traceFile: folder.appendingPathComponent(id + ".yaml"),
            screenshots: folder.appendingPathComponent(id, isDirectory: true))
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

    /// Taps the bar button labelled `label` (through SwiftUI's wrappers too), or else the button so
    /// labelled anywhere: `tap: LABEL`.
    public func tap(_ label: String) throws {
        try step {
            do {
                try recorder.tapBarButton(label)
            } catch XCUIRecordingError.noBarButton {
                try recorder.tap(recorder.app.buttons[label])
            }
        }
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

    /// Writes the trace and checks it whole.
    /// - Returns: the check, which holds (a departure was thrown earlier).
    @discardableResult
    public func finish() throws -> TraceCheck {
        try recorder.write()
        return try checkSoFar()
    }

    // MARK: - Private

    /// Performs `action`, then checks the trace so far; at a departure writes the trace and throws.
    private func step(_ action: () throws -> Void) throws {
        try action()
        let check = try checkSoFar()
        guard check.passed else {
            try? recorder.write()
            throw XCUIScenarioDeparture(check: check, traceFile: recorder.traceFile.path)
        }
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
/// fails there. Its description is what `conform run` prints for the broken claim.
public struct XCUIScenarioDeparture: Error, CustomStringConvertible {
    /// The check of the trace up to the departing step: its verdict, departure and words.
    public let check: TraceCheck
    /// Where the trace was written.
    public let traceFile: String

    /// The departing step (1-based).
    public var step: Int? { check.departure?.step }

    /// What `conform run` prints for the broken claim (its summary when it prints nothing).
    public var description: String { check.report.isEmpty ? check.summary : check.report }
}

/// What stops a generated scenario before the app is judged.
public enum XCUIScenarioError: Error, CustomStringConvertible {
    /// No loaded policy has this id.
    case unknownPolicy(String)
    /// The form has no field of that name in `observerOptions.fields`.
    case unknownField(String)
    /// A step XCUITest cannot perform here.
    case unsupported(String)
    /// The trace so far could not be read back (a value the trace format cannot hold).
    case unreadable(String)

    /// What stopped the scenario, in a sentence for the test's failure.
    public var description: String {
        switch self {
        case .unknownPolicy(let id): return "no policy '\(id)' is loaded"
        case .unknownField(let name):
            return "observerOptions.fields names no field '\(name)': add .init(\"\(name)\", identifier: ...) for its text field"
        case .unsupported(let step): return "'\(step)' cannot be performed by XCUITest here"
        case .unreadable(let reason): return "the trace so far cannot be read back: \(reason)"
        }
    }
}
