import Foundation

extension Presentation {
    /// The form's sheet: its navigation bar (Cancel, title, Done or the app's own title for it) and the list of cells holding the fields.
    /// A swipe down anywhere on it is an interactive dismissal attempt (the form's list is scrolled to the top).
    func formSheet(_ screen: AppScreen) -> ScreenNode {
        var bar: [ScreenNode] = []
        if let cancel = screen.cancelButton {
            let frame = CGRect(x: formBar.minX + 8, y: formBar.minY + 6, width: 70, height: 44)
            bar += barButton("Cancel", state: cancel, frame: frame, tap: .barButton(.cancel))
        }
        let titleWidth = CGFloat(screen.formTitle.count) * 9
        bar.append(
            ScreenNode(
                .staticText, label: screen.formTitle,
                frame: CGRect(x: formBar.midX - titleWidth / 2, y: formBar.minY + 17.7, width: titleWidth, height: 20.3)))
        if let done = screen.doneButton {
            let frame = CGRect(x: formBar.maxX - 8 - 60, y: formBar.minY + 6, width: 60, height: 44)
            bar += barButton(screen.doneTitle, state: done, frame: frame, tap: .barButton(.done))
        }
        let navigationBar = ScreenNode(.navigationBar, identifier: screen.formTitle, frame: formBar, children: bar)
        let listFrame = CGRect(x: formSheet.minX, y: formBar.maxY, width: formSheet.width, height: formSheet.height - formBar.height)
        let cells = screen.document.fields.enumerated().map { index, field in
            fieldCell(field, row: index, in: listFrame, focused: screen.focus == field.identifier)
        }
        let list = ScreenNode(
            formList == .table ? .table : .collectionView, identifier: screen.formIdentifier, frame: listFrame, children: cells)
        return ScreenNode(.other, frame: formSheet, swipeDownDismisses: true, children: [navigationBar, list])
    }

    /// A bar button as UIKit (directly in the bar, identifier == label) or SwiftUI (wrapped twice, no
    /// identifier) exposes it.
    private func barButton(_ title: String, state: BarButtonState, frame: CGRect, tap: ScreenNode.TapAction) -> [ScreenNode] {
        let enabled = state == .enabled
        switch bars {
        case .uiKit:
            return [ScreenNode(.button, identifier: title, label: title, isEnabled: enabled, frame: frame, tap: tap)]
        case .swiftUI:
            let button = ScreenNode(.button, label: title, isEnabled: enabled, frame: frame, tap: tap)
            return [ScreenNode(.other, label: title, frame: frame, children: [ScreenNode(.other, frame: frame, children: [button])])]
        }
    }

    /// One cell with its text field. An empty field reports its placeholder as its value, as XCUITest
    /// does; a focused, non-empty field shows UIKit's "Clear text" button at its right edge
    /// (IOS-UI-TREES.md §3: "Tapping near a text field's right edge hits its clear button").
    private func fieldCell(_ field: FormField, row: Int, in list: CGRect, focused: Bool) -> ScreenNode {
        // UIKit's grouped table spans the width; SwiftUI's inset-grouped list sits 16 pt in from each side.
        let inset: CGFloat = formList == .table ? 0 : 16
        let cell = CGRect(x: list.minX + inset, y: list.minY + 35 + CGFloat(row) * 44, width: list.width - 2 * inset, height: 44)
        let frame = CGRect(x: cell.minX + 20, y: cell.minY, width: cell.width - 40, height: cell.height)
        var inside: [ScreenNode] = []
        if focused, !field.text.isEmpty {
            inside.append(
                ScreenNode(
                    .button, label: "Clear text", frame: CGRect(x: frame.maxX - 30, y: frame.minY, width: 30, height: frame.height),
                    tap: .clear(field: field.identifier)))
        }
        let textField = ScreenNode(
            .textField, identifier: field.identifier, value: field.text.isEmpty ? field.placeholder : field.text,
            placeholder: field.placeholder, hasFocus: focused, frame: frame, tap: .focus(field: field.identifier), children: inside)
        return ScreenNode(.cell, frame: cell, children: [textField])
    }
}
