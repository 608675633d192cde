import Foundation

extension Presentation {
    /// The list screen that presented the form: behind the form's sheet while it is open, alone once it
    /// is dismissed. Its one row shows what the app's store holds for the first field, so a screenshot
    /// tells a saved edit from a discarded one. Bars and list as this presentation draws them.
    func listScreen(_ screen: AppScreen) -> ScreenNode {
        let bounds = CGRect(origin: .zero, size: self.screen)
        let barFrame = CGRect(x: 0, y: statusBar, width: bounds.width, height: 96)
        let title = ScreenNode(
            .staticText, label: screen.listTitle, frame: CGRect(x: 16, y: barFrame.minY + 52, width: 200, height: 40.7))
        let bar = ScreenNode(.navigationBar, identifier: screen.listTitle, frame: barFrame, children: [title])
        let listFrame = CGRect(x: 0, y: barFrame.maxY, width: bounds.width, height: bounds.height - barFrame.maxY)
        let stored = screen.document.fields.first.flatMap { screen.document.stored[$0.identifier] } ?? ""
        let cellFrame = CGRect(x: 0, y: listFrame.minY + 10, width: bounds.width, height: 44)
        let row = ScreenNode(
            .cell, frame: cellFrame,
            children: [ScreenNode(.staticText, label: stored, frame: cellFrame.insetBy(dx: 20, dy: 11))])
        let list = ScreenNode(formList == .table ? .table : .collectionView, frame: listFrame, children: [row])
        return ScreenNode(.other, frame: bounds, children: [bar, list])
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
