import ConformCore
import ConformReports
import Foundation
import Testing

@testable import ConformKit

@Suite("Kit: conform shrink: the shortest trace that fails the same way")
struct ShrinkTests {
    static let library = PolicyLibrary.builtIn()

    /// An edit set back, a look at the cancel sheet, then a look at Done that one-handed (sticky
    /// "edited") does not expect; then more, after the departure.
    static let recorded = """
        conform: 1
        trace: long-one
        app: Demo
        policy: one-handed
        form: { title: Milk }
        steps:
          - see: { done: disabled, cancel: enabled }
          - edit: { title: Bread }
          - see: { done: enabled }
          - edit: { title: Milk }
            note: set back
          - see: { done: enabled }
          - tap: Cancel
          - see: { sheet: { title: Do you want to cancel? } }
          - choose: Cancel
          - see: { done: enabled }
          - edit: { title: Eggs }
          - see: { done: disabled }
          - tap: Done
          - see: { dismissed: true }

        """

    static func shrink(_ yaml: String, _ policy: String = "one-handed", faithfulOnly: Bool = false) throws -> ShrinkResult {
        let trace = try library.load(yaml: yaml, file: "long.yaml")
        let policy = try #require(library.policy(id: policy))
        return try TraceShrinker(policy: policy, faithfulOnly: faithfulOnly).shrink(trace)
    }

    @Test("every cut: faithful ones (after the departure, observations), then actions that need a re-recording")
    func fullShrink() throws {
        let result = try Self.shrink(Self.recorded)
        #expect(result.kept == [10, 11])
        #expect(result.shape == FailureShape(state: "editing", key: "see done", observed: #"{"done":"disabled"}"#))
        #expect(
            result.cuts == [
                ShrinkCut(kind: .afterDeparture, steps: [12, 13]), ShrinkCut(kind: .observation, steps: [1, 3, 5, 7, 9]),
                ShrinkCut(kind: .action, steps: [2, 4, 6, 8]),
            ])
        #expect(result.needsRerecording)
        #expect(result.departure.step == 2)
        #expect(result.originalDeparture.step == 11)
        let output = ShrinkOutput(result: result, destination: nil)
        #expect(
            output.yaml() == """
                conform: 1
                trace: long-one-shrunk
                app: Demo
                note: "Shrunk by `conform shrink --policy one-handed` from long.yaml (13 steps to 2): it departs from one-handed as the recording does, in state 'editing' at see done. NEEDS RE-RECORDING: actions were cut (steps 2, 4, 6 and 8), so no one recorded this sequence; record it on a device before relying on it."
                policy: one-handed
                form: { title: Milk }
                steps:
                  - edit: { title: Eggs }
                    note: "shrink, RE-RECORD: cut before this step: steps 1-9 (actions: edit: { title: Bread }, edit: { title: Milk }, tap: Cancel, choose: Cancel; 5 observations)"
                  - see: { done: disabled }
                    note: "shrink: the trace departs here; cut after it: steps 12-13"

                """)
        #expect(
            output.summary(written: nil) == """
                Shrunk long.yaml against 'one-handed': 13 steps to 2.
                It departs as the recording does, in state 'editing' at see done: step 2 (was 11): expected done: enabled, saw done: disabled
                Faithful cuts (the trace still shows only what was recorded):
                  after the departure: steps 12-13
                  observations: steps 1, 3, 5, 7 and 9
                Cuts that need a re-recording (no one recorded the shrunk sequence):
                  actions: steps 2 (edit: { title: Bread }), 4 (edit: { title: Milk }), 6 (tap: Cancel), 8 (choose: Cancel)
                Record the shrunk trace again on a device before relying on it; `--faithful-only` makes only faithful cuts.

                """)
    }

    @Test("--faithful-only: no action is cut; the edit set back stays, since one-handed's sticky flag needs it")
    func faithfulOnly() throws {
        let result = try Self.shrink(Self.recorded, faithfulOnly: true)
        #expect(result.kept == [2, 4, 6, 8, 10, 11])
        #expect(!result.needsRerecording)
        #expect(
            result.cuts == [ShrinkCut(kind: .afterDeparture, steps: [12, 13]), ShrinkCut(kind: .observation, steps: [1, 3, 5, 7, 9])])
        let yaml = ShrinkOutput(result: result, destination: nil).yaml()
        #expect(yaml.contains("  - edit: { title: Milk }\n    note: \"set back | shrink: cut before this step: step 3 (1 observation)\"\n"))
        #expect(!yaml.contains("RE-RECORD"))
    }

    @Test("an edit set back by the next action, with what was seen between, is one faithful cut where the policy compares values")
    func undoneEdit() throws {
        let yaml = """
            conform: 1
            policy: makeitso
            form: { title: Milk }
            steps:
              - edit: { title: Bread }
              - see: { done: enabled }
              - edit: { title: Milk }
              - tap: Cancel
              - see: { sheet: shown }

            """
        let result = try Self.shrink(yaml, "makeitso", faithfulOnly: true)
        #expect(result.cuts == [ShrinkCut(kind: .undoneEdit, steps: [1, 2, 3])])
        #expect(result.kept == [4, 5])
        #expect(
            ShrinkOutput(result: result, destination: nil).summary(written: "s.yaml").hasSuffix(
                "Faithful cuts (the trace still shows only what was recorded):\n  undone edits: steps 1-3 (1 edit and the edit setting it back)\nWrote s.yaml.\n"
            ))
    }

    @Test("the shrunk trace, read back, fails the policy it claims in the same state, at the same key, with the same observation")
    func sameFailure() throws {
        for faithfulOnly in [false, true] {
            let result = try Self.shrink(Self.recorded, faithfulOnly: faithfulOnly)
            let check = try Self.library.check(
                yaml: ShrinkOutput(result: result, destination: nil).yaml(), file: "s.yaml", against: "one-handed")
            let departure = try #require(check.departure)
            #expect(departure.state == "editing")
            #expect(departure.observed.serialized() == #"{"done":"disabled"}"#)
        }
    }

    @Test("a trace that does not fail cannot be shrunk")
    func refusal() throws {
        let trace = try Self.library.load(yaml: "conform: 1\nsteps:\n  - see: { done: disabled }\n", file: "t.yaml")
        let policy = try #require(Self.library.policy(id: "one-handed"))
        #expect(throws: TraceShrinker.Refusal.self) { try TraceShrinker(policy: policy).shrink(trace) }
        #expect(
            ShrinkOutput.refusal(policy: "one-handed", verdict: .pass)
                == "the trace conforms to 'one-handed': there is no failure to shrink")
    }

    @Test("10,000 steps of edits set back and forth shrink to 3 in few checks, and the same way every time")
    func longTrace() throws {
        var yaml = "conform: 1\ntrace: long-edits\npolicy: one-handed\nform: { title: A }\nsteps:\n"
        for index in 0..<4_999 { yaml += "  - edit: { title: \(index % 2 == 0 ? "B" : "A") }\n  - see: { done: enabled }\n" }
        yaml += "  - tap: Cancel\n  - see: { done: disabled }\n"
        let start = Date()
        let result = try Self.shrink(yaml, faithfulOnly: true)
        let seconds = Date().timeIntervalSince(start)
        #expect(result.original.steps.count == 10_000)
        #expect(result.kept == [9_997, 9_999, 10_000])
        #expect(!result.needsRerecording)
        #expect(result.cuts.filter { $0.kind == .undoneEdit }.count == 2_499)
        #expect(result.checks < 100, "\(result.checks) checks")
        #expect(seconds < 30, "\(seconds) s (a debug build on a shared machine; release: Docs/Analyses.md)")
        let again = try Self.shrink(yaml, faithfulOnly: true)
        #expect(again.kept == result.kept && again.cuts == result.cuts)
    }

    @Test("an evidence path keeps pointing at its file when the shrunk trace goes to another folder")
    func evidenceRebased() throws {
        let yaml = "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: disabled }\n    evidence: shots/1.png\n"
        let trace = try Self.library.load(yaml: yaml, file: "Traces/a.yaml")
        let result = try TraceShrinker(policy: try #require(Self.library.policy(id: "makeitso"))).shrink(trace)
        #expect(ShrinkOutput(result: result, destination: "Traces/b.yaml").yaml().contains("    evidence: shots/1.png\n"))
        #expect(ShrinkOutput(result: result, destination: "Shrunk/b.yaml").yaml().contains("    evidence: \"../Traces/shots/1.png\"\n"))
    }
}
