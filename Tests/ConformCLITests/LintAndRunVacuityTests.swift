import Foundation
import Testing

/// Issue 27 §5, through the binary: vacuous traces are errors (exit 2) or warnings (exit 0) in `run` and `lint` alike.
@Suite("CLI: conform run and lint: vacuous traces")
struct LintAndRunVacuityTests {
    @Test("an empty trace and a misspelt edit field are errors at their line and column: exit 2 in run and lint")
    func errors() throws {
        let scratch = try Scratch()
        try scratch.write("t/empty.yaml", "conform: 1\npolicy: apple-reminders\nsteps: []\n")
        try scratch.write(
            "t/typo.yaml",
            "conform: 1\npolicy: apple-reminders\nform: { title: Milk }\nsteps:\n  - edit: { titel: Milk and eggs }\n  - see: { done: enabled }\n"
        )
        let expected = [
            "t/empty.yaml:3:1: error: a trace needs at least one step; with none it shows nothing, so no policy can hold on it",
            "t/typo.yaml:5:13: error: field 'titel' is not declared by 'form:' (which declares title); did you mean 'title'?",
        ]
        for command in ["run", "lint"] {
            let output = try BinaryRunner.run([command, "t"], in: scratch.url)
            #expect(output.status == 2, "\(command)")
            for line in expected { #expect(output.stdout.contains(line), "\(command): \(output.stdout)") }
            #expect(!output.stdout.contains("holds (1/1)"), "\(command)")
        }
        let json = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        #expect(json.stdout.contains(#""file" : "t/empty.yaml""#) || json.stdout.contains(#""file": "t/empty.yaml""#))
        #expect(json.stdout.contains(#""line": 3"#) || json.stdout.contains(#""line" : 3"#))
    }

    @Test(
        "a field a claimed policy with fields: does not declare: an error at its key in run and lint (exit 2), in record's --form and typed edits"
    )
    func undeclaredPolicyField() throws {
        let scratch = try Scratch()
        try scratch.write(
            "P/notes.yaml",
            """
            conform: 1
            policy: notes
            title: Notes
            domain: form
            fields: { title: [Milk, ""], notes: }
            see: { done: "form.title != '' ? enabled : disabled" }
            initial: editing
            states:
              editing:
                on: { edit: editing, tap done: saved }
              saved:
                final: true
                see: { dismissed: true, saved: true }

            """)
        try scratch.write(
            "t/typo.yaml",
            "conform: 1\npolicy: notes\nform: { tittle: \"\" }\nsteps:\n  - edit: { title: Milk }\n  - see: { done: enabled }\n")
        let expected = [
            "t/typo.yaml:3:9: error: 'tittle' is no field of 'notes' (it declares notes, title); did you mean 'title'?",
            "t/typo.yaml:5:13: error: field 'title' is not declared by 'form:' (which declares tittle); if form:'s 'tittle' is meant, rename it 'title' there",
        ]
        for command in ["run", "lint"] {
            let output = try BinaryRunner.run([command, "t", "--policies", "P"], in: scratch.url)
            #expect(output.status == 2, "\(command)")
            for line in expected { #expect(output.stdout.contains(line), "\(command): \(output.stdout)") }
            #expect(!output.stdout.contains("did you mean 'tittle'"), "\(command)")
        }
        let json = try BinaryRunner.run(["run", "t", "--policies", "P", "--format", "json"], in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.map { "\($0["line"] ?? ""):\($0["column"] ?? "")" } == ["3:9", "5:13"])
        #expect((document["results"] as? [Any])?.isEmpty == true)
        // The recorder refuses the same field in --form, and in a typed edit.
        let form = try BinaryRunner.run(
            ["record", "--policy", "notes", "--policies", "P", "--app", "A", "--output", "r.yaml", "--form", "{ tittle: Milk }"],
            in: scratch.url)
        #expect(form.status == 2)
        #expect(
            form.stderr.contains("--form: 'tittle' is no field of 'notes' (it declares notes, title); did you mean 'title'?"),
            "\(form.stderr)")
        let typed = try BinaryRunner.run(
            ["record", "--policy", "notes", "--policies", "P", "--app", "A", "--output", "r.yaml"], in: scratch.url,
            input: "edit: { tittle: Eggs }\n.\n")
        #expect(
            typed.stderr.contains(
                "not recorded: 'tittle' is no field of 'notes' (it declares notes, title); did you mean 'title'? (column 9)"))
    }

    @Test("vacuous claims are located warnings in run and lint, and keep exit status 0")
    func warnings() throws {
        let scratch = try Scratch()
        try scratch.write("t/only-see.yaml", "conform: 1\npolicy: apple-reminders\nsteps:\n  - see: { done: disabled }\n")
        try scratch.write("t/unjudged.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - tap: Done\n  - see: { saved: true }\n")
        let expected = [
            "t/only-see.yaml:4:5: warning: the trace takes no action, only observations",
            "t/unjudged.yaml:2:9: warning: 'one-handed' holds, but compared none of the observations: it specifies none of 'saved'",
            "t/unjudged.yaml:2:9: warning: 'one-handed' holds, but no action took one of its transitions",
        ]
        for command in ["run", "lint"] {
            let output = try BinaryRunner.run([command, "t"], in: scratch.url)
            #expect(output.status == 0, "\(command): \(output.stdout)")
            for line in expected { #expect(output.stdout.contains(line), "\(command): \(output.stdout)") }
        }
        let json = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 3)
        #expect(warnings.first?["line"] as? Int == 4)
        #expect(warnings.first?["column"] as? Int == 5)
    }

    @Test("the corpus has no vacuous trace: lint Traces/ finds no problem and no warning")
    func corpus() throws {
        let output = try BinaryRunner.run(["lint", "Traces/", "Examples/Recorded"])
        #expect(output.status == 0)
        #expect(!output.stdout.contains("warning:"))
        #expect(!output.stdout.contains("error:"))
    }
}
