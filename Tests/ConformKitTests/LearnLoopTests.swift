import ConformCore
import ConformKit
import ConformReports
import ConformTestSupport
import Foundation
import Testing

@Suite("Kit: conform learn: every form policy learnt to equivalence from generate's traces and compare's, as issue 36 judges it")
struct LearnLoopTests {
    /// The rounds of `compare TRUTH LEARNED --output` traces each built-in form policy needs after
    /// `generate`'s, and the traces in all (Docs/Learning.md, "How many traces it needs").
    static let builtIn: [(id: String, rounds: Int, traces: Int)] = [
        ("apple-calendar", 0, 4), ("apple-contacts", 2, 5), ("apple-reminders", 0, 3), ("apple-sample", 0, 6), ("makeitso", 1, 5),
        ("one-handed", 1, 10), ("swiftui-dismiss-disabled", 1, 5),
    ]

    /// Held-out policies of Fixtures/learn standing for apps, with the rounds and traces each needs.
    static let heldOut: [(id: String, rounds: Int, traces: Int)] = [
        ("cancel-asks-modified", 1, 5), ("swipe-blocked-silently", 1, 7), ("three-action-sheet", 0, 5), ("done-always-enabled", 1, 6),
        ("two-default-actions", 0, 6), ("mixed-guards", 3, 10), ("asked-once", 4, 12), ("cancel-always-asks", 1, 5),
        ("done-confirms", 1, 5), ("ignore-swipe-edited", 2, 8), ("two-titles", 0, 5), ("add-close", 2, 4), ("titles-only", 1, 8),
    ]

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/learn")

    static func heldOutPolicy(_ id: String) throws -> Policy {
        try load(policy: String(contentsOf: fixtures.appendingPathComponent("\(id).yaml"), encoding: .utf8))
    }

    @Test("a built-in form policy: equivalent both ways within four rounds, no lint warning, the policy as golden", arguments: builtIn)
    func builtInPolicy(_ expected: (id: String, rounds: Int, traces: Int)) throws {
        let truth = try #require(builtIns.policy(id: expected.id))
        let loop = try LearnSupport.loop(truth)
        #expect(loop.equivalent, "\(expected.id): compare still finds a difference after \(loop.rounds) rounds")
        #expect((loop.rounds, loop.traces) == (expected.rounds, expected.traces))
        #expect(loop.learned.warnings.map(\.formatted) == [])
        #expect(loop.learned.nearest.first?.policy.id == expected.id)
        #expect(loop.learned.nearest.first?.conflicts.count == 0)
        try assertGolden(loop.learned.text, named: "learned-\(expected.id).yaml")
    }

    @Test("a held-out policy standing for an app: equivalent both ways within four rounds", arguments: heldOut)
    func heldOutPolicy(_ expected: (id: String, rounds: Int, traces: Int)) throws {
        let truth = try Self.heldOutPolicy(expected.id)
        var library = builtIns
        library.add(
            bytes: Array(try String(contentsOf: Self.fixtures.appendingPathComponent("\(expected.id).yaml"), encoding: .utf8).utf8),
            file: "\(expected.id).yaml")
        let loop = try LearnSupport.loop(truth, library: library)
        #expect(loop.equivalent, "\(expected.id): compare still finds a difference after \(loop.rounds) rounds")
        #expect((loop.rounds, loop.traces) == (expected.rounds, expected.traces))
        #expect(loop.learned.nearest.first?.policy.id == expected.id)
    }

    @Test(
        "a renamed copy of a built-in names that built-in nearest, with no conflict, from generate's traces alone and after the rounds",
        arguments: builtIn.map(\.id))
    func renamedCopy(id: String) throws {
        let copy = try LearnSupport.renamedCopy(of: id, as: "held-out-copy")
        let fromGenerate = try LearnSupport.loop(copy, rounds: 0)
        #expect(fromGenerate.learned.nearest.first?.policy.id == id)
        #expect(fromGenerate.learned.nearest.first?.conflicts.count == 0)
        let final = try LearnSupport.loop(copy)
        #expect(final.equivalent)
        #expect(final.learned.nearest.first?.policy.id == id)
        #expect(final.learned.nearest.first?.conflicts.count == 0)
        #expect(final.learned.nearest.first?.gaps.count == 0)
    }

    @Test("each form app of Traces/ names the policy it claims nearest; the keyboard and disclosure apps are skipped with the reason")
    func corpus() throws {
        let traces = EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path
        let result = PolicyLearning(library: builtIns).learn(paths: [traces])
        var named: [String] = []
        for outcome in result.outcomes {
            guard case .learned(let learned) = outcome else {
                Issue.record("not learned: \(outcome)")
                continue
            }
            let claims = Set(learned.model.traces.flatMap { $0.claims.map(\.policy) })
            #expect(claims.count == 1)
            let nearest = try #require(learned.nearest.first)
            #expect(claims.contains(nearest.policy.id), "\(learned.model.app ?? "-"): nearest \(nearest.policy.id), claims \(claims)")
            named.append(nearest.policy.id)
        }
        #expect(
            named == [
                "apple-sample", "apple-calendar", "apple-contacts", "one-handed", "makeitso", "swiftui-dismiss-disabled", "makeitso",
                "swiftui-dismiss-disabled", "apple-reminders",
            ])
        #expect(result.skipped.count == 5)
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(result.exitStatus == 0)
    }

    @Test(
        "the traces generate writes for two policies that contradict are refused, naming a file of each, its line and step",
        arguments: [
            ("one-handed", "apple-calendar"), ("apple-reminders", "apple-contacts"), ("makeitso", "swiftui-dismiss-disabled"),
        ])
    func contradictingPolicies(a: String, b: String) throws {
        func files(_ id: String) throws -> [(name: String, text: String)] {
            let policy = try #require(builtIns.policy(id: id))
            return GeneratedSuiteOutput(suite: SuiteGenerator(policy: policy).generate(), policy: policy).traceFiles().map {
                ("\(id)/\($0.name)", $0.text)
            }
        }
        let result = PolicyLearning(library: builtIns).learn(traces: try LearnSupport.traces(try files(a) + files(b)))
        guard case .contradicted(_, _, let problems) = try #require(result.outcomes.first) else {
            Issue.record("learned from \(a) and \(b) at once")
            return
        }
        let problem = try #require(problems.first)
        let mentioned = [problem.location.file] + problem.message.split(separator: " ").map(String.init)
        #expect(mentioned.contains { $0.hasPrefix("\(a)/") } && mentioned.contains { $0.hasPrefix("\(b)/") }, "\(problem.formatted)")
        #expect(problem.message.contains("(step "))
        #expect(problem.location.position != nil)
        #expect(result.exitStatus == 2)
    }
}
