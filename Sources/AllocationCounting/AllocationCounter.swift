import CAllocationCount

/// Counts the heap allocations a piece of code makes on the calling thread, for tests and conform-bench
/// (issue 37: the replay's allocations per step). It works where `CAllocationCount` interposes the C
/// allocators (Linux with glibc) and says why not elsewhere; it never guesses a number.
///
/// Every Swift allocation goes through `malloc` (or `posix_memalign`/`aligned_alloc` for an
/// over-aligned one): a class instance, an array's or a dictionary's storage, a string of more than 15
/// bytes, a closure's context. Retains and releases are not allocations and are not counted.
public enum AllocationCounter {
    /// Why counting does not work in this process, or `nil` when it does: the allocators are interposed
    /// and an allocation of the Swift runtime was seen.
    public static let unavailability: String? = {
        guard conform_allocation_counting_compiled() != 0 else {
            return "allocation counting interposes glibc's malloc, so it works on Linux only"
        }
        let before = conform_thread_allocations()
        probe(Int(before % 7) + 4)
        guard conform_thread_allocations() > before else {
            return "malloc is interposed, but an array the Swift runtime allocated was not seen (is malloc exported?)"
        }
        return nil
    }()

    /// Whether `count` can count here.
    public static var isAvailable: Bool { unavailability == nil }

    /// The allocations `body` makes on the calling thread, or `nil` where counting is unavailable.
    /// `body` must not suspend (it is synchronous) and should not hand work to other threads: theirs are
    /// not counted.
    public static func count(_ body: () throws -> Void) rethrows -> Int? {
        guard isAvailable else { return nil }
        let before = conform_thread_allocations()
        try body()
        return Int(conform_thread_allocations() - before)
    }

    /// The fewest allocations `body` makes in `runs` runs on the calling thread, or `nil` where counting is
    /// unavailable. For a test that compares counts while other tests run beside it: what another thread
    /// does can make the body allocate once more now and then (a buffer that thread holds a moment is
    /// copied rather than changed in place, a shared table grows), never less, so the fewest is the
    /// body's own.
    public static func fewest(of runs: Int, _ body: () throws -> Void) rethrows -> Int? {
        var fewest: Int?
        for _ in 0..<max(runs, 1) {
            guard let counted = try count(body) else { return nil }
            fewest = min(fewest ?? counted, counted)
        }
        return fewest
    }

    /// The allocations made so far on the calling thread (differences of two readings count what lies between).
    public static var threadAllocations: UInt64 { conform_thread_allocations() }

    /// Allocates an array of `count` integers on the heap, where the optimiser cannot take it away.
    @inline(never)
    static func probe(_ count: Int) {
        sink = [Int](repeating: count, count: count)
        sink = []
    }

    nonisolated(unsafe) static var sink: [Int] = []
}
