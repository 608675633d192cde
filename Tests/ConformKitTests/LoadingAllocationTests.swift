import AllocationCounting
import ConformCore
import Foundation
import Testing

@testable import ConformKit
@testable import ConformLoading

/// Issue 37 §1 and §4: loading a trace on the fast path (`DirectTrace`) allocates nothing per step: each
/// `see`'s items, each sheet's actions and each edit's fields are slices of one table per trace
/// (`DirectStepTables`), and a long text the trace repeats is made once. Counted with `AllocationCounter`
/// around `TraceLoader.load`, the call a run makes for each file's bytes.
@Suite("Kit: Allocations of loading a trace per step")
struct LoadingAllocationTests {
    @Test(
        "the bench's form traces load with as many allocations at 100 steps as at 20",
        .enabled(if: AllocationCounter.isAvailable, "allocation counting interposes glibc's malloc: Linux only"))
    func benchTracesAllocateNothingPerStep() throws {
        let loader = Self.loader
        for policy in ["one-handed", "makeitso"] {
            var counts: [Int] = []
            for length in [20, 100] {
                let bytes = Array(ReplayAllocationTests.benchFormTrace(policy: policy, length: length).utf8)
                #expect(Self.readsDirectly(bytes, loader), "\(policy) \(length) steps")
                counts.append(try Self.allocations(bytes, loader))
            }
            #expect(counts[0] == counts[1], "\(policy): \(counts[0]) allocations at 20 steps, \(counts[1]) at 100")
            // What a trace makes once: its strings, claims, form, the steps and the tables (see below).
            #expect(counts[1] <= Self.oncePerTrace, "\(policy): \(counts[1]) allocations")
        }
    }

    @Test(
        "every trace of Traces/ that loads on the fast path allocates as much with its steps written twice",
        .enabled(if: AllocationCounter.isAvailable, "allocation counting interposes glibc's malloc: Linux only"))
    func tracesAllocateNothingPerStep() throws {
        let loader = Self.loader
        let root = EmbeddedPoliciesTests.packageRoot
        var measured = 0
        for file in FileDiscovery.find(in: [root.appendingPathComponent("Traces").path]).files {
            guard case .success(let bytes) = FileReader.read(file), Self.readsDirectly(bytes, loader),
                let twice = Self.stepsWrittenTwice(bytes)
            else { continue }
            let name = String(file.dropFirst(root.path.count + 1))
            let once = try Self.allocations(bytes, loader)
            let doubled = try #require(loader.load(twice, file: file).trace, "\(name) with its steps twice")
            #expect(doubled.steps.count == 2 * (loader.load(bytes, file: file).trace?.steps.count ?? 0))
            let doubledCount = try Self.allocations(twice, loader)
            #expect(doubledCount == once, "\(name): \(once) allocations, \(doubledCount) with its steps twice")
            #expect(once <= Self.oncePerTrace, "\(name): \(once) allocations")
            measured += 1
        }
        // The form, sheet and disclosure traces; the keyboard traces' verbs are policies' own and go the general way.
        #expect(measured >= 20)
    }

    @Test(
        "a trace of Traces/ loads with as many allocations whatever free blocks the heap holds",
        .enabled(if: AllocationCounter.isAvailable, "allocation counting interposes glibc's malloc: Linux only"))
    func allocationsDoNotDependOnTheHeap() throws {
        // An array's capacity is what `malloc_usable_size` gives, and glibc hands out a free block a little
        // larger than asked when the rest would be too small to keep: an array grown an element at a time
        // then grows fewer times. The scanner's stack of open blocks did (five deep at a sheet's actions),
        // and a full suite once counted one allocation fewer for seven traces with their steps written twice.
        let loader = Self.loader
        var held: [UnsafeMutableRawPointer?] = []
        defer { for block in held { free(block) } }
        var measured = 0
        for file in FileDiscovery.find(in: [EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path]).files {
            guard case .success(let bytes) = FileReader.read(file), Self.readsDirectly(bytes, loader) else { continue }
            var counts: Set<Int> = []
            for layout in 0..<12 {
                Self.leaveFreeBlocks(layout, holding: &held)
                counts.insert(try Self.allocations(bytes, loader))
            }
            #expect(counts.count == 1, "\(file): \(counts.sorted()) allocations, by the heap's free blocks")
            measured += 1
        }
        #expect(measured >= 20)
    }

    /// Leaves free blocks of assorted sizes between held ones, a different assortment for each `layout`.
    static func leaveFreeBlocks(_ layout: Int, holding held: inout [UnsafeMutableRawPointer?]) {
        for size in stride(from: 8 + layout * 8, to: 800, by: 24 + layout) {
            held.append(malloc(size))
            free(malloc(size + 40))
        }
    }

    /// What loading makes once a trace, however long (in a debug build): the step list and the tables of
    /// items, actions and fields with the ends of their runs, the texts longer than 15 bytes, the claims and
    /// the form, the reader's state.
    static let oncePerTrace = 40

    static var loader: TraceLoader {
        TraceLoader(vocabulary: KnownVocabulary(policies: PolicyLibrary.builtIn().policies))
    }

    static func readsDirectly(_ bytes: [UInt8], _ loader: TraceLoader) -> Bool {
        DirectTrace.read(
            bytes, file: "t.yaml", vocabulary: DirectVocabulary(loader.vocabulary), limits: loader.reader.limits,
            maximumSteps: loader.maximumSteps) != nil
    }

    /// The allocations of loading `bytes`, after loading them once (what is made once a process is not the
    /// trace's); the fewest of five loads, in case a test beside this one makes a load allocate once more.
    /// (The one-more that full suites now and then counted was the heap's free blocks, not other tests:
    /// see `allocationsDoNotDependOnTheHeap`.)
    static func allocations(_ bytes: [UInt8], _ loader: TraceLoader) throws -> Int {
        _ = try #require(loader.load(bytes, file: "t.yaml").trace)
        return try #require(AllocationCounter.fewest(of: 5) { _ = loader.load(bytes, file: "t.yaml") })
    }

    /// The file with the lines of its `steps:` list written twice over, or `nil` when it has no such block.
    static func stepsWrittenTwice(_ bytes: [UInt8]) -> [UInt8]? {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == "steps:" }) else { return nil }
        var end = start + 1
        while end < lines.count, lines[end].hasPrefix(" ") { end += 1 }
        guard end > start + 1 else { return nil }
        let doubled = lines[..<end] + lines[(start + 1)..<end] + lines[end...]
        return Array(doubled.joined(separator: "\n").utf8)
    }
}
