import Foundation
import Testing

/// `conform record` driven through a pipe, as a script or a person at a device would answer it.
@Suite("CLI: conform record")
struct RecordCommandTests {
    /// Records with `answers` (one per line), then checks the written file with `conform run --format json`.
    func record(_ policy: String, app: String, form: String, answers: [String], in scratch: Scratch)
        throws -> (output: BinaryRunner.Output, yaml: String, verdict: [String: Any])
    {
        let file = scratch.url.appendingPathComponent("\(policy).yaml").path
        let output = try BinaryRunner.run(
            ["record", "--policy", policy, "--app", app, "--output", file, "--form", form, "--screen", "Edit"],
            input: answers.joined(separator: "\n") + "\n")
        let yaml = try String(contentsOfFile: file, encoding: .utf8)
        let run = try BinaryRunner.run(["run", file, "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]] ?? []
        let claimed = results.first { ($0["claimed"] as? Bool) == true } ?? [:]
        return (output, yaml, claimed)
    }

    @Test("Reminders: answered as the menu invites, the sheet's titles are asked and actions follow what the screen showed")
    func reminders() throws {
        let scratch = try Scratch()
        let (output, yaml, verdict) = try record(
            "apple-reminders", app: "Reminders", form: "{ title: Milk }",
            answers: [
                "", // the opening screen is as predicted
                "1", // edit: title
                "3", // swipe: down, before saying what the edit showed: asked first
                "",
                "1", // the sheet's destructive action, before the sheet is recorded: asked first
                "", // the sheet is as predicted: its titles are asked
                "", // no title: asked again
                "Discard Changes",
                "Cancel",
                "",
                ".",
            ], in: scratch)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "")
        #expect(verdict["verdict"] as? String == "pass", "\(yaml)")
        #expect(
            yaml.hasSuffix(
                """
                steps:
                  - see: { done: disabled, cancel: absent, sheet: none, dismissed: false }
                  - edit: title
                  - see: { done: enabled, cancel: absent, sheet: none, dismissed: false }
                  - swipe: down
                  - see:
                      done: enabled
                      cancel: absent
                      sheet:
                        actions:
                          - { title: Discard Changes, role: destructive }
                          - { title: Cancel, role: cancel }
                      dismissed: false
                  - choose: Discard Changes
                  - see: { sheet: none, dismissed: true, saved: false }

                """), "\(yaml)")
        #expect(output.stderr.contains("  First: what did the screen show before `swipe: down`?\n  'apple-reminders' predicts\n"))
        #expect(output.stderr.contains("  1  choose: the sheet's destructive action  (its title is asked first)\n"))
        #expect(output.stderr.contains("  First: what did the screen show before the person chose the sheet's destructive action?\n"))
        #expect(output.stderr.contains("  Title of the sheet's destructive action (1 of 2):\n> "))
        #expect(
            output.stderr.contains(
                "not recorded: an empty line is no title: type the words the sheet's destructive action shows, or `see: { ... }` to type the whole sheet"
            ))
        #expect(!output.stderr.contains("an empty line gives none"))
        #expect(
            output.stderr.contains(
                "  recorded step 5: see: { done: enabled, cancel: absent, sheet: { actions: [{ title: Discard Changes, role: destructive }, { title: Cancel, role: cancel }] }, dismissed: false }\n  recorded step 6: choose: Discard Changes\n"
            ))
        #expect(output.stderr.contains("  4  present: Edit  (reopens the form as it first opened; unsaved edits are gone)\n"))
        #expect(!output.stderr.contains("choose: \"("))
        #expect(output.stderr.contains("Wrote 7 steps to "))
        #expect(output.stderr.contains("It conforms to 'apple-reminders'."))
    }

    @Test("a recording with mistakes taken back by undo writes, byte for byte, the trace answered right the first time")
    func undoWritesTheIntendedTrace() throws {
        let scratch = try Scratch()
        let (_, intended, _) = try record(
            "apple-reminders", app: "Reminders", form: "{ title: Milk }",
            answers: ["", "1", "3", "", "1", "", "Discard Changes", "Cancel", "", "."], in: scratch)
        let mended = try Scratch()
        let (output, yaml, verdict) = try record(
            "apple-reminders", app: "Reminders", form: "{ title: Milk }",
            answers: [
                "", "2", // tap: Done recorded by mistake
                "undo", // takes it back
                "1", "2", // the edit, then tap: Done picked by mistake again: what the screen showed is asked first
                "u", // takes the pick back; no step was recorded for it
                "3", "", // the swipe (the edited form as predicted)
                "", "Discard Chnages", "Cancel", // the sheet, a title mistyped
                "undo", // the sheet's see goes; the prediction stands again, its titles asked again
                "", "Discard Changes", "Cancel",
                "Discard Changes", // typed at the menu: the sheet on screen offers it
                "", "tap: Done", "u", ".",
            ], in: mended)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(verdict["verdict"] as? String == "pass")
        #expect(yaml == intended)
        #expect(
            yaml == """
                conform: 1
                trace: apple-reminders
                app: Reminders
                screen: Edit
                policy: apple-reminders
                form: { title: Milk }
                steps:
                  - see: { done: disabled, cancel: absent, sheet: none, dismissed: false }
                  - edit: title
                  - see: { done: enabled, cancel: absent, sheet: none, dismissed: false }
                  - swipe: down
                  - see:
                      done: enabled
                      cancel: absent
                      sheet:
                        actions:
                          - { title: Discard Changes, role: destructive }
                          - { title: Cancel, role: cancel }
                      dismissed: false
                  - choose: Discard Changes
                  - see: { sheet: none, dismissed: true, saved: false }

                """)
        #expect(output.stderr.contains("  undone: step 2, tap: Done (1 step left)\n"))
        #expect(output.stderr.contains("  undone: the pick of `tap: Done` (nothing had been recorded for it)\n"))
        #expect(
            output.stderr.contains("  undone: step 5, see: { done: enabled, cancel: absent, sheet: { actions: [{ title: Discard Chnages"))
        #expect(output.stderr.contains("  undone: step 8, tap: Done (7 steps left)\n"))
        #expect(output.stderr.contains("Wrote 7 steps to "))
    }

    @Test("Contacts: a swipe reported as dismissing departs at that observation, and the recorder says so")
    func contactsDeparture() throws {
        let scratch = try Scratch()
        let (output, yaml, verdict) = try record(
            "apple-contacts", app: "Contacts", form: "{ name: Ann }",
            answers: ["", "edit: { name: Anna }", "", "swipe: down", "see: { dismissed: true }", "."], in: scratch)
        #expect(output.status == 0)
        #expect(verdict["verdict"] as? String == "fail")
        #expect(verdict["step"] as? Int == 5, "\(yaml)")
        #expect(verdict["message"] as? String == "expected dismissed: false, saw dismissed: true")
        #expect(
            output.stderr.contains(
                "the trace now departs from 'apple-contacts' at step 5 (see dismissed: true), in state 'editing': expected dismissed: false, saw dismissed: true"
            ), "\(output.stderr)")
    }

    @Test("one-handed: menu numbers and accepted predictions record the swipe's save-or-discard sheet, and Save")
    func oneHanded() throws {
        let scratch = try Scratch()
        let (output, yaml, verdict) = try record(
            "one-handed", app: "Notes", form: "{ title: Milk }",
            answers: ["", "1", "", "4", "", "1", "", "."], in: scratch)
        #expect(output.status == 0)
        #expect(verdict["verdict"] as? String == "pass", "\(yaml)\n\(output.stderr)")
        #expect(output.stderr.contains("  1  choose: Save changes\n"))
        #expect(yaml.hasSuffix("  - choose: Save changes\n  - see: { sheet: none, dismissed: true, saved: true }\n"))
    }

    @Test("bad lines are explained and asked again; the end of input without `.` keeps every step")
    func badLines() throws {
        let scratch = try Scratch()
        let (output, yaml, verdict) = try record(
            "one-handed", app: "Notes", form: "{ title: Milk }",
            answers: [
                "tap", "jump: high", "see: { done: maybe }", "42", "edit: { titel: Eggs }", "note: nothing yet", "tap: Done",
                "note: greyed out", "evidence: /etc/passwd",
                "evidence: shots/../../x.png", "{ tap: Done, evidence: ../up.png }", "evidence: shots/1.png",
            ],
            in: scratch)
        #expect(output.status == 0)
        #expect(output.stderr.contains("not recorded: not an answer: type a menu number"))
        #expect(output.stderr.contains("not recorded: unknown verb 'jump'"))
        #expect(output.stderr.contains("not recorded: 'done' must be one of enabled, disabled, absent"))
        #expect(output.stderr.contains("not recorded: there is no action 42 in the menu"))
        // The trace has a form: a field it does not declare would make a file that does not load (issue 27 §5).
        #expect(
            output.stderr.contains(
                "not recorded: field 'titel' is not declared by 'form:' (which declares title); did you mean 'title'? (column 9)"))
        #expect(output.stderr.contains("not recorded: there is no step yet to give a note to"))
        // Evidence stays beside the trace (issue 24): conform run reads nothing outside its folders.
        #expect(output.stderr.contains("not recorded: evidence is a path relative to the trace's folder, not an absolute path"))
        #expect(
            output.stderr.components(separatedBy: "not recorded: evidence must lie inside the trace's folder: '..' leaves it").count == 3)
        #expect(yaml.hasSuffix("steps:\n  - tap: Done\n    note: greyed out\n    evidence: shots/1.png\n"))
        #expect(verdict["verdict"] as? String == "pass")
    }

    @Test("with nothing on standard input it writes nothing, says so and exits 2")
    func noInput() throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("empty.yaml").path
        let output = try BinaryRunner.run(["record", "--policy", "one-handed", "--app", "A", "--output", file])
        #expect(output.status == 2)
        #expect(!FileManager.default.fileExists(atPath: file))
        // It does not say an empty trace conforms (issue 27 §5), nor writes one (issue 33 §5): run and lint refuse it.
        #expect(
            output.stderr.hasSuffix(
                "Nothing written: no step was recorded, so \(file) was not written (a file already there is left as it was); record at least one step\n"
            ))
        #expect(!output.stderr.contains("It conforms"))
    }

    @Test("usage errors exit 2: an unknown policy, a --form that is not a map")
    func usage() throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("x.yaml").path
        let unknown = try BinaryRunner.run(["record", "--policy", "one-handd", "--app", "A", "--output", file])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("Did you mean 'one-handed'?"))
        let form = try BinaryRunner.run(["record", "--policy", "one-handed", "--app", "A", "--output", file, "--form", "[1]"])
        #expect(form.status == 2)
        #expect(form.stderr.contains("--form must be a YAML map"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test("Ctrl-C keeps every complete step and says where they are")
    func interrupt() throws {
        let scratch = try Scratch()
        let file = scratch.url.appendingPathComponent("stopped.yaml").path
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["record", "--policy", "one-handed", "--app", "A", "--output", file]
        let input = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = PipeReader(err)
        input.fileHandleForWriting.write(Data("\ntap: Done\n".utf8))
        // Wait (at most 20 s) until both steps are on disk, as a person would before pressing Ctrl-C.
        for _ in 0..<200 where !((try? String(contentsOfFile: file, encoding: .utf8))?.contains("tap: Done") ?? false) {
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.interrupt()
        // Never hang the suite: a recorder that ignores Ctrl-C is killed after 10 s (and the test fails).
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let said = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(said.hasSuffix("conform: stopped; every complete step is in \(file)\n"))
        let yaml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(yaml.hasSuffix("steps:\n  - see: { done: disabled, cancel: enabled, sheet: none, dismissed: false }\n  - tap: Done\n"))
    }
}
