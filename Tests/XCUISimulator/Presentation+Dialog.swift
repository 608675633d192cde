import Foundation

extension Presentation {
    /// The dialog's nodes, in front of the form: a bottom action sheet, or a dismiss region and a popover.
    func dialogNodes(_ dialog: Dialog) -> [ScreenNode] {
        switch dialogStyle {
        case .bottomSheet: return [bottomSheet(dialog)]
        case .popover: return [dismissRegion(), popover(dialog)]
        }
    }

    /// An iOS 18 iPhone action sheet: title and message on top, the actions in the order the app adds
    /// them, 57 pt rows, and the cancel action alone at the bottom, 8 pt below the others (the observer
    /// tells it by that gap). The sheet's label is its title. Synthetic: no public dump shows a `Sheet`.
    private func bottomSheet(_ dialog: Dialog) -> ScreenNode {
        let x: CGFloat = 8
        let width = screen.width - 16
        let row: CGFloat = 57
        let cancel = dialog.cancelIndex.map { dialog.actions[$0] }
        let others = dialog.actions.enumerated().filter { $0.element.role != .cancel }
        var bottom = screen.height - bottomInset
        var buttons: [ScreenNode] = []
        if let cancel, let index = dialog.cancelIndex {
            let frame = CGRect(x: x, y: bottom - row, width: width, height: row)
            buttons.append(actionButton(cancel.title, index: index, frame: frame))
            bottom = frame.minY - 8
        }
        let groupTop = bottom - CGFloat(others.count) * row
        for (position, (index, action)) in others.enumerated() {
            let frame = CGRect(x: x, y: groupTop + CGFloat(position) * row, width: width, height: row)
            buttons.insert(actionButton(action.title, index: index, frame: frame), at: position)
        }
        let texts = headerTexts(dialog, x: x + 16, width: width - 32, bottom: groupTop)
        let top = texts.first.map { $0.frame.minY - 14 } ?? groupTop
        let frame = CGRect(x: x, y: top, width: width, height: screen.height - bottomInset - top)
        return ScreenNode(.sheet, label: dialog.title ?? "", frame: frame, children: texts + buttons)
    }

    /// The full-screen region behind a popover: a tap on it runs the dialog's cancel action
    /// (IOS-UI-TREES.md §2: identifier `PopoverDismissRegion`, label "dismiss popup"; an `Other` on iOS 26,
    /// a `Button` before, §4).
    private func dismissRegion() -> ScreenNode {
        ScreenNode(
            dismissRegionKind, identifier: "PopoverDismissRegion", label: "dismiss popup", frame: CGRect(origin: .zero, size: screen),
            tap: .dismissDialog)
    }

    /// An iOS 26 / iPad popover, 240 pt wide, anchored below what the person touched: a `Sheet` labelled
    /// with the title, holding the title and message texts and only the non-cancel actions
    /// (IOS-UI-TREES.md §2). Rows of 44 pt; the anchors are synthetic.
    private func popover(_ dialog: Dialog) -> ScreenNode {
        let width: CGFloat = 240
        let x: CGFloat
        switch dialog.source {
        case .cancelButton: x = formBar.minX + 8
        case .doneButton: x = formBar.maxX - 8 - width
        case .swipe: x = formBar.midX - width / 2
        }
        let top = formBar.maxY + 4
        let texts = headerTexts(dialog, x: x + 16, width: width - 32, top: top + 14)
        var y = texts.last.map { $0.frame.maxY + 14 } ?? top
        var buttons: [ScreenNode] = []
        for (index, action) in dialog.actions.enumerated() where action.role != .cancel {
            buttons.append(actionButton(action.title, index: index, frame: CGRect(x: x, y: y, width: width, height: 44)))
            y += 44
        }
        let frame = CGRect(x: x, y: top, width: width, height: y - top)
        let sheet = ScreenNode(.sheet, label: dialog.title ?? "", frame: frame, children: texts + buttons)
        return ScreenNode(.popover, frame: frame, children: [sheet])
    }

    private func actionButton(_ title: String, index: Int, frame: CGRect) -> ScreenNode {
        ScreenNode(.button, label: title, frame: frame, tap: .dialogAction(index))
    }

    /// The title (20 pt) and message (18 pt) texts, ending 14 pt above `bottom`.
    private func headerTexts(_ dialog: Dialog, x: CGFloat, width: CGFloat, bottom: CGFloat) -> [ScreenNode] {
        let height = headerTexts(dialog, x: x, width: width, top: 0).last?.frame.maxY ?? 0
        return headerTexts(dialog, x: x, width: width, top: bottom - 14 - height)
    }

    /// The title (20 pt) and message (18 pt) texts, stacked downwards from `top`.
    private func headerTexts(_ dialog: Dialog, x: CGFloat, width: CGFloat, top: CGFloat) -> [ScreenNode] {
        var y = top
        var texts: [ScreenNode] = []
        if let title = dialog.title {
            texts.append(ScreenNode(.staticText, label: title, frame: CGRect(x: x, y: y, width: width, height: 20)))
            y += 24
        }
        if let message = dialog.message {
            texts.append(ScreenNode(.staticText, label: message, frame: CGRect(x: x, y: y, width: width, height: 18)))
        }
        return texts
    }
}
