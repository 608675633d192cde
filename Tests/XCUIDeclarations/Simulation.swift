import Foundation

// The simulated device behind the declared API. Everything here is `@_spi(Simulation)`: a test that
// drives a simulated app imports it with `@_spi(Simulation) import XCUIDeclarations`; the adapter does
// not, so it can use only what a real XCUITest offers.

/// A fake device running one application. The declared API reads its tree and sends it gestures;
/// what the app does with them (hit-testing, focus, autocorrection) is the device's business.
@_spi(Simulation) @MainActor
public protocol SimulatedDevice: AnyObject {
    /// The whole tree as it is now; the root is the application element.
    var root: SimulatedElement { get }
    /// `XCUIApplication.launch()`.
    func launch(arguments: [String], environment: [String: String])
    /// A tap at a point on the screen, in points; the device finds what is under it.
    func tap(at point: CGPoint)
    /// A swipe starting at `point` (XCUITest swipes from the element's centre).
    func swipe(from point: CGPoint, direction: SimulatedSwipe)
    /// Keys typed into the element that has keyboard focus (`XCUIKeyboardKey.delete` deletes one character).
    func typeText(_ text: String)
    /// A real PNG of the screen as it is now.
    func screenshotPNG() -> Data
}

/// The direction of `SimulatedDevice.swipe(from:direction:)`.
@_spi(Simulation)
public enum SimulatedSwipe: String, Sendable, CaseIterable {
    case up, down, left, right
}

/// The simulation's global state, as XCUITest's is global: one device, and the failures a real
/// XCUITest would have failed the test with.
@_spi(Simulation)
public enum Simulation {
    /// The device the declared API talks to; `nil` means no device (every use is then a failure).
    @MainActor public static var device: (any SimulatedDevice)?
    /// What a real XCUITest would have failed the test with, in order.
    @MainActor public static var failures: [String] = []

    /// Records a failure (what XCUITest would report through XCTFail).
    @MainActor static func fail(_ message: String) {
        failures.append(message)
    }
}

/// One element of the simulated tree: what the device shows, and (copied) what `snapshot()` returns.
///
/// The device builds and changes these; the declared API resolves queries against them at each use.
@_spi(Simulation) @MainActor
public final class SimulatedElement: XCUIElementSnapshot {
    public var elementType: XCUIElement.ElementType
    public var identifier: String
    public var label: String
    public var title: String
    public var value: Any?
    public var placeholderValue: String?
    public var frame: CGRect
    public var isEnabled: Bool
    public var isSelected: Bool
    public var hasFocus: Bool
    public var horizontalSizeClass: XCUIElement.SizeClass
    public var verticalSizeClass: XCUIElement.SizeClass
    /// The children, in order (front to back as the tree lists them).
    public var elements: [SimulatedElement]

    public init(
        _ elementType: XCUIElement.ElementType, identifier: String = "", label: String = "", title: String = "",
        value: Any? = nil, placeholderValue: String? = nil, frame: CGRect = .zero, isEnabled: Bool = true,
        isSelected: Bool = false, hasFocus: Bool = false, horizontalSizeClass: XCUIElement.SizeClass = .unspecified,
        verticalSizeClass: XCUIElement.SizeClass = .unspecified, children: [SimulatedElement] = []
    ) {
        self.elementType = elementType
        self.identifier = identifier
        self.label = label
        self.title = title
        self.value = value
        self.placeholderValue = placeholderValue
        self.frame = frame
        self.isEnabled = isEnabled
        self.isSelected = isSelected
        self.hasFocus = hasFocus
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.elements = children
    }

    public var children: [any XCUIElementSnapshot] { elements }

    public var dictionaryRepresentation: [XCUIElement.AttributeName: Any] {
        var dictionary: [XCUIElement.AttributeName: Any] = [
            .elementType: elementType.rawValue, .identifier: identifier, .label: label, .title: title,
            .frame: frame, .enabled: isEnabled, .selected: isSelected, .hasFocus: hasFocus,
            .horizontalSizeClass: horizontalSizeClass.rawValue, .verticalSizeClass: verticalSizeClass.rawValue,
            .children: elements.map(\.dictionaryRepresentation),
        ]
        if let value { dictionary[.value] = value }
        if let placeholderValue { dictionary[.placeholderValue] = placeholderValue }
        return dictionary
    }

    /// A deep copy: a snapshot keeps what was on screen when it was taken, whatever the device does next.
    public func copy() -> SimulatedElement {
        SimulatedElement(
            elementType, identifier: identifier, label: label, title: title, value: value,
            placeholderValue: placeholderValue, frame: frame, isEnabled: isEnabled, isSelected: isSelected,
            hasFocus: hasFocus, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
            children: elements.map { $0.copy() })
    }

    /// The element's descendants (not itself), depth first, parents before their children.
    public var descendants: [SimulatedElement] {
        var result: [SimulatedElement] = []
        // An explicit stack: the tree's depth is the device's, not ours to bound.
        var stack: [SimulatedElement] = elements.reversed()
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.elements.reversed())
        }
        return result
    }

    /// The centre of the frame: where XCUITest taps an element.
    public var centre: CGPoint {
        CGPoint(x: frame.midX, y: frame.midY)
    }
}
