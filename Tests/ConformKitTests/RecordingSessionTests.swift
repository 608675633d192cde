import ConformCore
import ConformReports
import Testing

@testable import ConformKit

/// Issue 27 §6, answer by answer: where the prediction is not what the screen showed, the session asks.
@Suite("Kit: conform record asks for what the screen showed before it writes a prediction")
struct RecordingSessionTests {
    /// A session on `policy` with the form `{ title: Milk }`, after `answers`.
    static func session(_ policy: String, _ answers: [String] = []) throws -> RecordingSession {
        let recorder = TraceRecorder(trace: "t", app: "App", screen: "Edit reminder", claims: [policy], form: ["title": "Milk"])
        var session = RecordingSession(policy: try #require(builtIns.policy(id: policy)), library: builtIns, recorder: recorder)
        for answer in answers { _ = session.answer(answer) }
        return session
    }

    /// The steps of the trace as it is written.
    static func steps(_ session: RecordingSession) -> String {
        String(session.recorder.yaml().split(separator: "steps:\n", maxSplits: 1).last ?? "")
    }

    static func rejection(_ outcome: RecordingSession.Outcome) -> String? {
        if case .rejected(let reason) = outcome { return reason }
        return nil
    }

    /// Reminders after the swipe: its sheet is predicted by roles only.
    static let atSheet = ["", "1", "", "swipe: down"]

    @Test("Enter at a sheet known by roles only asks each title, its role shown; an empty answer asks again")
    func titlesAsked() throws {
        var session = try Self.session("apple-reminders", Self.atSheet)
        #expect(
            session.menu.map(RecordingTranscript.menuText) == [
                "choose: the sheet's destructive action  (its title is asked first)",
                "choose: the sheet's cancel action  (its title is asked first)",
            ])
        guard case .asked = session.answer("") else {
            Issue.record("Enter did not ask for the titles")
            return
        }
        guard case .title(.destructive, 1, 2, nil)? = session.question else {
            Issue.record("\(String(describing: session.question))")
            return
        }
        // It says what an empty line is, never that an empty line gives none (issue 35 §4).
        #expect(
            Self.rejection(session.answer(""))
                == "an empty line is no title: type the words the sheet's destructive action shows, or `see: { ... }` to type the whole sheet"
        )
        #expect(
            Self.rejection(session.answer("(destructive action)"))?.hasPrefix("'(destructive action)' is how the recorder names a role")
                == true)
        #expect(
            Self.rejection(session.answer("1"))
                == "'1' looks like a menu number: type the title the screen shows (the menu comes back once the titles are given)")
        guard case .asked = session.answer("\"Delete\"") else {
            Issue.record("a title was not taken")
            return
        }
        guard case .title(.cancel, 2, 2, nil)? = session.question else {
            Issue.record("\(String(describing: session.question))")
            return
        }
        #expect(
            Self.rejection(session.answer("Delete"))
                == "another action of this sheet is titled 'Delete' already: type the title of the cancel action")
        guard case .recorded(let steps, nil, nil) = session.answer("Cancel") else {
            Issue.record("the sheet was not recorded")
            return
        }
        #expect(steps.count == 1)
        #expect(session.question == nil)
        #expect(
            Self.steps(session).hasSuffix(
                """
                  - see:
                      done: enabled
                      cancel: absent
                      sheet:
                        actions:
                          - { title: Delete, role: destructive }
                          - { title: Cancel, role: cancel }
                      dismissed: false

                """))
        // The menu offers what the screen showed.
        #expect(session.menu.map(RecordingTranscript.menuText) == ["choose: Delete", "choose: Cancel"])
    }

    @Test("while titles are asked, `see:` types the whole observation instead, and `.` ends")
    func titlesTypedInstead() throws {
        var session = try Self.session("apple-reminders", Self.atSheet + [""])
        guard
            case .recorded = session.answer(
                "see: { sheet: { actions: [{ title: Delete, role: destructive }, { title: Keep, role: cancel }] } }")
        else {
            Issue.record("the typed sheet was not recorded")
            return
        }
        #expect(session.question == nil)
        #expect(
            Self.steps(session).hasSuffix(
                "  - swipe: down\n  - see:\n      sheet:\n        actions:\n          - { title: Delete, role: destructive }\n          - { title: Keep, role: cancel }\n"
            ))
        var ending = try Self.session("apple-reminders", Self.atSheet + [""])
        guard case .finished = ending.answer(".") else {
            Issue.record("'.' did not end")
            return
        }
        let transcript = RecordingTranscript(terminal: Terminal(colours: false))
        #expect(
            transcript.closing(steps: 4, path: "t.yaml", policy: "apple-reminders", departure: nil, unanswered: ending.question) == """

                Wrote 4 steps to t.yaml.
                Not written: the sheet whose titles were asked
                It conforms to 'apple-reminders'. Check it with: conform run t.yaml

                """)
        // A policy loaded with --policies: the advice carries what loads it, quoted for a shell.
        #expect(
            transcript.closing(
                steps: 1, path: "my trace.yaml", policy: "mine", departure: nil,
                checkArguments: ["--policies", ShellWord.quoted("My Policies")]
            )
            .hasSuffix("Check it with: conform run 'my trace.yaml' --policies 'My Policies'\n"))
        let picked = try Self.session("apple-reminders", ["", "1", "3"])
        #expect(
            transcript.closing(steps: 2, path: "t.yaml", policy: "apple-reminders", departure: nil, unanswered: picked.question)
                .contains("\nNot written: `swipe: down`, asked before what the screen showed was given\n"))
    }

    @Test("a menu action picked before the prediction is answered records the observation first, then the action")
    func observationFirst() throws {
        var session = try Self.session("apple-reminders", ["", "1"]) // the edit's prediction is not answered yet
        guard case .asked = session.answer("3") else {
            Issue.record("the swipe was recorded at once")
            return
        } // swipe: down
        guard case .recorded(let first, nil, nil) = session.answer("") else {
            Issue.record("Enter recorded nothing")
            return
        }
        #expect(first.map(\.number) == [3, 4])
        #expect(
            Self.steps(session).hasSuffix("  - see: { done: enabled, cancel: absent, sheet: none, dismissed: false }\n  - swipe: down\n"))
        guard case .asked = session.answer("1") else {
            Issue.record("the sheet's destructive action was recorded at once")
            return
        }
        guard case .observation(.sheetAction(0, .destructive))? = session.question else {
            Issue.record("\(String(describing: session.question))")
            return
        }
        #expect(
            Self.rejection(session.answer("2"))
                == "first say what the screen showed before the person chose the sheet's destructive action: an empty line if it is the prediction, or `see: { ... }` as it shows (`undo` takes the pick back)"
        )
        #expect(Self.rejection(session.answer("tap: Done"))?.hasPrefix("first say what the screen showed") == true)
        guard case .asked = session.answer("") else {
            Issue.record("Enter did not ask for the titles")
            return
        }
        guard case .title(.destructive, 1, 2, .sheetAction(0, .destructive)?)? = session.question else {
            Issue.record("\(String(describing: session.question))")
            return
        }
        _ = session.answer("Discard Changes")
        guard case .recorded(let steps, nil, nil) = session.answer("Keep Editing") else {
            Issue.record("not recorded")
            return
        }
        #expect(steps.map(\.number) == [5, 6])
        #expect(Self.steps(session).hasSuffix("      dismissed: false\n  - choose: Discard Changes\n"))
        let check = try builtIns.check(yaml: session.recorder.yaml(), file: "t.yaml", against: "apple-reminders")
        #expect(check.passed, "\(check.summary)")
    }

    @Test("the action picked first follows the observation typed instead of the prediction; a role the sheet did not show is not chosen")
    func observationTyped() throws {
        var session = try Self.session("apple-reminders", ["", "1", "", "swipe: down", "2"]) // the cancel action
        guard
            case .recorded(_, _, nil) = session.answer(
                "see: { sheet: { actions: [{ title: Delete, role: destructive }, { title: Keep, role: cancel }] } }")
        else {
            Issue.record("not recorded")
            return
        }
        #expect(Self.steps(session).hasSuffix("  - choose: Keep\n"))
        var noSheet = try Self.session("apple-reminders", ["", "1", "", "swipe: down", "1"])
        guard case .recorded(let steps, let departs?, let skipped?) = noSheet.answer("see: { sheet: none, dismissed: true }") else {
            Issue.record("the observation was not recorded alone")
            return
        }
        #expect(steps.count == 1)
        #expect(skipped == "the screen showed no sheet's actions, so there is no destructive action to choose: pick again from the menu")
        #expect(departs.summary.contains("step 4"), "\(departs.summary)")
    }

    @Test("a typed observation or choose with a placeholder title is refused")
    func placeholdersTyped() throws {
        var session = try Self.session("apple-reminders", Self.atSheet)
        #expect(
            Self.rejection(session.answer("see: { sheet: { actions: [{ title: \"(destructive action)\", role: destructive }] } }"))?
                .hasPrefix("a title in parentheses") == true)
        #expect(
            Self.rejection(session.answer("choose: \"(cancel action)\""))
                == "'(cancel action)' names a role, not a title: type the title the person chose, as the sheet shows it")
        #expect(!session.recorder.yaml().contains("action)"))
    }

    @Test("present says in the menu what it does: reopen the form")
    func presentExplained() throws {
        let session = try Self.session("apple-reminders")
        #expect(
            session.menu.map(RecordingTranscript.menuText).last
                == "present: Edit reminder  (reopens the form as it first opened; unsaved edits are gone)")
        #expect(
            RecordingTranscript.menuText(.action(.present(nil)))
                == "present:  (reopens the form as it first opened; unsaved edits are gone)")
    }
}
