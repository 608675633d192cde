import ConformCore
import ConformKit
import ConformLoading
import ConformTestSupport
import Testing

@testable import ConformReports

@Suite("Kit: conform generate: planned scenarios hold for their policy and exercise every transition")
struct GenerateTests {
    static let loader = TraceLoader(vocabulary: KnownVocabulary(policies: builtIns.policies))

    @Test("every built-in policy: each written trace loads and passes, and together they take every transition", arguments: builtIns.ids)
    func suiteCoversPolicy(id: String) throws {
        let policy = try #require(builtIns.policy(id: id))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.unreached.isEmpty, "unreached: \(suite.unreached)")
        let files = GeneratedSuiteOutput(suite: suite, policy: policy).traceFiles()
        #expect(files.count == suite.scenarios.count)
        var taken: Set<TransitionID> = []
        for file in files {
            let (trace, problems) = Self.loader.load(Array(file.text.utf8), file: file.name)
            let loaded = try #require(trace, "\(file.name): \(problems.map(\.message))\n\(file.text)")
            #expect(loaded.claims.map(\.policy) == [id])
            let outcome = Checker.check(loaded, against: policy)
            #expect(summary(outcome.verdict) == "pass", "\(file.name)\n\(file.text)")
            taken.formUnion(outcome.path.map(\.id))
        }
        #expect(taken == Set(policy.transitionIDs), "missing: \(Set(policy.transitionIDs).subtracting(taken))")
    }

    /// The fewest actions possible with the alphabet's values: the exact search's results, the form and
    /// disclosure ones also found by an independent search in review. keyboard-listener takes 13, not
    /// the 12 its transitions need at least, because every example is used (498, the boundary, too);
    /// iq-keyboard-manager takes one action per transition, its least. disclosure-split-aware has 7 since
    /// its `show` tells a first appearance from a later one.
    @Test(
        "totals are the fewest possible",
        arguments: [
            ("one-handed", 17, 6), ("apple-sample", 17, 6), ("makeitso", 8, 4), ("swiftui-dismiss-disabled", 9, 4),
            ("apple-reminders", 8, 3),
            ("apple-contacts", 8, 3), ("apple-calendar", 9, 4), ("disclosure-always", 6, 1), ("disclosure-split-aware", 7, 1),
            ("keyboard-listener", 13, 1), ("iq-keyboard-manager", 16, 1),
        ])
    func totals(id: String, actions: Int, scenarios: Int) throws {
        let policy = try #require(builtIns.policy(id: id))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.actionCount == actions)
        #expect(suite.scenarios.count == scenarios)
    }

    @Test("the checklist and the trace files for one-handed, word for word")
    func oneHandedGolden() throws {
        let policy = try #require(builtIns.policy(id: "one-handed"))
        let output = GeneratedSuiteOutput(suite: SuiteGenerator(policy: policy).generate(), policy: policy)
        try assertGolden(output.checklist(), named: "generate-one-handed.txt")
        try assertGolden(output.traceFiles().map { "# \($0.name)\n\($0.text)" }.joined(separator: "\n"), named: "generate-one-handed.yaml")
    }

    @Test("numbers come from the policy's examples and setup: the keyboard boundary is 498 (no scroll) and 499 (scrolls 1 pt)")
    func keyboardExamples() throws {
        let policy = try #require(builtIns.policy(id: "keyboard-listener"))
        let output = GeneratedSuiteOutput(suite: SuiteGenerator(policy: policy).generate(), policy: policy)
        try assertGolden(output.checklist(), named: "generate-keyboard-listener.txt")
    }

    @Test("a policy without examples gets 0, its own constants and their neighbours, and its strings; what stays out of reach is listed")
    func guessedValues() throws {
        let policy = try load(
            policy: """
                conform: 1
                policy: counter
                title: Counter
                domain: counter
                vocabulary:
                  actions: { add: { amount: number }, greet: string }
                  observations: { total: number }
                variables: { total: 0 }
                see: { total: total }
                initial: low
                states:
                  low:
                    on:
                      greet:
                        - if: "arg == 'Bob'"
                          to: high
                        - to: low
                      add:
                        - if: "arg.amount > 3"
                          set: { total: "total + arg.amount" }
                          to: high
                        - set: { total: "total + arg.amount" }
                  high:
                    on:
                      add:
                        - if: "arg.amount * arg.amount == 49"
                          to: low
                        - to: high
                """)
        let suite = SuiteGenerator(policy: policy).generate()
        let output = GeneratedSuiteOutput(suite: suite, policy: policy)
        // 4 (3 + 1) crosses `> 3`; 'Bob' is tried because the guard names it; no guessed number squares to 49.
        #expect(
            suite.unreached.map { GeneratedSuiteOutput.describe($0, in: policy) } == ["in high, add [arg.amount * arg.amount == 49] → low"])
        #expect(output.checklist().contains("greet 'Bob'"))
        #expect(output.checklist().contains("add (amount 4)"))
        #expect(output.checklist().contains("Not reached with the values tried"))
    }
}
