import ConformCore
import ConformKit
import ConformLoading
import Foundation
import Testing

@testable import ConformReports

@Suite("Kit: generate and compare explore the form fields a policy reads (issue 28 §3)")
struct GenerateFieldsTests {
    static func composeText(adding extra: String = "") throws -> String {
        try String(contentsOfFile: ComposeFixtures.policy, encoding: .utf8) + extra
    }

    /// Plans `policy`, loads and checks every trace file written: the traces, and the transitions they took.
    static func plannedTraces(_ policy: Policy) throws -> (suite: GeneratedSuite, traces: [Trace], taken: Set<TransitionID>) {
        let suite = SuiteGenerator(policy: policy).generate()
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: builtIns.policies + [policy]))
        var traces: [Trace] = []
        var taken: Set<TransitionID> = []
        for file in GeneratedSuiteOutput(suite: suite, policy: policy).traceFiles() {
            let (trace, problems) = loader.load(Array(file.text.utf8), file: file.name)
            let loaded = try #require(trace, "\(file.name): \(problems.map(\.message))\n\(file.text)")
            let outcome = Checker.check(loaded, against: policy)
            #expect(summary(outcome.verdict) == "pass", "\(file.name)\n\(file.text)")
            taken.formUnion(outcome.path.map(\.id))
            traces.append(loaded)
        }
        return (suite, traces, taken)
    }

    /// The fields the traces' `form:` and edits name.
    static func fieldsNamed(in traces: [Trace]) -> Set<String> {
        var fields = Set(traces.flatMap(\.form.keys))
        for trace in traces {
            for step in trace.steps {
                if case .action(.edit(let edits)) = step.kind { fields.formUnion(edits.map(\.field)) }
            }
        }
        return fields
    }

    @Test("the compose policy: every transition reached (tap Send → sent included), traces that use form.to and pass")
    func composeReachesEveryTransition() throws {
        let policy = try load(policy: Self.composeText())
        let (suite, traces, taken) = try Self.plannedTraces(policy)
        #expect(suite.unreached.isEmpty, "\(suite.unreached)")
        #expect(taken == Set(policy.transitionIDs))
        let sent = try #require(
            policy.transitionIDs.first { $0.state == "composing" && $0.pattern.display == "tap done" && $0.branch == 0 })
        #expect(taken.contains(sent))
        #expect(Self.fieldsNamed(in: traces) == ["to"])
        #expect(traces.allSatisfy { $0.form == ["to": .string("")] })
        let checklist = GeneratedSuiteOutput(suite: suite, policy: policy).checklist()
        #expect(checklist.hasPrefix("compose: 3 scenarios, 12 actions, 8 of 8 transitions\n"))
        #expect(checklist.contains("its to empty.\n"))
        #expect(checklist.contains("Change to to \"new to\""))
        #expect(!checklist.contains("title"))
    }

    @Test("declared fields: their examples are the values typed, and every declared field is in the form")
    func declaredFieldsAndExamples() throws {
        let policy = try load(policy: Self.composeText(adding: "fields:\n  to: ana@example.com\n  subject: [Lunch]\n"))
        let values = FieldValues([policy])
        #expect(values.names == ["to", "subject"])
        #expect(values.values["to"] == [.string("ana@example.com"), .string("new to"), .string(""), .null])
        #expect(values.values["subject"] == [.string("Lunch"), .string("new subject"), .string(""), .null])
        let (suite, traces, taken) = try Self.plannedTraces(policy)
        #expect(suite.unreached.isEmpty)
        #expect(taken == Set(policy.transitionIDs))
        #expect(Self.fieldsNamed(in: traces) == ["to", "subject"])
        let edits = traces.flatMap(\.steps).compactMap { step -> FieldEdit? in
            if case .action(.edit(let edits)) = step.kind { return edits.first }
            return nil
        }
        #expect(edits.contains { $0.field == "to" && $0.value == .string("ana@example.com") })
    }

    @Test("the values of a field: the literals it is compared with, then empty and null; a new value that is none of them")
    func literalsOfTheField() throws {
        let policy = try load(
            policy: """
                conform: 1
                policy: p
                title: T
                domain: form
                see: { done: "form.to == 'new to' || form.n > 3 ? enabled : disabled" }
                initial: editing
                states:
                  editing:
                    on:
                      edit: editing
                      tap done: saved
                  saved: { final: true, see: { saved: true } }
                """)
        let values = FieldValues([policy])
        #expect(values.names == ["to", "n"])
        #expect(values.values["to"] == [.string("new to'"), .string("new to"), .number(3), .string(""), .null])
        #expect(values.opening == ["to": .string(""), "n": .string("")])
    }

    @Test("a form policy that names no field keeps the stand-in title field (the built-in ones' plans do not change)")
    func standInField() throws {
        let policy = try #require(builtIns.policy(id: "one-handed"))
        #expect(FieldValues([policy]).names.isEmpty)
        let alphabet = ActionAlphabet(policies: [policy])
        #expect(alphabet.form == [ActionAlphabet.field: ActionAlphabet.openingValue])
    }

    @Test("compare explores the fields of the pair, not an invented title")
    func compareUsesTheFields() throws {
        let compose = try load(policy: Self.composeText())
        let oneHanded = try #require(builtIns.policy(id: "one-handed"))
        let comparison = PolicyComparison(compose, oneHanded)
        #expect(comparison.alphabet.form == ["to": .string("")])
        let result = comparison.compare()
        let fields = result.differences.flatMap(\.scenario.steps).compactMap { step -> String? in
            if case .edit(let edits) = step.action { return edits.first?.field }
            return nil
        }
        #expect(!fields.isEmpty && fields.allSatisfy { $0 == "to" })
        // The first difference: an emptied recipient greys Send; one-handed's Done is enabled by any edit.
        #expect(
            result.differences.first.map { ScenarioWording(policy: compose, form: result.form).action($0.scenario.steps[0].action) }
                == "Clear to (empty, as when the form opened)")
    }

    @Test("a state nothing leads to is reported as unreachable, not as not reached with the values tried")
    func unreachableState() throws {
        let policy = try load(policy: Self.composeText(adding: "  archived:\n    on:\n      tap cancel: discarded\n"))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.unreached.map { GeneratedSuiteOutput.describe($0, in: policy) } == ["in archived, tap cancel → discarded"])
        #expect(suite.unreachable == suite.unreached)
        // The rest is still planned exactly.
        #expect(suite.scenarios.count == 3 && suite.actionCount == 12)
        #expect(
            GeneratedSuiteOutput(suite: suite, policy: policy).unreachedText()
                == "\nUnreachable: nothing leads to state 'archived' from 'composing' (a transition whose 'to' names it is missing or "
                + "misspelt; `conform lint` says so too):\n  - in archived, tap cancel → discarded\n")
    }

    @Test(
        "the hint for values not tried names what the policy's domain accepts: fields: examples for a form, vocabulary examples otherwise")
    func hintPerDomain() throws {
        let yaml = """
            conform: 1
            policy: p
            title: T
            domain: form
            initial: editing
            states:
              editing:
                on:
                  edit: editing
                  tap done:
                    - if: "form.count * form.count == 49"
                      to: saved
                    - to: editing
              saved: { final: true, see: { saved: true } }

            """
        let form = try load(policy: yaml)
        let suite = SuiteGenerator(policy: form).generate()
        #expect(
            suite.unreached.map { GeneratedSuiteOutput.describe($0, in: form) } == [
                "in editing, tap done [form.count * form.count == 49] → saved"
            ])
        #expect(suite.unreachable.isEmpty)
        let text = GeneratedSuiteOutput(suite: suite, policy: form).unreachedText()
        #expect(
            text.hasPrefix(
                "\nNot reached with the values tried (give count, which it compares as a number, numeric example values under "
                    + "`fields:`, unquoted (a quoted value is text), e.g. `fields: { count: [12.5, 0] }`):\n"))
        #expect(!text.contains("vocabulary"))
        // The advice works: with an example, every transition is reached.
        let followed = try load(policy: yaml + "fields: { count: [7] }\n")
        #expect(SuiteGenerator(policy: followed).generate().unreached.isEmpty)
        let custom = try #require(builtIns.policy(id: "keyboard-listener"))
        #expect(GeneratedSuiteOutput.moreValuesHint(for: custom) == "add `examples` to the policy's vocabulary")
    }

    @Test("a guard no value satisfies is never taken, and the advice is to change the guard, not to give values")
    func guardNothingSatisfies() throws {
        let policy = try load(
            policy: Self.composeText().replacingOccurrences(of: "        - if: edited\n", with: "        - if: edited && !edited\n"))
        let suite = SuiteGenerator(policy: policy).generate()
        let described = suite.unreached.map { GeneratedSuiteOutput.describe($0, in: policy) }
        #expect(described.first == "in composing, tap cancel [edited && !edited] → confirm-cancel")
        #expect(suite.unsatisfiable == [suite.unreached[0]])
        let text = GeneratedSuiteOutput(suite: suite, policy: policy).unreachedText()
        #expect(
            text.hasPrefix(
                "\nNever taken: no value tried satisfies its guard (`conform lint` points at it and names the fix):\n"
                    + "  - in composing, tap cancel [edited && !edited] → confirm-cancel\n"))
        // The sheet's choices are then out of reach of every value: only that branch led to their state.
        #expect(
            text.contains("and, since only those lead to their states, these:\n  - in confirm-cancel, choose Delete Draft → discarded\n"))
        #expect(suite.behindUnsatisfiable.count == 3)
        #expect(!text.contains("fields:") && !text.contains("values tried"))
    }

    @Test("a tap on greyed-out Send takes the branch that says it changes nothing; one whose branch moves changes nothing")
    func greyedTap() throws {
        let policy = try load(policy: Self.composeText())
        let simulator = PolicySimulator(policy: policy, form: ["to": .string("")])
        let move = try #require(simulator.perform(.tap("Send"), from: simulator.start()))
        #expect(move.transition.map { "\($0.state) \($0.pattern.display) #\($0.branch)" } == "composing tap done #1")
        #expect(simulator.state(of: move.configuration) == "composing")
        let moving = try load(
            policy: Self.composeText().replacingOccurrences(
                of: "        - note: Send is greyed without a recipient\n", with: "        - to: discarded\n"))
        let other = PolicySimulator(policy: moving, form: ["to": .string("")])
        let unchanged = try #require(other.perform(.tap("Send"), from: other.start()))
        #expect(unchanged.transition == nil)
        #expect(other.state(of: unchanged.configuration) == "composing")
    }
}
