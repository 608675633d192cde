import ConformCore
import Foundation

/// The `RevealMemo`s of a run's worker threads. A file borrows one for its replays and gives it back
/// for the next file, so that no memo is used by two threads at once, yet each stays warm: there are
/// never more memos than files checked at the same time.
final class RevealMemoPool: @unchecked Sendable {
    private var free: [RevealMemo] = []
    private let lock = NSLock()

    func borrow() -> RevealMemo {
        lock.withLock { free.popLast() } ?? RevealMemo()
    }

    func giveBack(_ memo: RevealMemo) {
        lock.withLock { free.append(memo) }
    }
}
