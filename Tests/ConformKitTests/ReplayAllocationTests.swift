import AllocationCounting
import ConformCore
import ConformLoading
import Foundation
import Testing

@testable import ConformKit

/// Issue 37 §1 and §4: the replay a run makes of each claimed pair allocates nothing per step. Counted
/// with `AllocationCounter` (glibc's allocators interposed in the test binary; Linux only), around the
/// very call `ConformRunner.check` makes on a plain run: no paths recorded, the claim's exercise counted.
@Suite("Kit: Allocations of the replay per step")
struct ReplayAllocationTests {
    #if os(Linux)
    @Test("on Linux the counter works: the tests below are not skipped there")
    func availableOnLinux() {
        #expect(AllocationCounter.unavailability == nil)
    }
    #endif

    @Test(
        "the counter sees the Swift runtime's allocations, and counting costs none itself",
        .enabled(if: AllocationCounter.isAvailable, "allocation counting interposes glibc's malloc: Linux only"))
    func counterSeesSwiftAllocations() throws {
        #expect(AllocationCounter.count {} == 0)
        let object = try #require(AllocationCounter.count { Self.keep(Box(value: 3)) })
        #expect(object >= 1)
        let array = try #require(AllocationCounter.count { Self.keep([Int](repeating: 1, count: Self.size)) })
        #expect(array >= 1)
        let text = try #require(AllocationCounter.count { Self.keep(String(repeating: "conform ", count: Self.size)) })
        #expect(text >= 1)
        // The fewest of several runs is one run's count, not their sum.
        #expect(AllocationCounter.fewest(of: 3) { Self.keep(Box(value: 3)) } == object)
        #expect(AllocationCounter.fewest(of: 3) {} == 0)
    }

    @Test(
        "a claim that holds replays every trace of Traces/ and the bench's form traces without an allocation per step",
        .enabled(if: AllocationCounter.isAvailable, "allocation counting interposes glibc's malloc: Linux only"))
    func replayAllocatesNothingPerStep() throws {
        let library = PolicyLibrary.builtIn()
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        var traces: [(name: String, trace: Trace)] = []
        let root = EmbeddedPoliciesTests.packageRoot
        for file in FileDiscovery.find(in: [root.appendingPathComponent("Traces").path]).files {
            guard case .success(let bytes) = FileReader.read(file), let trace = loader.load(bytes, file: file).trace else { continue }
            traces.append((String(file.dropFirst(root.path.count + 1)), trace))
        }
        #expect(traces.count >= 30)
        for (policy, length) in [("one-handed", 20), ("one-handed", 100), ("makeitso", 20), ("makeitso", 100)] {
            let text = Self.benchFormTrace(policy: policy, length: length)
            let trace = try #require(loader.load(Array(text.utf8), file: "bench.yaml").trace, "\(text)")
            traces.append(("bench \(policy) \(length) steps", trace))
        }

        var measured = 0
        var beyond: [String: Int] = [:]
        for (name, trace) in traces {
            for claim in trace.claims {
                guard let policy = library.policy(id: claim.policy), let counted = try Self.allocations(trace, policy) else { continue }
                measured += 1
                beyond[name] = counted.extra
                #expect(
                    counted.extra <= Self.oncePerTrace,
                    "\(name) against \(claim.policy): \(counted.extra) allocations for \(counted.steps) steps beyond the trace without steps"
                )
            }
        }
        #expect(measured >= 40)
        // The same scenario six times as long (16 and 100 steps) allocates exactly as much: nothing per step.
        #expect(beyond["bench one-handed 100 steps"] == beyond["bench one-handed 20 steps"])
        #expect(beyond["bench makeitso 100 steps"] == beyond["bench makeitso 20 steps"])
    }

    /// What a replay makes once a trace, however long it is (at most 6 here, in a debug build): the
    /// policy's variables copied at their first change, the storage of the changed fields and of the learnt
    /// roles at their first entries (and as distinct fields fill it), the trace's words outside the form's
    /// (`TraceWords`). Before issue 37's cut, this build made about 9 allocations per step (a 100-step bench
    /// trace: 913 beyond the trace without steps; now 4).
    static let oncePerTrace = 6

    /// The allocations of `ConformRunner.check`'s call for `trace`'s claim of `policy` (no paths, the
    /// exercise counted, no coverage replay), beyond those of the same call on the trace without its
    /// steps (the outcome's and the exercise's arrays, made once a trace): `nil` when the claim does not
    /// hold, since a departure allocates to describe itself.
    static func allocations(_ trace: Trace, _ policy: Policy) throws -> (steps: Int, empty: Int, extra: Int)? {
        func check(_ trace: Trace) -> Verdict.Kind {
            let checked = Checker.check(trace, against: [policy], recordingPath: { _ in false }, exercising: { _ in true }, replaying: nil)
            return checked.outcomes[0].verdict.kind
        }
        // Once first: what is made once a policy or a process (its tables, a lazy static) is not the replay's.
        guard check(trace) == .pass else { return nil }
        var empty = trace
        empty.steps = []
        _ = check(empty)
        // The fewest of three, as LoadingAllocationTests counts: tests beside this one can add one now and then.
        let full = try #require(AllocationCounter.fewest(of: 3) { _ = check(trace) })
        let none = try #require(AllocationCounter.fewest(of: 3) { _ = check(empty) })
        return (trace.steps.count, none, full - none)
    }

    /// A form trace as conform-bench writes them (`CorpusGenerator.formTrace`), its edits chosen in turn
    /// instead of at random.
    static func benchFormTrace(policy: String, length: Int) -> String {
        var lines = ["conform: 1", "trace: bench", "title: Generated \(policy) scenario", "app: Bench \(policy)", "policy: \(policy)"]
        lines.append("form: { name: Ada, city: Paris, notes: \"\" }")
        lines.append("steps:")
        var count = 0
        func step(_ text: String) {
            lines.append("  - " + text)
            count += 1
        }
        let oneHanded = policy == "one-handed"
        step(oneHanded ? "see: { done: disabled, cancel: enabled }" : "see: { done: enabled, cancel: enabled }")
        while count + 8 <= length {
            step("edit: { \(["name", "city", "notes"][count % 3]): value-\(count * 37 % 1000) }")
            step("see: { done: enabled, sheet: none }")
            step("swipe: down")
            if oneHanded {
                step("see: { sheet: { title: You have unsaved changes!, actions: [Save changes, Cancel changes, Cancel] } }")
            } else {
                step("see: { sheet: { actions: [Discard Changes, Cancel] } }")
            }
            step("choose: Cancel")
            step("see: { sheet: none, dismissed: false }")
        }
        step("edit: { name: Grace }")
        step("tap: Done")
        step("see: { dismissed: true, saved: true }")
        return lines.joined(separator: "\n") + "\n"
    }

    final class Box {
        let value: Int
        init(value: Int) { self.value = value }
    }

    /// Read at run time, so that the optimiser cannot size anything on the stack.
    nonisolated(unsafe) static var size = 64
    nonisolated(unsafe) static var kept: Any?

    @inline(never)
    static func keep(_ value: Any) {
        kept = value
        kept = nil
    }
}
