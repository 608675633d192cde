import Foundation

/// A location on screen relative to an element (Apple: `@MainActor class XCUICoordinate: NSObject`).
/// Simulation: the point is computed from the element's frame at each use.
@MainActor
public final class XCUICoordinate {
    public let referencedElement: XCUIElement
    private let normalizedOffset: CGVector
    private let pointsOffset: CGVector

    init(element: XCUIElement, normalizedOffset: CGVector, pointsOffset: CGVector = CGVector()) {
        self.referencedElement = element
        self.normalizedOffset = normalizedOffset
        self.pointsOffset = pointsOffset
    }

    /// The point on screen, in points.
    public var screenPoint: CGPoint {
        let frame = referencedElement.frame
        return CGPoint(
            x: frame.minX + frame.width * normalizedOffset.dx + pointsOffset.dx,
            y: frame.minY + frame.height * normalizedOffset.dy + pointsOffset.dy)
    }

    public func withOffset(_ offsetVector: CGVector) -> XCUICoordinate {
        XCUICoordinate(
            element: referencedElement, normalizedOffset: normalizedOffset,
            pointsOffset: CGVector(dx: pointsOffset.dx + offsetVector.dx, dy: pointsOffset.dy + offsetVector.dy))
    }

    /// Simulation: waits for the device to be idle, then taps the point.
    public func tap() {
        Simulation.waitForIdle()
        guard referencedElement.resolved("coordinate tap") != nil, let device = Simulation.device else { return }
        device.tap(at: screenPoint)
    }

    public func doubleTap() {
        tap()
        tap()
    }
}
