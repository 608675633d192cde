/// One element of a UI snapshot and its subtree: the shape of XCUITest's `XCUIElementSnapshot`, so that the
/// mapping to observations can be tested without a device. `ElementSnapshot` (JSON fixtures) and the iOS
/// adapter in `ConformXCUITest` conform to it.
public protocol UIElementSnapshot {
    /// The element's type (`XCUIElement.ElementType`).
    var elementType: UIElementKind { get }
    /// The accessibility identifier; empty when none is set.
    var identifier: String { get }
    /// The accessibility label; empty when none is set.
    var label: String { get }
    /// The value as text (a text field's text, a label's value), `nil` when the element has none.
    var value: String? { get }
    /// The placeholder of a text field or view; XCUITest reports it as the value while the field is empty.
    var placeholderValue: String? { get }
    /// Whether the element is enabled.
    var isEnabled: Bool { get }
    /// The frame in screen coordinates, in points.
    var frame: UIRect { get }
    /// The child elements, in the order the snapshot gives them.
    var children: [any UIElementSnapshot] { get }
}

extension UIElementSnapshot {
    /// No placeholder unless the conforming type says otherwise.
    public var placeholderValue: String? { nil }

    /// The element's descendants (not itself), depth first, parents before their children.
    public var descendants: [any UIElementSnapshot] {
        var result: [any UIElementSnapshot] = []
        // An explicit stack rather than recursion: a snapshot's depth is not ours to bound.
        var stack: [any UIElementSnapshot] = children.reversed()
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }

    /// The text the element shows: its label, or its value when the label is empty.
    public var text: String {
        label.isEmpty ? (value ?? "") : label
    }
}

/// A rectangle in points, as `CGRect` gives it (no CoreGraphics on Linux).
public struct UIRect: Hashable, Sendable {
    /// The left edge, in points.
    public var x: Double
    /// The top edge, in points.
    public var y: Double
    /// The width, in points.
    public var width: Double
    /// The height, in points.
    public var height: Double

    /// The rectangle with this origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = UIRect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge: `x`.
    public var minX: Double { x }
    /// The top edge: `y`.
    public var minY: Double { y }
    /// The right edge: `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge: `y + height`.
    public var maxY: Double { y + height }

    /// Whether the two rectangles share an area (touching edges do not count).
    public func intersects(_ other: UIRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
