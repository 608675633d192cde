import Foundation

/// A UI element in an application (Apple: `@MainActor class XCUIElement: NSObject`, conforming to
/// XCUIElementAttributes, XCUIElementSnapshotProviding, XCUIElementTypeQueryProvider, XCUIScreenshotProviding).
///
/// Simulation: an element is a query; every use resolves it against the device's tree. Interacting
/// with it needs exactly one match, as in XCUITest ("No matches found" / "Multiple matching elements").
@MainActor
public class XCUIElement: XCUIElementAttributes, XCUIElementSnapshotProviding, XCUIScreenshotProviding {
    let locator: Locator

    init(locator: Locator) {
        self.locator = locator
    }

    // MARK: - Querying element state

    public var exists: Bool {
        !locator.resolve().isEmpty
    }

    /// Simulation: looks every `Simulation.pollInterval` of the simulated clock, moving it on, until the
    /// element exists or `timeout` has passed; a device whose screen changes with time (an animation) is
    /// then seen to change.
    public func waitForExistence(timeout: TimeInterval) -> Bool {
        let deadline = Simulation.now + max(0, timeout.isFinite ? timeout : 0)
        while !exists {
            guard Simulation.now < deadline else { return false }
            Simulation.advance(by: min(Simulation.pollInterval, deadline - Simulation.now))
        }
        return true
    }

    /// Apple: `func waitForNonExistence(timeout: TimeInterval) -> Bool` (Xcode 16.3). Simulation: as
    /// `waitForExistence`, until the element no longer exists.
    public func waitForNonExistence(timeout: TimeInterval) -> Bool {
        let deadline = Simulation.now + max(0, timeout.isFinite ? timeout : 0)
        while exists {
            guard Simulation.now < deadline else { return false }
            Simulation.advance(by: min(Simulation.pollInterval, deadline - Simulation.now))
        }
        return true
    }

    /// Simulation: the element exists, has an area, and a touch at its centre reaches it (or an element
    /// inside it): nothing in front covers it there (`SimulatedDevice.hitPath(at:)`).
    public var isHittable: Bool {
        guard let device = Simulation.device, let element = locator.resolve().first,
            element.frame.width > 0, element.frame.height > 0
        else { return false }
        guard let front = device.hitPath(at: element.centre).last else { return false }
        return front.isSame(as: element) || element.descendants.contains { $0.isSame(as: front) }
    }

    /// The matched elements' trees, one line per element (Apple's comes from NSObject; this one is main-actor).
    public var debugDescription: String {
        locator.resolve().map { Self.describe($0, indent: "") }.joined()
    }

    // MARK: - Querying descendant elements

    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(locator: locator.descendants(matching: type))
    }

    public func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(locator: locator.children(matching: type))
    }

    // MARK: - Attributes (XCUIElementAttributes): of the one element matched now

    public var identifier: String { resolved("identifier")?.identifier ?? "" }
    public var frame: CGRect { resolved("frame")?.frame ?? .zero }
    public var value: Any? { resolved("value")?.value }
    public var title: String { resolved("title")?.title ?? "" }
    public var label: String { resolved("label")?.label ?? "" }
    public var elementType: XCUIElement.ElementType { resolved("elementType")?.elementType ?? .any }
    public var isEnabled: Bool { resolved("isEnabled")?.isEnabled ?? false }
    public var horizontalSizeClass: XCUIElement.SizeClass { resolved("horizontalSizeClass")?.horizontalSizeClass ?? .unspecified }
    public var verticalSizeClass: XCUIElement.SizeClass { resolved("verticalSizeClass")?.verticalSizeClass ?? .unspecified }
    public var placeholderValue: String? { resolved("placeholderValue")?.placeholderValue }
    public var isSelected: Bool { resolved("isSelected")?.isSelected ?? false }
    public var hasFocus: Bool { resolved("hasFocus")?.hasFocus ?? false }

    // MARK: - Snapshot and screenshot

    /// A copy of the element and its subtree as they are now. Throws when the element does not
    /// resolve to exactly one element.
    public func snapshot() throws -> any XCUIElementSnapshot {
        let matches = locator.resolve()
        guard matches.count == 1, let element = matches.first else {
            throw SnapshotError(message: Self.resolutionProblem(matches.count, locator.summary))
        }
        return element.copy()
    }

    /// Simulation: the whole screen, not cropped to the element.
    public func screenshot() -> XCUIScreenshot {
        XCUIScreen.main.screenshot()
    }

    // MARK: - Gestures and typing

    /// Simulation: waits for the device to be idle (as XCUITest does before an event), then taps the
    /// centre of the one element matched.
    public func tap() {
        Simulation.waitForIdle()
        guard let element = resolved("tap"), let device = Simulation.device else { return }
        device.tap(at: element.centre)
    }

    public func doubleTap() {
        tap()
        tap()
    }

    public func swipeUp() { swipe(.up) }
    public func swipeDown() { swipe(.down) }
    public func swipeLeft() { swipe(.left) }
    public func swipeRight() { swipe(.right) }

    /// Types into the element, which (or a descendant of which) must have keyboard focus.
    public func typeText(_ text: String) {
        Simulation.waitForIdle()
        guard let element = resolved("typeText"), let device = Simulation.device else { return }
        guard element.hasFocus || element.descendants.contains(where: \.hasFocus) else {
            Simulation.fail("typeText: neither element nor any descendant has keyboard focus: \(locator.summary)")
            return
        }
        device.typeText(text)
    }

    public func coordinate(withNormalizedOffset normalizedOffset: CGVector) -> XCUICoordinate {
        XCUICoordinate(element: self, normalizedOffset: normalizedOffset)
    }

    // MARK: - Private

    private func swipe(_ direction: SimulatedSwipe) {
        Simulation.waitForIdle()
        guard let element = resolved("swipe \(direction.rawValue)"), let device = Simulation.device else { return }
        device.swipe(from: element.centre, direction: direction)
    }

    /// The one element matched now; otherwise records the failure XCUITest would report and returns nil.
    func resolved(_ use: String) -> SimulatedElement? {
        guard Simulation.device != nil else {
            Simulation.fail("\(use): no simulated device (Simulation.device is nil)")
            return nil
        }
        let matches = locator.resolve()
        guard matches.count == 1 else {
            Simulation.fail("\(use): \(Self.resolutionProblem(matches.count, locator.summary))")
            return nil
        }
        return matches[0]
    }

    static func resolutionProblem(_ count: Int, _ summary: String) -> String {
        count == 0 ? "No matches found for \(summary)" : "Multiple matching elements found for \(summary)"
    }

    private static func describe(_ element: SimulatedElement, indent: String) -> String {
        var line = "\(indent)\(element.elementType), {{\(element.frame.minX), \(element.frame.minY)}, "
        line += "{\(element.frame.width), \(element.frame.height)}}"
        if !element.identifier.isEmpty { line += ", identifier: '\(element.identifier)'" }
        if !element.label.isEmpty { line += ", label: '\(element.label)'" }
        if let value = element.value { line += ", value: \(value)" }
        return line + "\n" + element.elements.map { describe($0, indent: indent + "  ") }.joined()
    }
}

/// The error `snapshot()` throws when its element cannot be resolved to one element.
struct SnapshotError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
