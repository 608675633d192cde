import Foundation

/// Which node a touch lands on, as UIKit's `hitTest(_:with:)` decides: later siblings are in front of
/// earlier ones, children in front of their parent, and a node is entered only when its frame holds
/// the point. The result is the path from the root to the front-most, deepest node under the point.
/// A window none of whose children holds the point lets the touch through to the windows behind it:
/// the keyboard's window covers the screen but takes touches on the keyboard only.
enum HitTesting {
    static func path(to point: CGPoint, in node: ScreenNode) -> [ScreenNode] {
        guard node.frame.contains(point) else { return [] }
        for child in node.children.reversed() {
            let inner = path(to: point, in: child)
            if !inner.isEmpty { return [node] + inner }
        }
        return node.kind == .window ? [] : [node]
    }

    /// The tap action that answers a touch at `point`: the innermost node on the path that has one,
    /// with whether that node is enabled (a disabled button takes the touch and does nothing).
    static func tapAction(at point: CGPoint, in root: ScreenNode) -> (action: ScreenNode.TapAction, isEnabled: Bool)? {
        guard let node = path(to: point, in: root).last(where: { $0.tap != nil }), let action = node.tap else { return nil }
        return (action, node.isEnabled)
    }

    /// Whether a swipe down starting at `point` is an attempt to dismiss the form: the front-most node
    /// under the point is inside the form's sheet (not a dialog, its dismiss region or the keyboard,
    /// which sit in front of it).
    static func swipeDownDismisses(at point: CGPoint, in root: ScreenNode) -> Bool {
        path(to: point, in: root).contains { $0.swipeDownDismisses }
    }
}
