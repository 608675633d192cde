import ConformCore
import Foundation

/// `compare` results shared by every test in the process. Every test target runs in one process, and
/// the two keyboard policies' comparison, bounded at 50,000 pairs, takes about ten seconds in a debug
/// build: the compare tests (Kit) and the PyYAML consumer test (Reports) both need it in both directions.
public enum SharedComparisons {
    /// One comparison per ordered pair of policy ids, computed once: a second caller waits for the first.
    public static func result(_ a: Policy, _ b: Policy) -> ConformCore.ComparisonResult {
        let entry = table.entry(for: a.id + "\u{0}" + b.id)
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let result = entry.result { return result }
        let result = PolicyComparison(a, b).compare()
        entry.result = result
        return result
    }

    private static let table = Table()

    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var result: ConformCore.ComparisonResult?
    }

    private final class Table: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: Entry] = [:]

        func entry(for key: String) -> Entry {
            lock.lock()
            defer { lock.unlock() }
            if let entry = entries[key] { return entry }
            let entry = Entry()
            entries[key] = entry
            return entry
        }
    }
}
