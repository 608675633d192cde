import ConformCore
import ConformReports
import Foundation

extension PolicyLibrary {
    /// Loads the policy files among a run's `paths` (as `conform lint` does: a map with `states:` and no
    /// `steps:`), so that `conform run DIR` on a project folder checks its traces against its own
    /// policies instead of reading the policies as traces.
    /// - Returns: the policy files found, which the run then leaves out of its traces.
    public mutating func loadPolicies(among paths: [String], followLinks: Bool = false) -> [String] {
        let files = FileDiscovery.find(in: paths, followLinks: followLinks).files
        // Every file is read once more: a quick look for the word first, so that only candidates are parsed.
        let candidates = Self.filesMentioningStates(Array(files))
        var found: [String] = []
        for (file, bytes) in candidates where Linter.looksLikePolicy(bytes) {
            found.append(file)
            add(bytes: bytes, file: file)
        }
        return found
    }

    /// The files whose bytes hold `states` (every policy's do), with those bytes; read on every core.
    private static func filesMentioningStates(_ files: [String]) -> [(String, [UInt8])] {
        let word = Array("states".utf8)
        let results = LockedSlots<[UInt8]>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard case .success(let bytes) = FileReader.read(files[index]), contains(bytes, word) else { return }
            results.set(bytes, at: index)
        }
        return zip(files, results.values).compactMap { file, bytes in bytes.map { (file, $0) } }
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count, let first = word.first else { return false }
        var index = 0
        let last = bytes.count - word.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + word.count].elementsEqual(word) { return true }
            index += 1
        }
        return false
    }
}

/// One optional value per slot, set from several threads.
private final class LockedSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
