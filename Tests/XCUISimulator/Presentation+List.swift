import Foundation

extension Presentation {
    /// The list screen that presented the form: behind the form's sheet while it is open, alone once it
    /// is dismissed. Its one row (a text identified `item-title`) shows what the app's store holds for the
    /// first field, so a screenshot, and a test's `saved` check, tell a saved edit from a discarded one.
    /// Bars and list as this presentation draws them, with controls named as the form's (`screenBehind`):
    /// an observer or a tap that reads the screen behind the form would take them for the form's.
    func listScreen(_ screen: AppScreen) -> ScreenNode {
        let bounds = CGRect(origin: .zero, size: self.screen)
        if screenBehind == .splitView {
            let primary = CGRect(x: 0, y: 0, width: 320, height: bounds.height)
            let secondary = CGRect(x: 320, y: 0, width: bounds.width - 320, height: bounds.height)
            return ScreenNode(
                .other, frame: bounds,
                children: [
                    column(primary, title: "Lists", screen, row: nil),
                    column(secondary, title: screen.listTitle, screen, row: storedRow(screen)),
                ])
        }
        return column(bounds, title: screen.listTitle, screen, row: storedRow(screen))
    }

    /// The text of the row that shows the store's value of the first field.
    private func storedRow(_ screen: AppScreen) -> String {
        screen.document.fields.first.flatMap { screen.document.stored[$0.identifier] } ?? ""
    }

    /// One screen or split-view column: its navigation bar, its list (one row when `row` is given), and
    /// the controls `screenBehind` puts there.
    private func column(_ frame: CGRect, title: String, _ screen: AppScreen, row: String?) -> ScreenNode {
        let barHeight: CGFloat = screenBehind == .splitView ? 50 : (screenBehind == .bottomSearch ? 96 : 140)
        let barFrame = CGRect(x: frame.minX, y: statusBar, width: frame.width, height: barHeight)
        var bar = [
            ScreenNode(.staticText, label: title, frame: CGRect(x: frame.minX + 16, y: barFrame.minY + 8, width: 200, height: 34))
        ]
        let fieldRow = CGRect(x: frame.minX + 16, y: barFrame.minY + 52, width: frame.width - 100, height: 36)
        switch screenBehind {
        case .activeSearch:
            bar.append(ScreenNode(.searchField, label: "Search", value: "mi", placeholder: "Search", frame: fieldRow))
            bar.append(
                ScreenNode(
                    .button, identifier: "Cancel", label: "Cancel",
                    frame: CGRect(x: fieldRow.maxX + 8, y: fieldRow.minY, width: 60, height: 36), tap: .listControl("search Cancel")))
        case .scopeBar:
            bar.append(ScreenNode(.searchField, label: "Search", placeholder: "Search", frame: fieldRow))
            let scope = CGRect(x: frame.minX + 16, y: fieldRow.maxY + 8, width: frame.width - 32, height: 32)
            let half = scope.width / 2
            bar.append(
                ScreenNode(
                    .segmentedControl, frame: scope,
                    children: [
                        ScreenNode(
                            .button, label: "All", frame: CGRect(x: scope.minX, y: scope.minY, width: half, height: 32),
                            tap: .listControl("scope All")),
                        ScreenNode(
                            .button, label: "Done", frame: CGRect(x: scope.minX + half, y: scope.minY, width: half, height: 32),
                            tap: .listControl("scope Done")),
                    ]))
        case .splitView where row != nil:
            bar.append(
                ScreenNode(
                    .button, identifier: "Cancel", label: "Cancel", isEnabled: false,
                    frame: CGRect(x: frame.minX + 8, y: barFrame.minY, width: 70, height: 50), tap: .listControl("split Cancel")))
        case .splitView, .bottomSearch: break
        }
        let navigationBar = ScreenNode(.navigationBar, identifier: title, frame: barFrame, children: bar)
        var bottom = frame.maxY
        var toolbar: ScreenNode?
        if screenBehind == .bottomSearch || (screenBehind == .splitView && row != nil) {
            let toolbarFrame = CGRect(x: frame.minX, y: frame.maxY - 84, width: frame.width, height: 84)
            bottom = toolbarFrame.minY
            let items: [ScreenNode]
            if screenBehind == .bottomSearch {
                let field = CGRect(x: frame.minX + 16, y: toolbarFrame.minY + 10, width: frame.width - 100, height: 48)
                let cancel = CGRect(x: field.maxX + 8, y: field.minY, width: 60, height: 48)
                let button = ScreenNode(.button, label: "Cancel", frame: cancel, tap: .listControl("search Cancel"))
                items = [
                    ScreenNode(.searchField, label: "Search", value: "mi", placeholder: "Search", frame: field),
                    ScreenNode(.other, label: "Cancel", frame: cancel, children: [ScreenNode(.other, frame: cancel, children: [button])]),
                ]
            } else {
                let done = CGRect(x: frame.maxX - 74, y: toolbarFrame.minY, width: 66, height: 50)
                items = [ScreenNode(.button, identifier: "Done", label: "Done", frame: done, tap: .listControl("toolbar Done"))]
            }
            toolbar = ScreenNode(.toolbar, frame: toolbarFrame, children: items)
        }
        let listFrame = CGRect(x: frame.minX, y: barFrame.maxY, width: frame.width, height: bottom - barFrame.maxY)
        let cellFrame = CGRect(x: frame.minX, y: listFrame.minY + 10, width: frame.width, height: 44)
        let text = row ?? "Groceries"
        let cell = ScreenNode(
            .cell, frame: cellFrame,
            children: [
                ScreenNode(.staticText, identifier: row == nil ? "" : "item-title", label: text, frame: cellFrame.insetBy(dx: 20, dy: 11))
            ])
        let list = ScreenNode(formList == .table ? .table : .collectionView, frame: listFrame, children: [cell])
        return ScreenNode(.other, frame: frame, children: [navigationBar, list] + (toolbar.map { [$0] } ?? []))
    }

    /// The keyboard's window. Keys are a sample (the top letter row); the controls are buttons, as they
    /// leak into `app.buttons` (SOURCES.md, "Keyboard (second-hand)": 'shift', 'Return', 'dictation').
    /// Synthetic: no public dump shows a `Keyboard`.
    func keyboardWindow() -> ScreenNode {
        let bounds = CGRect(origin: .zero, size: screen)
        let frame = CGRect(x: 0, y: screen.height - keyboardHeight, width: screen.width, height: keyboardHeight)
        let keyWidth = screen.width / 10
        let letters = "qwertyuiop".enumerated().map { index, letter in
            ScreenNode(
                .key, label: String(letter),
                frame: CGRect(x: CGFloat(index) * keyWidth, y: frame.minY + 8, width: keyWidth, height: 42))
        }
        let controls = ["shift", "delete", "dictation", "Return"].enumerated().map { index, name in
            ScreenNode(
                .button, identifier: name, label: name,
                frame: CGRect(x: CGFloat(index) * screen.width / 4, y: frame.minY + 120, width: screen.width / 4, height: 42))
        }
        let keyboard = ScreenNode(.keyboard, frame: frame, children: letters + controls)
        return ScreenNode(.window, frame: bounds, children: [ScreenNode(.other, frame: frame, children: [keyboard])])
    }
}
