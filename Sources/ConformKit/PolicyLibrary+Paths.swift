import ConformCore
import ConformReports
import Foundation

extension PolicyLibrary {
    /// Loads the policy files among a run's `paths` (as `conform lint` does: a map with `states:` and no
    /// `steps:`), so that `conform run DIR` on a project folder checks its traces against its own
    /// policies instead of reading the policies as traces.
    /// - Returns: the policy files found, which the run then leaves out of its traces.
    public mutating func loadPolicies(among paths: [String], followLinks: Bool = false) -> [String] {
        loadPolicies(among: FileDiscovery.find(in: paths, followLinks: followLinks))
    }

    /// As `loadPolicies(among:followLinks:)`, among files found already, which the run then takes as its
    /// own (`ConformRunner.Options.discovery`), so that the folders are walked once.
    /// - Parameter found: the files under the run's paths.
    /// - Returns: the policy files found, which the run then leaves out of its traces.
    public mutating func loadPolicies(among found: FileDiscovery.Found) -> [String] {
        var policies: [String] = []
        for file in Self.filesMentioningStates(found.files) {
            // Only a candidate is read whole and parsed.
            guard case .success(let bytes) = FileReader.read(file), Self.isPolicyFile(bytes) else { continue }
            policies.append(file)
            add(bytes: bytes, file: file)
        }
        return policies
    }

    /// Whether a file's bytes are a policy's (`Linter.looksLikePolicy`: a map with `states:` and no
    /// `steps:`), parsed only when they hold the word `states`, as every policy's do.
    static func isPolicyFile(_ bytes: [UInt8]) -> Bool {
        let mentionsStates = bytes.withUnsafeBytes { contains($0.baseAddress, $0.count, word) }
        return mentionsStates && Linter.looksLikePolicy(bytes)
    }

    /// The files that hold the word `states` (every policy's do), in order: each read once more, through
    /// one buffer per thread, on every core. This is all that a run which looks for policies first (one
    /// that cannot start over: `ConformRunner.Options.seeksPolicyFiles`) pays for them, so it allocates
    /// nothing per file (what each costs is its system calls), and notes each file opened as an input
    /// (`InputFiles`), as `FileReader` does. The paths are read in place from the discovery's
    /// compact list: a copy as `[String]` was most of the heap at 100,000 files (Docs/Performance.md).
    private static func filesMentioningStates(_ files: CompactStrings) -> [String] {
        let found = LockedSlots<Bool>(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let capacity = 1 << 16
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { buffer.deallocate() }
            for index in stride(from: worker, to: files.count, by: workers) where mentionsStates(files[index], buffer, capacity) {
                found.set(true, at: index)
            }
        }
        let mentions = found.values
        return mentions.indices.compactMap { mentions[$0] == true ? files[$0] : nil }
    }

    private static let word = Array("states".utf8)

    /// Whether the file holds `states`, read a buffer at a time (the last bytes of one kept before the
    /// next, so that the word is found across them). A file `FileReader` would refuse is no candidate:
    /// the run says why when it reads it.
    private static func mentionsStates(_ path: String, _ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Bool {
        // As `FileReader.read`: O_NONBLOCK so that a FIFO is not waited on, only regular files, noted when opened.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        InputFiles.note(status, path: path)
        guard Int(status.st_size) <= FileReader.maximumBytes else { return false }
        var kept = 0
        var total = 0
        let size = Int(status.st_size)
        while true {
            let asked = capacity - kept
            let got = read(descriptor, buffer + kept, asked)
            if got < 0, errno == EINTR { continue }
            if got <= 0 { return false }
            let count = kept + got
            if contains(buffer, count, word) { return true }
            // Less than asked for, ending where the size said the file ends: the end (as `FileReader` stops).
            total += got
            if got < asked, total == size { return false }
            kept = min(word.count - 1, count)
            memmove(buffer, buffer + (count - kept), kept)
        }
    }

    /// Whether `word` occurs in the `count` bytes at `base`, sixteen places at a time: a place where the
    /// word's first and last bytes both stand is compared whole. (The `memchr` to each `s` and `memcmp`
    /// there that this replaced took two and a half times the instructions, `s` being common in YAML;
    /// `memmem` is not in Swift's Glibc.) Vectors are compared with vectors: against a scalar, Swift
    /// compares lane by lane (Docs/Performance.md).
    static func contains(_ base: UnsafeRawPointer?, _ count: Int, _ word: [UInt8]) -> Bool {
        guard let base, let first = word.first, let last = word.last, count >= word.count else { return false }
        return word.withUnsafeBytes { needle in
            guard let pattern = needle.baseAddress else { return false }
            let length = needle.count
            let firsts = SIMD16<UInt8>(repeating: first)
            let lasts = SIMD16<UInt8>(repeating: last)
            var offset = 0
            // Each block reads 16 bytes from `offset` and 16 from `offset + length - 1`.
            while offset + 15 + length <= count {
                let atFirst = base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== firsts
                let atLast = base.loadUnaligned(fromByteOffset: offset + length - 1, as: SIMD16<UInt8>.self) .== lasts
                let candidates = atFirst .& atLast
                if any(candidates) {
                    for lane in 0..<16 where candidates[lane] && memcmp(base + offset + lane, pattern, length) == 0 { return true }
                }
                offset += 16
            }
            while offset + length <= count {
                if memcmp(base + offset, pattern, length) == 0 { return true }
                offset += 1
            }
            return false
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
