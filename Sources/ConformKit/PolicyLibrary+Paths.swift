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

    /// Whether `word` occurs in `bytes`: `memchr` to each candidate first byte, `memcmp` there (a run
    /// reads every file once more for this, so it is kept to the C library's speed).
    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard let first = word.first, bytes.count >= word.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            word.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let pattern = needle.baseAddress else { return false }
                var offset = 0
                let last = haystack.count - needle.count
                while offset <= last, let found = memchr(base + offset, Int32(first), last - offset + 1) {
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, pattern, needle.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
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
