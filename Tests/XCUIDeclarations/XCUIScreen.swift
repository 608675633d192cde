import Foundation

/// A physical screen (Apple: `@MainActor class XCUIScreen: NSObject, XCUIScreenshotProviding`).
@MainActor
public final class XCUIScreen: XCUIScreenshotProviding {
    public static let main = XCUIScreen()
    public static var screens: [XCUIScreen] { [main] }

    private init() {}

    /// Simulation: the device's PNG; empty data and a failure when there is no device.
    public func screenshot() -> XCUIScreenshot {
        guard let device = Simulation.device else {
            Simulation.fail("screenshot: no simulated device (Simulation.device is nil)")
            return XCUIScreenshot(pngRepresentation: Data())
        }
        return XCUIScreenshot(pngRepresentation: device.screenshotPNG())
    }
}

/// A captured image of the screen (Apple: `@MainActor class XCUIScreenshot: NSObject`; `image` is left out).
@MainActor
public final class XCUIScreenshot {
    public let pngRepresentation: Data

    init(pngRepresentation: Data) {
        self.pngRepresentation = pngRepresentation
    }
}

/// XCTest's attachment (Apple: `class XCTAttachment: NSObject`), the members conform's tests use.
public final class XCTAttachment {
    public enum Lifetime: Int, Sendable {
        case keepAlways = 0
        case deleteOnSuccess = 1
    }

    public var name: String?
    public var lifetime: Lifetime = .deleteOnSuccess
    public let uniformTypeIdentifier: String
    /// Simulation: the bytes held; `nil` for a screenshot, whose bytes stay with the screenshot.
    public let data: Data?
    let screenshot: XCUIScreenshot?

    public convenience init(screenshot: XCUIScreenshot) {
        self.init(data: nil, screenshot: screenshot, uniformTypeIdentifier: "public.png")
    }

    public convenience init(data payload: Data) {
        self.init(data: payload, screenshot: nil, uniformTypeIdentifier: "public.data")
    }

    public convenience init(data payload: Data, uniformTypeIdentifier identifier: String) {
        self.init(data: payload, screenshot: nil, uniformTypeIdentifier: identifier)
    }

    public convenience init(string: String) {
        self.init(data: Data(string.utf8), screenshot: nil, uniformTypeIdentifier: "public.plain-text")
    }

    private init(data: Data?, screenshot: XCUIScreenshot?, uniformTypeIdentifier: String) {
        self.data = data
        self.screenshot = screenshot
        self.uniformTypeIdentifier = uniformTypeIdentifier
    }
}
