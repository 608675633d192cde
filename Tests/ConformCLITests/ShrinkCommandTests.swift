import Foundation
import Testing

@Suite("CLI: conform shrink, end to end")
struct ShrinkCommandTests {
    static let trace = """
        conform: 1
        trace: swipe-twice
        app: Demo
        policy: makeitso
        form: { title: Milk }
        steps:
          - see: { done: enabled, cancel: enabled }
          - edit: { title: Bread }
          - see: { done: enabled }
          - swipe: down
          - see: { sheet: shown }
          - choose: Cancel
          - swipe: down
          - see: { dismissed: true }
          - present: Edit form

        """

    @Test("without --output: the shrunk trace on standard output, what was cut on standard error; exit 0")
    func toStandardOutput() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace)
        let output = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "makeitso"], in: scratch.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout == """
                conform: 1
                trace: swipe-twice-shrunk
                app: Demo
                note: "Shrunk by `conform shrink --policy makeitso` from t.yaml (9 steps to 3): it departs from makeitso as the recording does, in state 'confirm' at see dismissed. NEEDS RE-RECORDING: actions were cut (steps 4 and 6), so no one recorded this sequence; record it on a device before relying on it."
                policy: makeitso
                form: { title: Milk }
                steps:
                  - edit: { title: Bread }
                    note: "shrink: cut before this step: step 1 (1 observation)"
                  - swipe: down
                    note: "shrink, RE-RECORD: cut before this step: steps 3-6 (actions: swipe: down, choose: Cancel; 2 observations)"
                  - see: { dismissed: true }
                    note: "shrink: the trace departs here; cut after it: step 9"

                """)
        #expect(
            output.stderr == """
                Shrunk t.yaml against 'makeitso': 9 steps to 3.
                It departs as the recording does, in state 'confirm' at see dismissed: step 2 (was 7): after step 2 swipe down, expected a sheet offering 'Discard Changes' (destructive) and 'Cancel' (cancel); the form was dismissed
                Faithful cuts (the trace still shows only what was recorded):
                  after the departure: step 9
                  observations: steps 1, 3 and 5
                Cuts that need a re-recording (no one recorded the shrunk sequence):
                  actions: steps 4 (swipe: down), 6 (choose: Cancel)
                Record the shrunk trace again on a device before relying on it; `--faithful-only` makes only faithful cuts.

                """)
    }

    @Test("--output writes the file and prints the summary; conform run shows the same failure in it (exit 1)")
    func toFile() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace)
        let output = try BinaryRunner.run(
            ["shrink", "t.yaml", "--policy", "makeitso", "--faithful-only", "--output", "s.yaml"], in: scratch.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty)
        #expect(output.stdout.hasPrefix("Shrunk t.yaml against 'makeitso': 9 steps to 5.\n"))
        #expect(output.stdout.hasSuffix("  observations: steps 1, 3 and 5\nWrote s.yaml.\n"))
        let run = try BinaryRunner.run(["run", "s.yaml"], in: scratch.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.hasPrefix(
                "s.yaml:14:5: error: 'makeitso' departs at step 4 (state 'confirm'): after step 4 swipe down, expected a sheet offering 'Discard Changes' (destructive) and 'Cancel' (cancel); the form was dismissed\n"
            ),
            "\(run.stdout)")
    }

    @Test("a trace that does not fail, a missing file, an unknown policy, --output onto the trace itself: exit 2")
    func refusals() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", Self.trace)
        try scratch.write("holds.yaml", "conform: 1\nsteps:\n  - see: { done: enabled }\n")
        let holds = try BinaryRunner.run(["shrink", "holds.yaml", "--policy", "makeitso"], in: scratch.url)
        #expect(holds.status == 2)
        #expect(holds.stdout.isEmpty)
        #expect(holds.stderr == "holds.yaml: error: the trace conforms to 'makeitso': there is no failure to shrink\n")
        let inapplicable = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "keyboard-listener"], in: scratch.url)
        #expect(inapplicable.status == 2)
        #expect(inapplicable.stderr.hasPrefix("t.yaml: error: 'keyboard-listener' cannot judge the trace ("))
        #expect(inapplicable.stderr.hasSuffix("): there is no failure to shrink\n"))
        let missing = try BinaryRunner.run(["shrink", "none.yaml", "--policy", "makeitso"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("none.yaml: error:"))
        let unknown = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "make-it-so"], in: scratch.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown policy 'make-it-so'. Did you mean 'makeitso'?"))
        let itself = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "makeitso", "--output", "./t.yaml"], in: scratch.url)
        #expect(itself.status == 2)
        #expect(itself.stderr.hasPrefix("Error: --output is the trace being shrunk; write the shrunk trace to another file\n"))
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("t.yaml"), encoding: .utf8) == Self.trace)
    }
}
