import Foundation

/// The application under test (Apple: `@MainActor class XCUIApplication: XCUIElement`).
/// Simulation: the root of `Simulation.device`'s tree.
@MainActor
public final class XCUIApplication: XCUIElement {
    public var launchArguments: [String] = []
    public var launchEnvironment: [String: String] = [:]

    public init() {
        super.init(locator: .application)
    }

    public convenience init(bundleIdentifier: String) {
        self.init()
    }

    public func launch() {
        guard let device = Simulation.device else {
            Simulation.fail("launch: no simulated device (Simulation.device is nil)")
            return
        }
        device.launch(arguments: launchArguments, environment: launchEnvironment)
        // XCUITest's launch returns once the app is running and idle.
        Simulation.waitForIdle()
    }

    /// Simulation: the one app is always in front.
    public func activate() {}
}
