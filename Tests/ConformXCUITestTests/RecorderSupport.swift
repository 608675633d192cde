import ConformCore
import ConformXCUITest
import Foundation
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// The simulated clock is the recorder's clock in these tests: waiting moves `Simulation.now`, not real time.
extension SimulatedClock: SettleClock {}

/// Shared set-up of the adapter's unit tests. The simulation is global, as XCUITest is: every test
/// body is synchronous on the main actor, so no two tests touch it at once.
@MainActor
enum RecorderSupport {
    /// Installs `device` as the simulated device, with no failures yet, and a recorder on its app.
    static func recorder(
        on device: any SimulatedDevice, screenshots: URL? = nil, in traceFolder: URL? = nil, saved: @escaping () -> Bool? = { nil }
    ) -> XCUITraceRecorder {
        Simulation.device = device
        Simulation.failures = []
        let folder = traceFolder ?? scratchFolder()
        let recorder = XCUITraceRecorder(
            trace: "tiny", app: XCUIApplication(), platform: "simulated", traceFile: folder.appendingPathComponent("tiny.yaml"),
            screenshots: screenshots, saved: saved)
        recorder.settle = simulatedSettle
        return recorder
    }

    /// The recorder's default wait, on the simulated clock.
    static var simulatedSettle: Settle { Settle(clock: SimulatedClock()) }

    /// A fresh empty folder under the system's temporary folder.
    static func scratchFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-xcui-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The fields and values of the `edit` step `step` (1-based), or nil when it is not an edit.
    static func edits(_ recorder: XCUITraceRecorder, step: Int) -> [String: Value?]? {
        let steps = recorder.recorder.trace.steps
        guard steps.indices.contains(step - 1), case .action(.edit(let edits)) = steps[step - 1].kind else { return nil }
        return Dictionary(edits.map { ($0.field, $0.value) }, uniquingKeysWith: { first, _ in first })
    }
}
