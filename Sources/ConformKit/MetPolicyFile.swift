import Foundation

/// The policy file a run that seeks them (`ConformRunner.Options.seeksPolicyFiles`) met first, if any:
/// noted by whichever checking thread read it, asked by the thread that hands outcomes over.
final class MetPolicyFile: @unchecked Sendable {
    private var file: String?
    private let lock = NSLock()

    /// The file met first, or `nil` while none was.
    var met: String? { lock.withLock { file } }

    func meet(_ path: String) {
        lock.withLock { if file == nil { file = path } }
    }
}
