@_spi(Simulation) import XCUIDeclarations

/// The simulated device's clock for the recorder's wait (`ConformXCUITest.SettleClock`, whose conformance
/// the test targets declare): `now` is `Simulation.now`, and a pause moves it on, so that a device whose
/// changes take time (`FormAppDevice.Timing`) is seen to change and no test waits real time.
@_spi(Simulation) @MainActor public final class SimulatedClock {
    public init() {}

    /// `Simulation.now`.
    public var now: Double { Simulation.now }

    /// Moves `Simulation.now` on by `seconds`.
    public func pause(_ seconds: Double) {
        Simulation.advance(by: seconds)
    }
}
