#if canImport(UIKit)
import UIKit
#endif

/// The `platform:` a trace records when the test does not say: the device's system name and version
/// (`iOS 26.1`) where UIKit runs, otherwise nothing (a simulated device has no system to name).
@MainActor
enum DefaultPlatform {
    static var text: String? {
        #if canImport(UIKit)
        let system = UIDevice.current
        return "\(system.systemName) \(system.systemVersion)"
        #else
        return nil
        #endif
    }
}
