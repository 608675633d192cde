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
    /// Whether a change is still landing on screen (an animation): XCUITest waits for the app to be idle
    /// before it sends an event, so the declared gestures and `launch()` wait while this is true (up to
    /// 10 s of the simulated clock). A snapshot does not wait: it may see the screen before a change lands.
    /// A default says never.
    var isBusy: Bool { get }
    /// The elements a touch at `point` goes through, from the root to the front-most, deepest element under
    /// it: what `isHittable` asks. A default hit-tests `root` as UIKit does (below).
    func hitPath(at point: CGPoint) -> [SimulatedElement]
}

extension SimulatedDevice {
    /// Never busy, unless the device says otherwise.
    public var isBusy: Bool { false }

    /// UIKit's `hitTest(_:with:)` over `root`: later siblings are in front of earlier ones, children in
    /// front of their parent, an element is entered only when its frame holds the point, and a window none
    /// of whose children holds the point lets the touch through to the windows behind it.
    public func hitPath(at point: CGPoint) -> [SimulatedElement] {
        Self.path(to: point, in: root)
    }

    private static func path(to point: CGPoint, in element: SimulatedElement) -> [SimulatedElement] {
        guard element.frame.contains(point) else { return [] }
        for child in element.elements.reversed() {
            let inner = path(to: point, in: child)
            if !inner.isEmpty { return [element] + inner }
        }
        return element.elementType == .window ? [] : [element]
    }
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
    /// The simulated clock, in seconds: it moves only when something waits (`waitForExistence`, or a
    /// test's own clock through `advance(by:)`), so that a test waits no real time and every run is the same.
    @MainActor public private(set) static var now: TimeInterval = 0
    /// How far `waitForExistence` moves the clock between two looks.
    @MainActor public static var pollInterval: TimeInterval = 0.05
    /// What the code under test attached to the test result (`XCTContext.runActivity`), in order, with the
    /// name of the activity each was added to.
    @MainActor public static var attachments: [(activity: String, attachment: XCTAttachment)] = []

    /// Waits, moving the clock on, while the device is busy (at most 10 s): what XCUITest does before an event.
    @MainActor static func waitForIdle() {
        guard let device else { return }
        let deadline = now + 10
        while device.isBusy, now < deadline { advance(by: pollInterval) }
    }

    /// Moves the simulated clock on by `seconds` (nothing when it is not a positive, finite number).
    @MainActor public static func advance(by seconds: TimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

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

    /// Whether `other` shows the same element: the same type, identifier, label and frame. Two reads of
    /// a device's `root` may build new objects for the same screen.
    public func isSame(as other: SimulatedElement) -> Bool {
        elementType == other.elementType && identifier == other.identifier && label == other.label && frame == other.frame
    }

    /// The centre of the frame: where XCUITest taps an element.
    public var centre: CGPoint {
        CGPoint(x: frame.midX, y: frame.midY)
    }
}
