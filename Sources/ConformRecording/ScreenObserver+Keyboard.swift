extension ScreenObserver {
    /// A text control's geometry when it has focus, for the keyboard vocabulary's `focus` step.
    public struct Focus: Hashable, Sendable {
        /// The control's `frame.maxY` in screen coordinates.
        public var bottom: Double
        /// `textField` for a text field (plain, secure or search), `textView` for anything else.
        public var kind: String
    }

    /// The height of the software keyboard on screen (its frame's height), 0 when there is none; for
    /// `keyboard-show: { height: H }`.
    public func keyboardHeight(in root: any UIElementSnapshot) -> Double {
        ([root] + root.descendants).first(where: { $0.elementType == .keyboard })?.frame.height ?? 0
    }

    /// The height of the first window, or of the root when the snapshot has no window; for `layout.window`.
    public func windowHeight(in root: any UIElementSnapshot) -> Double {
        (([root] + root.descendants).first(where: { $0.elementType == .window }) ?? root).frame.height
    }

    /// The bottom and kind of the text control with this identifier, `nil` when it is not on screen.
    public func focus(of identifier: String, in root: any UIElementSnapshot) -> Focus? {
        let controls: Set<UIElementKind> = [.textField, .secureTextField, .searchField, .textView]
        guard
            let control = ([root] + root.descendants).first(where: {
                $0.identifier == identifier && controls.contains($0.elementType)
            })
        else { return nil }
        let kind = control.elementType == .textView ? "textView" : "textField"
        return Focus(bottom: control.frame.maxY, kind: kind)
    }

    /// The `frame.maxY` of the text control with this identifier, `nil` when it is not on screen.
    public func focusBottom(of identifier: String, in root: any UIElementSnapshot) -> Double? {
        focus(of: identifier, in: root)?.bottom
    }
}
