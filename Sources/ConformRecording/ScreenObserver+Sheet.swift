import ConformCore

extension ScreenObserver {
    /// The action sheet or alert on screen: `.none` when there is none, else its title, message and actions.
    public func sheet(in root: any UIElementSnapshot) -> SheetObservation {
        sheet(in: [root] + root.descendants)
    }

    func sheet(in everything: [any UIElementSnapshot]) -> SheetObservation {
        guard let sheet = everything.first(where: { $0.elementType == .sheet || $0.elementType == .alert }) else {
            return .none
        }
        let inside = sheet.descendants
        let buttons = Self.displayOrder(inside.filter { $0.elementType == .button })
        // A button's own text is its title, not the sheet's: leave out the texts inside buttons.
        let buttonTexts = Set(buttons.flatMap { $0.descendants.map(Self.key) })
        let texts = Self.displayOrder(inside.filter { $0.elementType == .staticText && !buttonTexts.contains(Self.key($0)) })
            .map(\.text).filter { !$0.isEmpty }
        let (title, message) = titleAndMessage(label: sheet.label, texts: texts)
        return .details(title: title, message: message, actions: actions(buttons, container: sheet.elementType))
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

    private func actions(_ buttons: [any UIElementSnapshot], container: UIElementKind) -> [SheetActionObservation] {
        buttons.enumerated().map { index, button in
            let apart =
                container == .sheet && index == buttons.count - 1 && index > 0
                && button.frame.minY - buttons[index - 1].frame.maxY >= Self.apartGap
            let title = button.label.isEmpty ? button.identifier : button.label
            let described = SheetButton(
                title: title, identifier: button.identifier, frame: button.frame, index: index, count: buttons.count,
                container: container, isSetApart: apart)
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
