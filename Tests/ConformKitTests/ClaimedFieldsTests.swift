import ConformCore
import ConformKit
import Foundation
import Testing

/// Issue 35 §5: a trace that claims a policy declaring its `fields:` may name no other field, in `form:`,
/// an `edit` or a `see: { form: }`. The did-you-mean comes from the policy's names, never the trace's slip.
@Suite("Kit: a field that a claimed policy with fields: does not declare is an error that names the policy's fields")
struct ClaimedFieldsTests {
    /// A note form that reads `title` and declares `notes` too.
    static let notesForm = """
        conform: 1
        policy: notes-form
        title: A note's edit form
        domain: form
        fields:
          title: [Milk, ""]
          notes:
        see:
          done: "form.title != '' ? enabled : disabled"
        initial: editing
        states:
          editing:
            on:
              edit: editing
              tap done: saved
          saved:
            final: true
            see: { dismissed: true, saved: true }

        """

    /// A form policy without `fields:` that reads `subject`.
    static let looseForm = """
        conform: 1
        policy: loose-form
        title: A form that names no fields
        domain: form
        see:
          done: "form.subject != '' ? enabled : disabled"
        initial: editing
        states:
          editing:
            on:
              edit: editing
              tap done: saved
          saved:
            final: true
            see: { dismissed: true, saved: true }

        """

    static let library: PolicyLibrary = {
        let policies = [notesForm, looseForm].compactMap { try? load(policy: $0) }
        return PolicyLibrary(policies: builtIns.policies + policies)
    }()

    /// The problems of loading `trace` (`line:column: message`), none when it loads.
    static func problems(_ trace: String) -> [String] {
        do {
            _ = try library.load(yaml: trace, file: "t.yaml")
            return []
        } catch {
            return error.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.message)" }
        }
    }

    @Test("both policies load")
    func policiesLoad() {
        #expect(Self.library.policy(id: "notes-form")?.formFields?.map(\.name) == ["title", "notes"])
        #expect(Self.library.policy(id: "loose-form") != nil)
    }

    @Test("a typo in form: only is an error at its key, with the policy's field meant")
    func formOnly() {
        #expect(
            Self.problems("conform: 1\npolicy: notes-form\nform: { tittle: Milk, notes: \"\" }\nsteps:\n  - see: { done: enabled }\n")
                == ["3:9: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?"])
    }

    @Test("a typo in an edit only is an error at the field, with or without form:; a see: { form: } too")
    func editOnly() {
        let message = "'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?"
        #expect(
            Self.problems("conform: 1\npolicy: notes-form\nform: { title: Milk }\nsteps:\n  - edit: { tittle: Eggs }\n")
                == ["5:13: " + message])
        #expect(Self.problems("conform: 1\npolicy: notes-form\nsteps:\n  - edit: { tittle: Eggs }\n") == ["4:13: " + message])
        #expect(Self.problems("conform: 1\npolicy: notes-form\nsteps:\n  - edit: tittle\n") == ["4:11: " + message])
        #expect(Self.problems("conform: 1\npolicy: notes-form\nsteps:\n  - see: { form: { tittle: Eggs } }\n") == ["4:20: " + message])
    }

    @Test(
        "the same typo in form: and edit: is an error at both; with the right name in the edit, the slip is mended in form:, never copied")
    func both() {
        #expect(
            Self.problems(
                "conform: 1\npolicy: notes-form\nform: { tittle: \"\" }\nsteps:\n  - edit: { tittle: Milk }\n  - see: { done: enabled }\n")
                == [
                    "3:9: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?",
                    "5:13: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?",
                ])
        let problems = Self.problems(
            "conform: 1\npolicy: notes-form\nform: { tittle: \"\" }\nsteps:\n  - edit: { title: Milk }\n  - see: { done: enabled }\n")
        #expect(
            problems == [
                "3:9: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?",
                "5:13: field 'title' is not declared by 'form:' (which declares tittle); if form:'s 'tittle' is meant, rename it 'title' there",
            ])
        #expect(!problems.contains { $0.contains("did you mean 'tittle'") })
    }

    @Test("a field far from every declared one: the one the form does not give, else the fix")
    func noNearName() {
        #expect(
            Self.problems("conform: 1\npolicy: notes-form\nform: { heading: Milk, notes: \"\" }\nsteps:\n  - see: { done: enabled }\n")
                == ["3:9: 'heading' is no field of 'notes-form' (it declares notes, title); is it 'title', which the form: does not give?"])
        #expect(
            Self.problems(
                "conform: 1\npolicy: notes-form\nform: { title: Milk, notes: \"\", colour: red }\nsteps:\n  - see: { done: enabled }\n")
                == [
                    "3:33: 'colour' is no field of 'notes-form' (it declares notes, title); correct the name, or declare colour under the policy's fields:"
                ])
    }

    @Test(
        "a trace claiming a policy with fields: and one without: a field the other reads is fine; one neither knows is told with the declaring policy"
    )
    func twoClaims() {
        #expect(
            Self.problems(
                "conform: 1\npolicy: [notes-form, loose-form]\nform: { title: Milk, subject: Hi }\nsteps:\n  - edit: { subject: Yo }\n  - see: { done: enabled }\n"
            ) == [])
        #expect(
            Self.problems(
                "conform: 1\npolicy: [loose-form, notes-form]\nform: { title: Milk, subjet: Hi }\nsteps:\n  - see: { done: enabled }\n")
                == ["3:22: 'subjet' is no field of 'notes-form' (it declares notes, title); did you mean 'subject'?"])
        // Claiming only the one without fields:, any field loads, as before.
        #expect(Self.problems("conform: 1\npolicy: loose-form\nform: { subjet: Hi }\nsteps:\n  - edit: { subjet: Yo }\n") == [])
    }

    @Test("a policy with fields: that the trace does not claim decides nothing about its fields")
    func unclaimed() {
        #expect(Self.problems("conform: 1\nform: { tittle: Milk }\nsteps:\n  - edit: { tittle: Eggs }\n") == [])
        #expect(Self.problems("conform: 1\npolicy: apple-reminders\nform: { tittle: Milk }\nsteps:\n  - edit: { tittle: Eggs }\n") == [])
        // The right names load, and the claim is checked.
        let yaml =
            "conform: 1\npolicy: notes-form\nform: { title: \"\", notes: \"\" }\nsteps:\n  - edit: { title: Milk }\n  - see: { done: enabled }\n  - tap: Done\n  - see: { dismissed: true, saved: true }\n"
        #expect(Self.problems(yaml) == [])
        #expect((try? Self.library.check(yaml: yaml, file: "t.yaml", against: "notes-form"))?.passed == true)
    }

    @Test("lint and run report it at the field's key, and run does not check the file")
    func lintAndRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.notesForm.write(to: folder.appendingPathComponent("notes-form.yaml"), atomically: true, encoding: .utf8)
        let trace = folder.appendingPathComponent("typo.yaml")
        try "conform: 1\npolicy: notes-form\nform: { tittle: \"\" }\nsteps:\n  - edit: { tittle: Milk }\n  - see: { done: enabled }\n"
            .write(to: trace, atomically: true, encoding: .utf8)
        let expected = [
            "typo.yaml:3:9: error: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?",
            "typo.yaml:5:13: error: 'tittle' is no field of 'notes-form' (it declares notes, title); did you mean 'title'?",
        ]
        let lint = Linter(library: builtIns).lint(paths: [folder.path])
        #expect(lint.diagnostics.map { $0.formatted.replacingOccurrences(of: folder.path + "/", with: "") } == expected)
        var library = builtIns
        library.load(paths: [folder.appendingPathComponent("notes-form.yaml").path])
        let outcome = ConformRunner(library: library).check(file: trace.path, commandLineClaims: [])
        #expect(outcome.errors.map { $0.formatted.replacingOccurrences(of: folder.path + "/", with: "") } == expected)
        #expect(outcome.results.isEmpty)
    }
}
