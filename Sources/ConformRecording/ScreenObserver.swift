import ConformCore

/// Turns one UI snapshot into the observation of a `see` step. Pure and deterministic: the same snapshot
/// and options always give the same observation, and nothing is read but the snapshot.
public struct ScreenObserver: Sendable {
    /// What is recorded and where it is looked for.
    public var options: Options

    /// An observer with these options (by default, those of a UIKit or SwiftUI edit form).
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The observation of `root` (the application's snapshot), with the keys of `options.keys` in order.
    ///
    /// A key is left out when the screen cannot show it: `form` without a configured field on screen,
    /// `saved` when `saved` is `nil`, `done` and `cancel` when a dialog is shown and no bar is in the snapshot
    /// (the form's bar is hidden behind the dialog, not gone). Once the form is dismissed (and `dismissed` is
    /// asked for) only `dismissed` and `saved` are recorded, because nothing else of the form is left to see.
    /// - Parameters:
    ///   - root: the application's snapshot (`XCUIApplication.snapshot()`, or an `ElementSnapshot`).
    ///   - saved: whether the app persisted the edits; the UI cannot show it, the test supplies it.
    /// - Throws: `ScreenObserverError` when a debug hook or the disclosure cells asked for are not there.
    public func observe(_ root: any UIElementSnapshot, saved: Bool? = nil) throws(ScreenObserverError) -> Observation {
        let screen = screen(of: root)
        let everything = screen.everything
        let gone = options.keys.contains(.dismissed) && isDismissed(screen)
        let barsHidden = screen.dialog != nil && screen.bars.isEmpty
        var items: [ObservedItem] = []
        func add(_ key: ObservationKey, _ value: ObservedValue) {
            items.append(ObservedItem(key: key.rawValue, value: value, position: .start))
        }
        for key in options.keys {
            if gone, key != .dismissed, key != .saved { continue }
            switch key {
            case .done: if !barsHidden { add(key, .scalar(buttonState(options.doneMatch, in: screen))) }
            case .cancel: if !barsHidden { add(key, .scalar(buttonState(options.cancelMatch, in: screen))) }
            case .sheet: add(key, .sheet(sheet(in: screen)))
            case .dismissed: add(key, .scalar(.bool(gone)))
            case .form:
                let fields = formFields(in: screen.front)
                if !fields.isEmpty { add(key, .fields(ObservedFields(fields))) }
            case .saved:
                if let saved { add(key, .scalar(.bool(saved))) }
            case .offset: add(key, .scalar(.number(try hook(options.offsetHook, key: key, in: everything))))
            case .inset: add(key, .scalar(.number(try hook(options.insetHook, key: key, in: everything))))
            case .indicators: add(key, .scalar(.bool(try indicators(in: everything, root: root))))
            }
        }
        return Observation(items: items)
    }

    /// `enabled`, `disabled` or `absent`: the first button matching `match` inside a bar matching `options.bars`
    /// that nothing presents over (`barButton(_:in:)`).
    public func buttonState(_ match: ElementMatch, in root: any UIElementSnapshot) -> Value {
        buttonState(match, in: screen(of: root))
    }

    /// Whether the form is gone from `root`.
    ///
    /// Never while an action sheet, an alert or a popover dialog is shown: iOS shows a dialog over the form,
    /// and a snapshot may leave out what is behind it. Otherwise, with `options.formRoot`, gone when no
    /// element matches it. Without it the form is guessed: gone when no bar holds the `done` or the `cancel`
    /// button and no configured field (`options.fields`) is on screen.
    public func isDismissed(_ root: any UIElementSnapshot) -> Bool {
        isDismissed(screen(of: root))
    }

    // MARK: - Internal

    /// The snapshot read once, with the bars and the form the options name.
    func screen(of root: any UIElementSnapshot) -> Screen {
        Screen(root, bars: options.bars, formRoot: options.formRoot)
    }

    /// The first button matching `match` in a bar of the front-most presentation. Only a button: a SwiftUI
    /// wrapper `Other` carries the same label and is not the button. Never a segment of a segmented control
    /// (a scope bar's), nor a button on a search field's row in the same bar (an active search's Cancel).
    func barButton(_ match: ElementMatch, in screen: Screen) -> (any UIElementSnapshot)? {
        for bar in screen.bars {
            var stack: [any UIElementSnapshot] = bar.children.reversed()
            var searchFields: [UIRect] = []
            var buttons: [any UIElementSnapshot] = []
            // Walked by hand so that a segmented control's buttons can be left out with it.
            while let element = stack.popLast() {
                switch element.elementType {
                case .segmentedControl: continue
                case .searchField: searchFields.append(element.frame)
                case .button: buttons.append(element)
                default: break
                }
                stack.append(contentsOf: element.children.reversed())
            }
            let found = buttons.first { button in
                let middle = button.frame.minY + button.frame.height / 2
                return match.matches(button) && !searchFields.contains { $0.minY <= middle && middle <= $0.maxY }
            }
            if let found { return found }
        }
        return nil
    }

    // MARK: - Private

    private func buttonState(_ match: ElementMatch, in screen: Screen) -> Value {
        guard let button = barButton(match, in: screen) else { return .symbol("absent") }
        return .symbol(button.isEnabled ? "enabled" : "disabled")
    }

    private func isDismissed(_ screen: Screen) -> Bool {
        if screen.dialog != nil { return false }
        if let formRoot = options.formRoot { return !screen.everything.contains(where: formRoot.matches) }
        return barButton(options.doneMatch, in: screen) == nil && barButton(options.cancelMatch, in: screen) == nil
            && formFields(in: screen.front).isEmpty
    }

    /// The configured fields on screen, each with the text it shows; a field showing only its placeholder is "".
    private func formFields(in everything: [any UIElementSnapshot]) -> [NamedValue] {
        options.fields.compactMap { field in
            guard
                let element = everything.first(where: {
                    $0.identifier == field.identifier && Self.textKinds.contains($0.elementType)
                })
            else { return nil }
            var text = element.value ?? ""
            // XCUITest reports an empty field's placeholder as its value.
            if let placeholder = element.placeholderValue, text == placeholder { text = "" }
            return NamedValue(name: field.name, value: .string(text))
        }
    }

    private static let textKinds: Set<UIElementKind> = [.textField, .secureTextField, .textView, .searchField]

    private func hook(_ identifier: String?, key: ObservationKey, in everything: [any UIElementSnapshot])
        throws(ScreenObserverError) -> Double
    {
        let identifier = identifier ?? "(no \(key.rawValue)Hook set)"
        guard let element = everything.first(where: { $0.identifier == identifier }) else {
            throw .hookMissing(key: key.rawValue, identifier: identifier)
        }
        let text = (element.value ?? element.label).trimmingWhitespace
        guard let number = Double(text), number.isFinite else {
            throw .hookNotANumber(key: key.rawValue, identifier: identifier, value: element.value ?? element.label)
        }
        return number
    }

    private func indicators(in everything: [any UIElementSnapshot], root: any UIElementSnapshot)
        throws(ScreenObserverError) -> Bool
    {
        let screen = visibleArea(of: root)
        let cells = everything.filter {
            $0.elementType == .cell && $0.frame.intersects(screen) && options.disclosable($0)
        }
        guard !cells.isEmpty else { throw .noDisclosableCell }
        let shown = cells.filter(options.indicator)
        if shown.count == cells.count { return true }
        if shown.isEmpty { return false }
        let hidden = cells.filter { !options.indicator($0) }
        throw .indicatorsDisagree(shown: shown.map(Self.name), hidden: hidden.map(Self.name))
    }

    /// The first window's frame, else the root's: cells outside it are not visible.
    private func visibleArea(of root: any UIElementSnapshot) -> UIRect {
        ([root] + root.descendants).first(where: { $0.elementType == .window })?.frame ?? root.frame
    }

    private static func name(_ cell: any UIElementSnapshot) -> String {
        let text = cell.label.isEmpty ? cell.identifier : cell.label
        return text.isEmpty ? "a cell at y \(Value.format(cell.frame.minY))" : "'\(text)'"
    }
}
