import ConformCore
import ConformReports
import Foundation
import Testing

@testable import ConformKit

/// Issue 35 §4: the guided recorder forgives. `undo` takes back the last step and leaves the session as
/// it was before it; after a departure nothing is predicted; a title typed at the menu chooses it; titles
/// given once for a sheet are not asked again.
@Suite("Kit: conform record undoes, stops predicting after a departure, takes typed titles and remembers them")
struct RecordingUndoTests {
    typealias Person = RecordingConversationTests.Person

    /// Everything an answer may change that the person sees or that decides the next answers.
    struct Snapshot: Equatable {
        var yaml: String
        var prediction: String?
        var menu: [String]
        var state: String
        var departure: String?
        var titlesGivenAt: Int?

        init(_ session: RecordingSession) {
            yaml = session.recorder.yaml()
            prediction = session.prediction.map(TraceYAML.observation)
            menu = session.menu.map(RecordingTranscript.menuText)
            state = session.state
            departure = session.departure?.summary
            titlesGivenAt = session.titlesGivenAt
        }
    }

    static func session(_ policy: String, form: [String: Value] = ["title": "Milk"], _ answers: [String] = []) throws -> RecordingSession {
        let recorder = TraceRecorder(trace: "t", app: "App", screen: "Edit reminder", claims: [policy], form: form)
        var session = RecordingSession(policy: try #require(builtIns.policy(id: policy)), library: builtIns, recorder: recorder)
        for answer in answers { _ = session.answer(answer) }
        return session
    }

    static func rejection(_ outcome: RecordingSession.Outcome) -> String? {
        if case .rejected(let reason) = outcome { return reason }
        return nil
    }

    @Test(
        "undo, step by step back to none, leaves the session exactly as it was when the trace had that many steps",
        arguments: RecordingConversationTests.formPolicies, [false, true])
    func undoRestores(policy: String, picksBeforeConfirming: Bool) throws {
        var person = Person(picksBeforeConfirming: picksBeforeConfirming)
        var session = try Self.session(policy)
        // What the session was each time it waited for an ordinary turn, by the number of steps.
        var resting: [Int: Snapshot] = [0: Snapshot(session)]
        for _ in 0..<200 {
            let actions = session.recorder.trace.steps.count { if case .action = $0.kind { true } else { false } }
            if case .finished = session.answer(person.answer(session, actionsSoFar: actions)) { break }
            if session.question == nil { resting[session.recorder.trace.steps.count] = Snapshot(session) }
        }
        let recorded = session.recorder.trace.steps.count
        #expect(recorded > 6)
        var compared = 0
        while !session.recorder.trace.steps.isEmpty {
            let before = session.recorder.trace.steps.count
            guard case .undone(let step, _) = session.undo() else {
                Issue.record("undo did not take a step back at \(before) steps")
                return
            }
            #expect(step.number == before)
            #expect(session.recorder.trace.steps.count == before - 1)
            if let expected = resting[before - 1] {
                #expect(Snapshot(session) == expected, "after undoing step \(before)")
                compared += 1
            }
        }
        #expect(compared >= recorded / 2, "too few states to compare: \(compared) of \(recorded)")
        #expect(Self.rejection(session.undo()) == "there is no step to undo: the trace has none yet")
        #expect(Snapshot(session) == resting[0])
        #expect(session.undoneSteps == recorded)
    }

    @Test("a mistyped title undone and typed again writes exactly the trace typed right the first time")
    func undoThenRedo() throws {
        let right = ["", "1", "3", "", "1", "", "Discard Changes", "Cancel", ""]
        let mistyped = ["", "1", "3", "", "1", "", "Discard Chnages", "Cancel", "u", "undo", "1", "", "Discard Changes", "Cancel", ""]
        let intended = try Self.session("apple-reminders", right)
        let mended = try Self.session("apple-reminders", mistyped)
        #expect(mended.recorder.yaml() == intended.recorder.yaml())
        #expect(!mended.recorder.yaml().contains("Chnages"))
        #expect(try builtIns.check(yaml: mended.recorder.yaml(), file: "t.yaml", against: "apple-reminders").passed)
    }

    @Test("undo while a question stands takes back the answer in progress, no step")
    func undoQuestion() throws {
        var session = try Self.session("apple-reminders", ["", "1", "3"]) // swipe picked before the edit's screen was given
        guard case .withdrawn(.observation(.action(.swipe("down")))) = session.answer("undo") else {
            Issue.record("the pick was not withdrawn")
            return
        }
        #expect(session.question == nil)
        #expect(session.recorder.trace.steps.count == 2)
        var titles = try Self.session("apple-reminders", ["", "1", "", "swipe: down", "", "Discard Changes"])
        guard case .withdrawn(.title(.cancel, 2, 2, nil)) = titles.answer("u") else {
            Issue.record("the titles were not withdrawn")
            return
        }
        #expect(titles.question == nil)
        #expect(titles.recorder.trace.steps.count == 4)
        // A title spelled `undo` is typed quoted.
        _ = titles.answer("")
        guard case .asked = titles.answer("'undo'"), case .title(.cancel, 2, 2, nil)? = titles.question else {
            Issue.record("a quoted 'undo' was not taken as a title: \(String(describing: titles.question))")
            return
        }
    }

    @Test("after a departure nothing is predicted: Enter is refused, the menu is not filtered; undo brings the predictions back")
    func departure() throws {
        let answers = ["", "edit: { name: Anna }", "", "swipe: down"]
        var session = try Self.session("apple-contacts", form: ["name": "Ann"], answers)
        let before = Snapshot(session)
        #expect(before.prediction == "see: { done: enabled, cancel: enabled, sheet: none, dismissed: false }")
        guard case .recorded(_, let departs?, nil) = session.answer("see: { dismissed: true }") else {
            Issue.record("the departure was not reported")
            return
        }
        #expect(departs.summary.contains("step 5"))
        #expect(session.prediction == nil)
        #expect(
            Self.rejection(session.answer(""))
                == "nothing is predicted since the trace departs from 'apple-contacts' at step 5: type what the screen shows "
                + "(`see: { ... }`), or what the person did (a menu number or a step)")
        #expect(
            session.menu.map(RecordingTranscript.menuText) == [
                "edit: name", "tap: Done", "tap: Cancel", "swipe: down",
                "present: Edit reminder  (reopens the form as it first opened; unsaved edits are gone)",
            ])
        // A pick is recorded at once: there is no prediction to answer first.
        guard case .recorded(let steps, nil, nil) = session.answer("5") else {
            Issue.record("the pick was not recorded")
            return
        }
        #expect(steps.map(\.number) == [6])
        #expect(session.prediction == nil)
        _ = session.undo()
        guard case .undone(let step, departureUndone: true) = session.undo() else {
            Issue.record("undoing the departing step did not say the departure is gone")
            return
        }
        #expect(step.number == 5)
        #expect(Snapshot(session) == before)
        guard case .recorded(_, nil, nil) = session.answer("") else {
            Issue.record("Enter did not accept the prediction again")
            return
        }
    }

    @Test("after a departure the conversation says so once, then asks plainly")
    func departureWords() throws {
        let transcript = RecordingTranscript(terminal: Terminal(colours: false))
        var conversation = RecordingConversation(
            session: try Self.session("apple-contacts", form: ["name": "Ann"], ["", "edit: { name: Anna }", "", "swipe: down"]),
            transcript: transcript, app: "Contacts", path: "t.yaml", save: { _ in })
        let departed = try #require(try conversation.reply("see: { dismissed: true }"))
        #expect(
            departed.hasPrefix(
                "  recorded step 5: see: { dismissed: true }\n"
                    + "  the trace now departs from 'apple-contacts' at step 5 (see dismissed: true), in state 'editing': expected dismissed: false, saw dismissed: true\n"
                    + "  From here on nothing is predicted: type what the screen shows (`see: { ... }`) and what the person does (`undo` takes back the step).\n"
                    + "\nStep 6: what does the screen show (`see: { ... }`), or what did the person do?\n  1  edit: name\n"))
        let next = try #require(try conversation.reply("tap: Cancel"))
        #expect(!next.contains("departs"))
        #expect(!next.contains("predicts"))
        #expect(next.contains("\nStep 7: what does the screen show (`see: { ... }`), or what did the person do?\n"))
        let undone = try #require(try conversation.reply("undo"))
        #expect(undone.hasPrefix("  undone: step 6, tap: Cancel (5 steps left)\n\nStep 6: what does the screen show"))
        let back = try #require(try conversation.reply("undo"))
        #expect(
            back.hasPrefix(
                "  undone: step 5, see: { dismissed: true } (4 steps left)\n"
                    + "  The trace no longer departs from 'apple-contacts': its predictions are offered again.\n"
                    + "\nStep 5: 'apple-contacts' predicts the screen shows\n"))
    }

    @Test("a title typed at the menu chooses it when the sheet on screen offers it; a near miss is told the title meant")
    func typedTitle() throws {
        // one-handed names its sheet's titles: typed while the sheet is predicted, the screen is asked first.
        var predicted = try Self.session("one-handed", ["", "1", "", "swipe: down"])
        guard case .asked = predicted.answer("Save changes"), case .observation(.action(.choose("Save changes")))? = predicted.question
        else {
            Issue.record("the typed title was not taken as the menu's choose: \(String(describing: predicted.question))")
            return
        }
        guard case .recorded(let steps, nil, nil) = predicted.answer("") else {
            Issue.record("not recorded")
            return
        }
        #expect(steps.compactMap { $0.kind.action.map(TraceYAML.action) }.last == "choose: Save changes")
        // Reminders, once the titles are given: the sheet seen offers them.
        var seen = try Self.session("apple-reminders", ["", "1", "", "swipe: down", "", "Discard Changes", "Keep Editing"])
        #expect(
            Self.rejection(seen.answer("keep editing"))
                == "'keep editing' is no title of the sheet on screen (it shows 'Discard Changes', 'Keep Editing'); did you mean 'Keep Editing'? "
                + "(only the case differs: a title is taken exactly as the sheet shows it)")
        #expect(
            Self.rejection(seen.answer("Keep Editting"))
                == "'Keep Editting' is no title of the sheet on screen (it shows 'Discard Changes', 'Keep Editing'); did you mean 'Keep Editing'?"
        )
        guard case .recorded(let chosen, nil, nil) = seen.answer("Keep Editing") else {
            Issue.record("the title was not chosen")
            return
        }
        #expect(chosen.count == 1 && seen.recorder.yaml().hasSuffix("  - choose: Keep Editing\n"))
        // No sheet on screen: not an answer, with what is.
        var none = try Self.session("apple-reminders", [""])
        #expect(
            Self.rejection(none.answer("Keep Editing"))
                == "not an answer: type a menu number, a step (`swipe: down`, `see: { ... }`, `choose: TITLE`), `undo`, or `.`")
        // A sheet predicted by roles only: its titles are not known yet.
        var roles = try Self.session("apple-reminders", ["", "1", "", "swipe: down"])
        #expect(
            Self.rejection(roles.answer("Discard Changes"))?.hasPrefix("not an answer: the titles of the predicted sheet are not known yet")
                == true)
    }

    @Test("titles given once for a sheet are shown and not asked again when it shows again; undoing the step that gave them forgets them")
    func rememberedTitles() throws {
        var session = try Self.session(
            "apple-reminders", ["", "1", "", "swipe: down", "", "Discard Changes", "Keep Editing", "Keep Editing", "", "swipe: down"])
        #expect(
            session.prediction.map(TraceYAML.observation)
                == "see: { done: enabled, cancel: absent, sheet: { actions: [{ title: Discard Changes, role: destructive }, { title: Keep Editing, role: cancel }] }, dismissed: false }"
        )
        #expect(session.titlesGivenAt == 5)
        #expect(session.menu.map(RecordingTranscript.menuText) == ["choose: Discard Changes", "choose: Keep Editing"])
        let forgetting = session
        guard case .recorded(let steps, nil, nil) = session.answer("") else {
            Issue.record("Enter asked for the titles again")
            return
        }
        #expect(steps.count == 1)
        // The words of the turn say where the titles come from.
        let transcript = RecordingTranscript(terminal: Terminal(colours: false))
        #expect(
            transcript.turn(
                number: 9, policy: "apple-reminders", state: forgetting.state, prediction: forgetting.prediction, menu: forgetting.menu,
                titlesGivenAt: forgetting.titlesGivenAt
            ).contains("dismissed: false }\n  (the sheet's titles as given at step 5)\n  Enter: it does"))
        // Undone back before step 5, the titles are asked again.
        var undone = forgetting
        for _ in 0..<4 { _ = undone.undo() }
        #expect(undone.recorder.trace.steps.count == 4)
        #expect(undone.titlesGivenAt == nil)
        guard case .asked = undone.answer(""), case .title(.destructive, 1, 2, nil)? = undone.question else {
            Issue.record("the titles were not asked again: \(String(describing: undone.question))")
            return
        }
    }
}

extension RecordingUndoTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/record")

    /// The fuzz target's property (Fuzz/FuzzRecordAnswers.swift), on its seeds: after `undo`, the session
    /// is as it was when it last waited at an ordinary turn with that many steps.
    @Test("the fuzz seeds of record's answers, undo among them, keep undo's promise on both policies")
    func fuzzSeeds() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.seeds.path).filter { $0.hasSuffix(".txt") }.sorted()
        #expect(names.contains("undo.txt") && names.contains("departure-undo.txt"))
        var undone = 0
        for name in names {
            let text = try String(contentsOf: Self.seeds.appendingPathComponent(name), encoding: .utf8)
            for (policy, field) in [("one-handed", "name"), ("apple-reminders", "title"), ("apple-contacts", "name")] {
                var session = try Self.session(policy, form: [field: "Steve"])
                var resting: [Int: Snapshot] = [0: Snapshot(session)]
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    let outcome = session.answer(String(line))
                    if case .finished = outcome { break }
                    let count = session.recorder.trace.steps.count
                    resting = resting.filter { $0.key <= count }
                    if case .undone = outcome, let before = resting[count], session.question == nil {
                        #expect(Snapshot(session) == before, "\(name), \(policy): after undo to \(count) steps")
                        undone += 1
                    }
                    resting[count] = session.question == nil ? Snapshot(session) : nil
                }
            }
        }
        #expect(undone >= 10)
    }
}

extension Step.Kind {
    fileprivate var action: Action? {
        if case .action(let action) = self { return action }
        return nil
    }
}
