import ConformCore

extension ScreenObserver {
    /// The action sheet or alert on screen: `.none` when there is none, else its title, message and actions.
    /// In a popover (iOS 26 iPhone, iPad) the actions are the buttons shown, and `outsideCancels` says when
    /// the cancel action has none and a tap outside runs it (`sheetIsCancelledOutside(in:)`).
    public func sheet(in root: any UIElementSnapshot) -> SheetObservation {
        sheet(in: screen(of: root))
    }

    /// Whether the sheet on screen is cancelled by a tap outside it (`outside: cancel` in a trace): it is shown
    /// in a popover, a `PopoverDismissRegion` is on screen, and no button shown took the cancel role. So iOS 26
    /// on iPhone and every iPad show a confirmation dialog: the cancel action's button is dropped, and a tap
    /// on the dismiss region runs it.
    public func sheetIsCancelledOutside(in root: any UIElementSnapshot) -> Bool {
        let screen = screen(of: root)
        guard let dialog = screen.dialog else { return false }
        return isCancelledOutside(dialog, actions: actions(of: dialog), on: screen)
    }

    func sheet(in screen: Screen) -> SheetObservation {
        guard let dialog = screen.dialog else { return .none }
        let sheet = dialog.element
        let inside = sheet.descendants
        let buttons = Self.displayOrder(inside.filter { $0.elementType == .button })
        // A button's own text is its title, not the sheet's: leave out the texts inside buttons.
        let buttonTexts = Set(buttons.flatMap { $0.descendants.map(Self.key) })
        let texts = Self.displayOrder(
            inside.filter { $0.elementType == .staticText && !buttonTexts.contains(Self.key($0)) }
        )
        .map(\.text).filter { !$0.isEmpty }
        let (title, message) = titleAndMessage(label: sheet.label, texts: texts)
        let actions = actions(of: dialog)
        return .details(
            title: title, message: message, actions: SheetActions(actions),
            outsideCancels: isCancelledOutside(dialog, actions: actions, on: screen))
    }

    func isCancelledOutside(_ dialog: Screen.Dialog, actions: [SheetActionObservation], on screen: Screen) -> Bool {
        dialog.element.elementType == .sheet && dialog.inPopover && screen.hasDismissRegion
            && !actions.contains { $0.role == .cancel }
    }

    // MARK: - Private

    /// The sheet's label is its title when it has one (UIKit labels an alert with its title). Otherwise two
    /// texts are title and message, and one text is what `loneSheetText` says.
    private func titleAndMessage(label: String, texts: [String]) -> (TextObservation?, TextObservation?) {
        if !label.isEmpty {
            let rest = texts.filter { $0 != label }
            return (.text(label), rest.first.map(TextObservation.text) ?? .absent)
        }
        switch texts.count {
        case 0: return (.absent, .absent)
        case 1:
            switch options.loneSheetText {
            case .unknown: return (nil, nil)
            case .title: return (.text(texts[0]), .absent)
            case .message: return (.absent, .text(texts[0]))
            }
        default: return (.text(texts[0]), .text(texts[1]))
        }
    }

    /// The dialog's buttons in display order, each with the role `options.role` gives it.
    private func actions(of dialog: Screen.Dialog) -> [SheetActionObservation] {
        let container = dialog.element.elementType
        let buttons = Self.displayOrder(dialog.element.descendants.filter { $0.elementType == .button })
        return buttons.enumerated().map { index, button in
            let apart =
                container == .sheet && !dialog.inPopover && index == buttons.count - 1 && index > 0
                && button.frame.minY - buttons[index - 1].frame.maxY >= Self.apartGap
            let title = options.title(of: button)
            let described = SheetButton(
                title: title, identifier: button.identifier, frame: button.frame, index: index, count: buttons.count,
                container: container, isSetApart: apart, isInPopover: dialog.inPopover)
            return SheetActionObservation(title: title, role: options.role(described), position: .start)
        }
    }

    /// Top to bottom, then left to right; elements less than a point apart vertically share a row.
    static func displayOrder(_ elements: [any UIElementSnapshot]) -> [any UIElementSnapshot] {
        elements.enumerated().sorted { a, b in
            let (ya, yb) = (a.element.frame.minY, b.element.frame.minY)
            if abs(ya - yb) >= 1 { return ya < yb }
            if a.element.frame.minX != b.element.frame.minX { return a.element.frame.minX < b.element.frame.minX }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Enough to tell one element from another within a sheet.
    private static func key(_ element: any UIElementSnapshot) -> String {
        "\(element.elementType.rawValue)|\(element.identifier)|\(element.label)|\(element.value ?? "")|\(element.frame)"
    }
}
