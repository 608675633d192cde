import ConformCore
import ConformKit
import ConformLoading
import Testing

@Suite("conform generate: planned scenarios hold for their policy and exercise every transition")
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

    /// What the planner finds today; a change that makes a suite longer must say why. (one-handed's 17
    /// is the optimum: see Docs/Analyses.md.)
    @Test("totals stay small", arguments: [
        ("one-handed", 17), ("apple-sample", 17), ("makeitso", 10), ("swiftui-dismiss-disabled", 11), ("apple-reminders", 9),
        ("apple-contacts", 9), ("apple-calendar", 10), ("disclosure-always", 7), ("disclosure-split-aware", 7),
        ("keyboard-listener", 16), ("iq-keyboard-manager", 23),
    ])
    func totals(id: String, actions: Int) throws {
        let policy = try #require(builtIns.policy(id: id))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.actionCount <= actions)
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

    @Test("a policy without examples gets 0 and its own constants; what stays out of reach is listed, not hidden")
    func guessedNumbers() throws {
        let policy = try load(
            policy: """
                conform: 1
                policy: counter
                title: Counter
                domain: counter
                vocabulary:
                  actions: { add: { amount: number }, reset: null }
                  observations: { total: number }
                variables: { total: 0 }
                see: { total: total }
                initial: low
                states:
                  low:
                    on:
                      add:
                        - if: "total + arg.amount > 5"
                          set: { total: "total + arg.amount" }
                          to: high
                        - set: { total: "total + arg.amount" }
                  high:
                    on:
                      reset: { set: { total: 0 }, to: low }
                      add:
                        - if: "arg.amount < 0"
                          to: low
                        - to: high
                """)
        let suite = SuiteGenerator(policy: policy).generate()
        let output = GeneratedSuiteOutput(suite: suite, policy: policy)
        // Constants 0 and 5: `add 5` twice crosses 5; no negative amount is ever tried.
        #expect(suite.unreached.map { GeneratedSuiteOutput.describe($0, in: policy) } == ["in high, add [arg.amount < 0] → low"])
        #expect(output.checklist().contains("Not reached with the values tried"))
    }
}
