import Foundation

/// One element of the simulated screen, before it becomes a `SimulatedElement`: the presentations build
/// these, the device hit-tests them. Kinds are named as `XCUIElement.ElementType` names them.
public struct ScreenNode: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case application, window, other, navigationBar, button, staticText, textField, table, cell,
            collectionView, sheet, popover, keyboard, key, searchField, segmentedControl, toolbar
    }

    /// What a tap on the node (or on a node inside it that does nothing itself) does.
    public enum TapAction: Equatable, Sendable {
        case barButton(BarButton)
        /// Gives the field keyboard focus.
        case focus(field: String)
        /// The field's clear button: empties it.
        case clear(field: String)
        /// The dialog's action at this index.
        case dialogAction(Int)
        /// The popover's dismiss region: iOS runs the dialog's cancel action.
        case dismissDialog
        /// A control of the list screen behind the form (its search's Cancel, a scope bar segment, a split
        /// view's bar button): the app does nothing with it, the device notes that it was tapped.
        case listControl(String)
    }

    public var kind: Kind
    public var identifier: String
    public var label: String
    public var value: String?
    public var placeholder: String?
    public var isEnabled: Bool
    public var hasFocus: Bool
    public var frame: CGRect
    public var children: [ScreenNode]
    public var tap: TapAction?
    /// A swipe down that starts here (and in no node inside with its own answer) tries to dismiss the form.
    public var swipeDownDismisses: Bool

    public init(
        _ kind: Kind, identifier: String = "", label: String = "", value: String? = nil, placeholder: String? = nil,
        isEnabled: Bool = true, hasFocus: Bool = false, frame: CGRect, tap: TapAction? = nil,
        swipeDownDismisses: Bool = false, children: [ScreenNode] = []
    ) {
        self.kind = kind
        self.identifier = identifier
        self.label = label
        self.value = value
        self.placeholder = placeholder
        self.isEnabled = isEnabled
        self.hasFocus = hasFocus
        self.frame = frame
        self.tap = tap
        self.swipeDownDismisses = swipeDownDismisses
        self.children = children
    }

    /// This node and every node inside it, depth first, in tree order.
    public var all: [ScreenNode] { [self] + children.flatMap(\.all) }

    /// The node with every node inside it for which `moves` holds (and what is inside those) moved down by
    /// `dy` points: a presentation part-way through its animation.
    public func moving(by dy: CGFloat, where moves: (ScreenNode) -> Bool) -> ScreenNode {
        var node = self
        if moves(self) { return node.offset(by: dy) }
        node.children = children.map { $0.moving(by: dy, where: moves) }
        return node
    }

    private func offset(by dy: CGFloat) -> ScreenNode {
        var node = self
        node.frame = frame.offsetBy(dx: 0, dy: dy)
        node.children = children.map { $0.offset(by: dy) }
        return node
    }
}
