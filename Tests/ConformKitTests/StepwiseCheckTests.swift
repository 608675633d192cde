import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// `StepwiseCheck` (what `conform record` replays each step with, issue 33 §5) says a trace conforms
/// exactly when the checker does, on the prefixes of every trace of the example corpus against every
/// built-in policy, and on a recording of 4,000 steps.
@Suite("Kit: StepwiseCheck agrees with the checker")
struct StepwiseCheckTests {
    @Test("on every example trace against every built-in policy: it stops conforming at the step where the checker's prefixes do")
    func corpus() throws {
        let traces = EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path
        var pairs = 0
        for file in FileDiscovery.find(in: [traces]).files {
            let trace = try builtIns.load(file: file)
            for policy in builtIns.policies {
                var stepwise = StepwiseCheck(policy: policy, form: trace.form, settings: trace.settings)
                let first = trace.steps.firstIndex { !stepwise.add($0) }
                // A prefix that conforms stays so as it shortens, and one that departs as it grows: the
                // checker agrees on every prefix when it agrees on both sides of the first step that fails.
                if let first {
                    #expect(Self.passes(trace, first, policy), "\(file) against \(policy.id): steps before \(first + 1)")
                    #expect(!Self.passes(trace, first + 1, policy), "\(file) against \(policy.id): steps to \(first + 1)")
                } else {
                    #expect(Self.passes(trace, trace.steps.count, policy), "\(file) against \(policy.id)")
                }
                pairs += 1
            }
        }
        #expect(pairs > 100)
    }

    /// Whether the checker passes the first `count` steps of `trace`.
    static func passes(_ trace: Trace, _ count: Int, _ policy: Policy) -> Bool {
        var prefix = trace
        prefix.steps = Array(trace.steps.prefix(count))
        if case .pass = Checker.check(prefix, against: policy).verdict { return true }
        return false
    }

    @Test("a recording of 4,000 steps: the session's verdict is the checker's, and a departure at the end is found")
    func longRecording() throws {
        let policy = try #require(builtIns.policy(id: "one-handed"))
        let recorder = TraceRecorder(trace: "long", app: "A", claims: ["one-handed"], form: ["title": "Milk"])
        var session = RecordingSession(policy: policy, library: builtIns, recorder: recorder)
        _ = session.answer("")
        for _ in 0..<2_000 {
            _ = session.answer("1")
            _ = session.answer("")
        }
        #expect(session.recorder.trace.steps.count == 4_001)
        #expect(session.departure == nil)
        #expect(session.wholeCheck()?.passed == true)
        _ = session.answer("see: { dismissed: true }")
        let departure = try #require(session.departure)
        #expect(departure.departure?.step == 4_002)
    }
}
