import ConformCore
import ConformKit
import ConformLoading
import ConformTestSupport
import Testing

@testable import ConformReports

@Suite("Kit: conform compare: shortest differing scenarios, written as traces that pass A and fail B")
struct CompareTests {
    static let loader = TraceLoader(vocabulary: KnownVocabulary(policies: builtIns.policies))

    /// Every ordered pair of distinct built-in policies of one domain.
    static let pairs: [(String, String)] = builtIns.policies.flatMap { a in
        builtIns.policies.filter { $0.id != a.id && $0.domain == a.domain }.map { (a.id, $0.id) }
    }

    @Test("every written trace passes A, and fails B at its last step", arguments: pairs)
    func writtenTracesTellApart(a: String, b: String) throws {
        let policyA = try #require(builtIns.policy(id: a))
        let policyB = try #require(builtIns.policy(id: b))
        let output = ComparisonOutput(result: SharedComparisons.result(policyA, policyB), a: policyA, b: policyB)
        #expect(!output.result.differences.isEmpty, "built-in policies all differ somewhere")
        let files = output.traceFiles()
        #expect(!files.isEmpty)
        for file in files {
            let (trace, problems) = Self.loader.load(Array(file.text.utf8), file: file.name)
            let loaded = try #require(trace, "\(file.name): \(problems.map(\.message))")
            #expect(summary(Checker.check(loaded, against: policyA).verdict) == "pass", "\(file.name)\n\(file.text)")
            let departure = try #require(Checker.check(loaded, against: policyB).verdict.departure, "\(file.name) passes \(b)")
            #expect(departure.step >= loaded.steps.count - 1, "\(file.name) fails \(b) before its end, at step \(departure.step)")
        }
    }

    @Test(
        "a policy compared with itself: no difference, every pair of states explored",
        arguments: ["one-handed", "apple-contacts", "disclosure-always"])
    func noDifference(id: String) throws {
        let policy = try #require(builtIns.policy(id: id))
        let output = ComparisonOutput(result: PolicyComparison(policy, policy).compare(), a: policy, b: policy)
        #expect(output.result.differences.isEmpty)
        #expect(output.result.complete)
        #expect(output.text().hasPrefix("No difference between \(id) and \(id):"))
    }

    @Test(
        "golden text for three pairs, JSON for one",
        arguments: [
            ("makeitso", "swiftui-dismiss-disabled"), ("one-handed", "apple-sample"), ("apple-reminders", "apple-contacts"),
        ])
    func goldens(a: String, b: String) throws {
        let policyA = try #require(builtIns.policy(id: a))
        let policyB = try #require(builtIns.policy(id: b))
        let output = ComparisonOutput(result: PolicyComparison(policyA, policyB).compare(), a: policyA, b: policyB)
        try assertGolden(output.text(), named: "compare-\(a)-\(b).txt")
        if a == "apple-reminders" {
            try assertGolden(output.json().serialized(pretty: true) + "\n", named: "compare-\(a)-\(b).json")
            try assertGolden(
                output.traceFiles().map { "# \($0.name)\n\($0.text)" }.joined(separator: "\n"), named: "compare-\(a)-\(b).yaml")
        }
    }

    @Test("verbs and keys only one policy knows stay out of the scenarios: a written trace fails B, it is not inapplicable to it")
    func vocabulariesThatDiffer() throws {
        func counter(_ id: String, extra: Bool) throws -> Policy {
            try load(
                policy: """
                    conform: 1
                    policy: \(id)
                    title: Counter
                    domain: counter
                    vocabulary:
                      actions: { add: { amount: number }\(extra ? ", wipe: null" : "") }
                      observations: { total: number\(extra ? ", big: bool" : "") }
                    variables: { total: 0 }
                    see: { total: total\(extra ? ", big: \"total > 5\"" : "") }
                    initial: low
                    states:
                      low:
                        on:
                          \(extra ? "wipe: { set: { total: 0 } }" : "")
                          add:
                            - if: "total + arg.amount > 5"
                              set: { total: \(extra ? "\"total + arg.amount\"" : "5") }
                              to: high
                            - set: { total: "total + arg.amount" }
                      high: {}
                    """)
        }
        let a = try counter("counter-a", extra: true)
        let b = try counter("counter-b", extra: false)
        let output = ComparisonOutput(result: PolicyComparison(a, b).compare(), a: a, b: b)
        #expect(
            output.text().hasPrefix(
                "counter-a and counter-b differ: 1 scenario within 12 actions (the search stopped there); the shortest takes 1 action.\n\n1. add (amount 6)\n"
            ))
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: [a, b]))
        for file in output.traceFiles() {
            let trace = try #require(loader.load(Array(file.text.utf8), file: file.name).trace)
            #expect(Checker.check(trace, against: a).verdict.kind == .pass)
            #expect(Checker.check(trace, against: b).verdict.kind == .fail, "\(file.text)")
        }
    }

    /// An independent check of "shortest": every action sequence of n actions, for n = 0, 1, 2, ...,
    /// written as a trace of A's predictions and checked against B by the checker alone. The first n
    /// at which some trace fails B must be the length of compare's first scenario.
    @Test(
        "the first scenario is as short as any trace of A that fails B (brute force)",
        arguments: [
            ("makeitso", "swiftui-dismiss-disabled"), ("one-handed", "apple-sample"), ("apple-reminders", "apple-contacts"),
            ("apple-contacts", "apple-calendar"), ("swiftui-dismiss-disabled", "makeitso"), ("disclosure-split-aware", "disclosure-always"),
        ])
    func shortestByBruteForce(a: String, b: String) throws {
        let policyA = try #require(builtIns.policy(id: a))
        let policyB = try #require(builtIns.policy(id: b))
        let comparison = PolicyComparison(policyA, policyB)
        let shortest = try #require(comparison.compare().differences.first { $0.failsB })
        let simulator = PolicySimulator(policy: policyA, form: comparison.alphabet.form)
        var sequences: [[Action]] = [[]]
        for length in 0...shortest.actionCount {
            let failing = sequences.first { sequence in
                guard let text = Self.traceText(of: sequence, simulator: simulator, form: comparison.alphabet.form) else { return false }
                let (trace, _) = Self.loader.load(Array(text.utf8), file: "brute.yaml")
                return trace.map { Checker.check($0, against: policyB).verdict.kind == .fail } ?? false
            }
            if length < shortest.actionCount {
                #expect(failing == nil, "a shorter scenario fails \(b): \(failing.map { $0.map(\.display) } ?? [])")
            } else {
                #expect(failing != nil)
            }
            sequences = sequences.flatMap { sequence in comparison.alphabet.actions.map { sequence + [$0] } }
        }
    }

    /// A trace of A's predictions after each action, or `nil` when A does not allow the sequence.
    static func traceText(of actions: [Action], simulator: PolicySimulator, form: [String: Value]) -> String? {
        var configuration = simulator.start()
        var steps: [ScenarioStep] = []
        for action in actions {
            guard let move = simulator.perform(action, from: configuration) else { return nil }
            configuration = move.configuration
            steps.append(
                ScenarioStep(
                    action: action, transition: move.transition, isFirstCoverage: false,
                    expected: simulator.prediction(configuration)))
        }
        let scenario = Scenario(opening: simulator.prediction(simulator.start()), steps: steps)
        return TraceYAML.trace(id: "brute", title: "brute", claims: [simulator.policy.id], note: "", form: form, scenario: scenario)
    }
}
