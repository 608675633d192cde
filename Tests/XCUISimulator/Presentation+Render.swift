import Foundation

extension Presentation {
    /// The whole element tree for `screen`: the Application, its main window (the list screen, the form's
    /// sheet over it while it is open, a dialog over that) and, while a field has focus, a second window
    /// holding the keyboard (IOS-UI-TREES.md §3: "The keyboard is a `Keyboard` element in another top-level
    /// `Window`").
    public func render(_ screen: AppScreen) -> ScreenNode {
        let bounds = CGRect(origin: .zero, size: self.screen)
        var main = [listScreen(screen)]
        if !screen.document.isDismissed {
            main.append(formSheet(screen))
            if let dialog = screen.document.dialog { main += dialogNodes(dialog) }
        }
        var windows = [ScreenNode(.window, frame: bounds, children: main)]
        if screen.showsKeyboard { windows.append(keyboardWindow()) }
        return ScreenNode(.application, label: screen.appName, frame: bounds, children: windows)
    }

    /// The form's navigation bar on this presentation (a swipe-triggered popover hangs below it).
    var formBar: CGRect { CGRect(x: formSheet.minX, y: formSheet.minY, width: formSheet.width, height: 56) }
}
