import ConformCore
import ConformReports
import Foundation

/// Builds a trace step by step, as a test or a recording tool watches a screen, and writes it in the
/// canonical trace format (`yaml()`), which `conform run` reads back as the same trace.
///
/// ```swift
/// var recorder = TraceRecorder(trace: "reminders-swipe-after-edit", app: "Reminders", claims: ["apple-reminders"],
///                              form: ["title": "Milk"])
/// recorder.see(.done(.disabled), .cancel(.absent))
/// recorder.edit(["title": "Milk and eggs"])
/// recorder.swipe()
/// ```
///
/// Every step method takes an optional `note`, `at` (seconds since the trace began) and `evidence`
/// (a screenshot's path, relative to the trace file).
public struct TraceRecorder: Sendable {
    /// The trace recorded so far: its header and steps (`trace.steps`).
    public private(set) var trace: Trace

    /// Starts a trace with its header and no step.
    /// - Parameters:
    ///   - id: the trace id (`trace:`).
    ///   - title: what the trace shows, in a few words (`title:`).
    ///   - app: the app recorded (`app:`).
    ///   - platform: the system and its version, e.g. `iOS 17.4` (`platform:`).
    ///   - device: the device, e.g. `iPhone 15` (`device:`).
    ///   - screen: the screen recorded, e.g. `Edit reminder` (`screen:`).
    ///   - recorded: when it was recorded, e.g. `2026-11-25` (`recorded:`).
    ///   - note: anything a reader should know (`note:`).
    ///   - claims: the ids of the policies the app claims to follow there (`policy:`).
    ///   - form: the form's fields and their values when it opens (`form:`).
    ///   - settings: how the screen is configured, e.g. `["interactiveDismissDisabled": true]` (`settings:`).
    public init(
        trace id: String, title: String? = nil, app: String? = nil, platform: String? = nil, device: String? = nil,
        screen: String? = nil, recorded: String? = nil, note: String? = nil, claims: [String] = [], form: [String: Value] = [:],
        settings: [String: Value] = [:]
    ) {
        trace = Trace(
            id: id, file: ClaimWording.unwrittenTrace(id), title: title, app: app, platform: platform, device: device, screen: screen,
            recorded: recorded, note: note, claims: claims.map { Claim(policy: $0, position: .start) }, form: form, settings: settings,
            steps: [])
    }

    /// The path of the trace's file, which messages about the trace name: set by `write(to:)`, or set it to
    /// the file the trace will be written to. Until then it is `<trace 'ID', not written>` (the compiler's form
    /// for text without a file, like `<stdin>`), so that no message names a file that does not exist.
    public var file: String {
        get { trace.file }
        set { trace.file = newValue }
    }

    /// Continues a trace that was loaded or recorded before; messages name its `file`.
    public init(continuing trace: Trace) {
        self.trace = trace
    }

    // MARK: - Any step

    /// Appends a step of any kind; the other methods are shorthands for it.
    public mutating func record(_ kind: Step.Kind, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        trace.steps.append(
            Step(number: trace.steps.count + 1, position: .start, kind: kind, note: note, at: at, evidence: evidence))
    }

    /// Removes the last step (a recording tool's undo).
    public mutating func removeLastStep() {
        _ = trace.steps.popLast()
    }

    // MARK: - Form actions (the fixed vocabulary)

    /// `edit: { FIELD: VALUE, ... }`: the user set these fields to these values, in this order.
    public mutating func edit(_ fields: KeyValuePairs<String, Value>, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.edit(FieldEdits(fields.map { FieldEdit(field: $0.key, value: $0.value) }))), note: note, at: at, evidence: evidence)
    }

    /// `edit: FIELD`: the user changed FIELD to some new value (one that differs from its opening value).
    public mutating func edit(_ field: String, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.edit([FieldEdit(field: field, value: nil)])), note: note, at: at, evidence: evidence)
    }

    /// `tap: LABEL`: a visible button tapped by its label.
    public mutating func tap(_ label: String, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.tap(label)), note: note, at: at, evidence: evidence)
    }

    /// `swipe: down`: an attempt to dismiss the sheet by swiping it.
    public mutating func swipe(_ direction: String = "down", note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.swipe(direction)), note: note, at: at, evidence: evidence)
    }

    /// `choose: TITLE`: the action so titled in the visible action sheet or confirmation dialog.
    public mutating func choose(_ title: String, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.choose(title)), note: note, at: at, evidence: evidence)
    }

    /// `tap-outside: PLACE`: a tap outside the visible sheet, which runs its cancel action. On iOS 26
    /// iPhones and on iPad a confirmation dialog is a popover with no Cancel button: this is how it is cancelled.
    public mutating func tapOutside(_ place: String? = "sheet", note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.tapOutside(place)), note: note, at: at, evidence: evidence)
    }

    /// `present: SCREEN`: the form was (re)opened.
    public mutating func present(_ screen: String? = nil, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.present(screen)), note: note, at: at, evidence: evidence)
    }

    // MARK: - Keyboard actions (Docs/KeyboardVocabulary.md)

    /// `layout: { window: W, offset: O, inset: I }`: the geometry as it is now.
    /// `content` (optional): the scroll view's `contentSize.height`, which iq-keyboard-manager clamps the
    /// offset to on a hide.
    public mutating func layout(
        window: Double, offset: Double, inset: Double, content: Double? = nil, note: String? = nil, at: Double? = nil,
        evidence: String? = nil
    ) {
        var arguments = [NamedValue(name: "window", value: .number(window)), NamedValue(name: "offset", value: .number(offset))]
        arguments.append(NamedValue(name: "inset", value: .number(inset)))
        if let content { arguments.append(NamedValue(name: "content", value: .number(content))) }
        record(.action(.custom(verb: "layout", argument: .record(arguments))), note: note, at: at, evidence: evidence)
    }

    /// The kind of control that became first responder.
    public enum FocusKind: String, Sendable {
        /// A one-line text field (`UITextField`).
        case textField
        /// A multi-line text view (`UITextView`).
        case textView
    }

    /// `focus: { bottom: B, kind: K }`: a control became first responder; B is its frame's maxY in the window.
    /// `top` (optional): its minY below IQKeyboardManager's top layout guide (Docs/KeyboardVocabulary.md).
    public mutating func focus(
        bottom: Double, kind: FocusKind = .textField, top: Double? = nil, note: String? = nil, at: Double? = nil, evidence: String? = nil
    ) {
        var arguments = [NamedValue(name: "bottom", value: .number(bottom)), NamedValue(name: "kind", value: .symbol(kind.rawValue))]
        if let top { arguments.append(NamedValue(name: "top", value: .number(top))) }
        record(.action(.custom(verb: "focus", argument: .record(arguments))), note: note, at: at, evidence: evidence)
    }

    /// `keyboard-show: { height: H }`: a will-show notification; 0 for a hardware keyboard.
    public mutating func keyboardShow(height: Double, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("keyboard-show", ["height": .number(height)], note: note, at: at, evidence: evidence)
    }

    /// `keyboard-hide:`: a will-hide notification.
    public mutating func keyboardHide(note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("keyboard-hide", note: note, at: at, evidence: evidence)
    }

    // MARK: - Disclosure actions (Docs/DisclosureVocabulary.md)

    /// `show: { collapsed: BOOL }`: the list appears.
    public mutating func show(collapsed: Bool, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("show", ["collapsed": .bool(collapsed)], note: note, at: at, evidence: evidence)
    }

    /// `resize: { collapsed: BOOL }`: a size transition begins, towards this state.
    public mutating func resize(collapsed: Bool, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("resize", ["collapsed": .bool(collapsed)], note: note, at: at, evidence: evidence)
    }

    /// `resize-end:`: the size transition's completion ran.
    public mutating func resizeEnd(note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("resize-end", note: note, at: at, evidence: evidence)
    }

    /// `scroll:`: the visible rows were configured anew.
    public mutating func scroll(note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        act("scroll", note: note, at: at, evidence: evidence)
    }

    // MARK: - Any policy-defined verb

    /// `VERB: { NAME: VALUE, ... }` (or `VERB:` without arguments), for vocabularies a policy defines.
    public mutating func act(
        _ verb: String, _ arguments: KeyValuePairs<String, Value> = [:], note: String? = nil, at: Double? = nil, evidence: String? = nil
    ) {
        let argument: ActionArgument = arguments.isEmpty ? .none : .record(arguments.map { NamedValue(name: $0.key, value: $0.value) })
        record(.action(.custom(verb: verb, argument: argument)), note: note, at: at, evidence: evidence)
    }

    /// `VERB: VALUE`, for a policy-defined verb that takes one scalar.
    public mutating func act(_ verb: String, value: Value, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.action(.custom(verb: verb, argument: .scalar(value))), note: note, at: at, evidence: evidence)
    }

    // MARK: - Observations

    /// `see: { ... }`: what the screen showed, e.g. `see(.done(.enabled), .sheet(.none))`.
    public mutating func see(_ items: Seen..., note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        see(Observation(items: items.map(\.item)), note: note, at: at, evidence: evidence)
    }

    /// `see: { ... }`: an observation made elsewhere, e.g. by `ScreenObserver` from a UI snapshot.
    public mutating func see(_ observation: Observation, note: String? = nil, at: Double? = nil, evidence: String? = nil) {
        record(.see(observation), note: note, at: at, evidence: evidence)
    }

    // MARK: - Output

    /// The trace in the canonical trace-format-1 YAML.
    public func yaml() -> String {
        TraceWriter.yaml(trace)
    }

    /// Writes the YAML to `path`, whole or not at all (a temporary file, then a rename).
    ///
    /// It is `mutating` because it changes one thing: once the file is written, `file` becomes `path`, so
    /// that `check(against:)`, ``TraceCheck/report`` and test failures name the file written, at the line
    /// of the departing step in it. The steps are not changed; writing again rewrites the file whole.
    /// - Throws: the file system's error when the file cannot be written; `file` is then left as it was.
    public mutating func write(to path: String) throws {
        try AtomicFile.write(yaml(), to: path)
        file = path
    }
}
