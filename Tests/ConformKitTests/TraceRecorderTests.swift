import ConformCore
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit
@testable import ConformReports

/// The trace files of the example corpus.
let corpusFiles: [String] = Array(FileDiscovery.find(in: [EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path]).files)

/// A trace as a comparable text, without where things stand (a written and re-read trace stands elsewhere).
func content(_ trace: Trace) -> String { trace.comparableText(positions: false) }

@Suite("Kit: Recording traces with the Swift API")
struct TraceRecorderTests {
    @Test(
        "every corpus trace, written canonically and read back, is the same trace, and writes the same bytes again",
        arguments: corpusFiles)
    func roundTrip(file: String) throws {
        let original = try builtIns.load(yaml: String(contentsOfFile: file, encoding: .utf8), file: file)
        let written = TraceWriter.yaml(original)
        let reread = try builtIns.load(yaml: written, file: file)
        #expect(content(reread) == content(original))
        #expect(TraceWriter.yaml(reread) == written)
    }

    @Test("the README's recording of the Reminders swipe writes this YAML, which conforms")
    func readmeExample() throws {
        var recorder = TraceRecorder(
            trace: "reminders-swipe-after-edit", title: "Swipe down after editing the title", app: "Reminders",
            platform: "iOS 17.4", screen: "Edit reminder", claims: ["apple-reminders"], form: ["title": "Milk", "notes": ""])
        recorder.see(.done(.disabled), .cancel(.absent))
        recorder.edit(["title": "Milk and eggs"])
        recorder.see(.done(.enabled))
        recorder.swipe()
        recorder.see(.sheet(actions: ["Discard Changes", "Cancel"]))
        recorder.choose("Discard Changes")
        recorder.see(.dismissed(true), .saved(false), note: "the list shows Milk", at: 4.5, evidence: "shots/7.png")
        #expect(
            recorder.yaml() == """
                conform: 1
                trace: reminders-swipe-after-edit
                title: Swipe down after editing the title
                app: Reminders
                platform: iOS 17.4
                screen: Edit reminder
                policy: apple-reminders
                form: { notes: "", title: Milk }
                steps:
                  - see: { done: disabled, cancel: absent }
                  - edit: { title: Milk and eggs }
                  - see: { done: enabled }
                  - swipe: down
                  - see: { sheet: { actions: [Discard Changes, Cancel] } }
                  - choose: Discard Changes
                  - see: { dismissed: true, saved: false }
                    note: the list shows Milk
                    at: 4.5
                    evidence: shots/7.png

                """)
        let check = try recorder.check(against: "apple-reminders")
        #expect(check.passed, "\(check)")
        #expect(try !recorder.check(against: "apple-contacts").passed)
    }

    @Test("every verb of the three vocabularies is written as the trace format reads it")
    func everyVerb() throws {
        var form = TraceRecorder(
            trace: "f", note: "all form verbs", claims: ["one-handed", "makeitso"], form: ["title": "Milk", "notes": "", "count": 1])
        form.edit("title")
        form.edit(["title": "Oat milk", "notes": nil, "count": 2])
        form.tap("Done")
        form.swipe()
        form.choose("Save changes")
        form.present()
        form.present("Edit reminder")
        form.see(.sheet(.none), .form(["title": "Milk"]))
        form.see(.sheet(.shown))
        form.see(.sheet(title: .absent, message: "Unsaved changes", actions: [SheetAction("Discard", role: .destructive), "Keep"]))
        var keyboard = TraceRecorder(trace: "k")
        keyboard.layout(window: 844, offset: -91.5, inset: 0)
        keyboard.focus(bottom: 173.33333333333334, kind: .textView)
        keyboard.keyboardShow(height: 336)
        keyboard.see(.offset(12), .inset(336))
        keyboard.keyboardHide(at: 2)
        var disclosure = TraceRecorder(trace: "d")
        disclosure.show(collapsed: false)
        disclosure.resize(collapsed: true)
        disclosure.resizeEnd()
        disclosure.scroll()
        disclosure.see(.indicators(true))
        for recorder in [form, keyboard, disclosure] {
            let reread = try builtIns.load(yaml: recorder.yaml(), file: "\(recorder.trace.id).yaml")
            #expect(content(reread) == content(recorder.trace))
        }
        #expect(
            form.yaml().contains(
                """
                  - edit: title
                  - edit: { title: Oat milk, notes: null, count: 2 }
                  - tap: Done
                  - swipe: down
                  - choose: Save changes
                  - present:
                  - present: Edit reminder
                  - see: { sheet: none, form: { title: Milk } }
                  - see: { sheet: shown }
                  - see:
                      sheet:
                        title: null
                        message: Unsaved changes
                        actions:
                          - { title: Discard, role: destructive }
                          - Keep
                """))
        #expect(
            keyboard.yaml().hasSuffix(
                """
                  - layout: { window: 844, offset: -91.5, inset: 0 }
                  - focus: { bottom: 173.33333333333334, kind: textView }
                  - keyboard-show: { height: 336 }
                  - see: { offset: 12, inset: 336 }
                  - keyboard-hide:
                    at: 2

                """))
    }

    @Test("settings and the keyboard's optional top and content are written, and read back the same")
    func additions() throws {
        var recorder = TraceRecorder(trace: "a", claims: ["iq-keyboard-manager"], settings: ["interactiveDismissDisabled": .bool(true)])
        recorder.layout(window: 844, offset: 0, inset: 0, content: 900)
        recorder.focus(bottom: 800, kind: .textView, top: 150)
        recorder.keyboardShow(height: 336)
        recorder.see(.offset(150), .inset(346))
        let yaml = recorder.yaml()
        #expect(
            yaml.contains(
                """
                policy: iq-keyboard-manager
                settings: { interactiveDismissDisabled: true }
                steps:
                  - layout: { window: 844, offset: 0, inset: 0, content: 900 }
                  - focus: { bottom: 800, kind: textView, top: 150 }
                """))
        let reread = try builtIns.load(yaml: yaml, file: "a.yaml")
        #expect(content(reread) == content(recorder.trace))
        #expect(reread.settings == ["interactiveDismissDisabled": .bool(true)])
        #expect(summary(Checker.check(reread, against: try #require(builtIns.policy(id: "iq-keyboard-manager"))).verdict) == "pass")
    }

    @Test("strings that YAML would read otherwise are quoted")
    func quoting() throws {
        var recorder = TraceRecorder(trace: "q", app: "yes", form: ["title": "42", "notes": "a: b"])
        recorder.edit(["title": "null"])
        recorder.see(.form(["title": "null", "notes": "- x #y"]), note: "line one\nline \"two\"")
        let reread = try builtIns.load(yaml: recorder.yaml(), file: "q.yaml")
        #expect(content(reread) == content(recorder.trace))
        #expect(reread.app == "yes")
    }

    @Test("a recorded step the trace format cannot hold is a located problem when checked, not a silent pass")
    func badRecording() {
        var recorder = TraceRecorder(trace: "bad", form: ["title": "Milk"])
        recorder.act("jump", ["height": 3])
        #expect(throws: CheckProblem.self) { try recorder.check(against: "one-handed") }
        do {
            _ = try recorder.check(against: "one-handed")
        } catch {
            #expect(error.description.hasPrefix("<trace 'bad', not written>:5:5: error: unknown verb 'jump'"))
        }
    }
}

@Suite("Kit: Checking in-process")
struct InProcessCheckTests {
    @Test("gives the verdict, departure and message that conform run gives, for every trace and policy", arguments: corpusFiles)
    func agreesWithRun(file: String) throws {
        let fromRun = corpusRun.results.filter { $0.file == file }
        #expect(fromRun.count == builtIns.policies.count)
        for pair in fromRun {
            let check = try builtIns.check(file: file, against: pair.policy)
            #expect(check.verdict.name == pair.verdict.name, "\(file) \(pair.policy)")
            #expect(check.departure?.step == pair.verdict.departure?.step)
            #expect(check.departure?.position == pair.verdict.departure?.position)
            #expect(check.departure?.message == pair.verdict.departure?.message)
            #expect(check.departure?.expected == pair.verdict.departure?.expected)
            #expect(check.departure?.observed == pair.verdict.departure?.observed)
            var claimed = pair
            claimed.claimed = true
            #expect(check.report == (ClaimWording.parts(claimed)?.text ?? ""))
        }
    }

    @Test("a failure names the step, what it did, the state and what was expected and seen")
    func summaryWords() throws {
        let file = corpusFiles.first { $0.hasSuffix("Reminders/swipe-after-edit.yaml") } ?? ""
        let check = try builtIns.check(file: file, against: "apple-contacts")
        #expect(!check.passed)
        #expect(
            check.summary
                == "'reminders-swipe-after-edit' departs from 'apple-contacts' at step 1 (see done: disabled, cancel: absent), in state 'editing': expected cancel: enabled, saw cancel: absent"
        )
        #expect(check.report.hasPrefix("\(file):10:5: error: 'apple-contacts' departs at step 1 (state 'editing')"))
        // The departure's line and column, as the docs name them (`departure.line`), are the report's.
        #expect(check.departure?.line == 10)
        #expect(check.departure?.column == 5)
    }

    @Test("an unknown policy id is a problem with a suggestion; policy files load beside the built-ins")
    func policies() throws {
        let trace = try builtIns.load(yaml: "conform: 1\nsteps: [see: {}]\n", file: "t.yaml")
        do {
            _ = try builtIns.check(trace, against: "apple-remindres")
            Issue.record("no error")
        } catch {
            #expect(error.description == "t.yaml: error: unknown policy 'apple-remindres'; did you mean 'apple-reminders'?")
        }
        #expect(throws: CheckProblem.self) { try PolicyLibrary.builtIn(adding: ["/nonexistent/policies"]) }
    }
}
