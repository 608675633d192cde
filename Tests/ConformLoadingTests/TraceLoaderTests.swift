import ConformCore
import Testing

@testable import ConformLoading

@Suite("Loading: Trace loading")
struct TraceLoaderTests {
    @Test("the PRODUCT example loads with every step located")
    func productExample() throws {
        let trace = try #require(
            loadTrace(
                """
                conform: 1                      # format version: required
                trace: reminders-swipe-after-edit
                title: Swipe down after editing the title
                app: Reminders
                policy: apple-reminders
                form: { title: Milk, notes: "" }
                steps:
                  - see: { done: disabled, cancel: absent }
                  - edit: { title: Milk and eggs }
                  - swipe: down
                  - see:
                      sheet:
                        actions: [Discard Changes, Cancel]
                  - choose: Discard Changes
                    note: the destructive one
                    at: 4.5
                """))
        #expect(trace.id == "reminders-swipe-after-edit")
        #expect(trace.claims == [Claim(policy: "apple-reminders", position: TextPosition(line: 5, column: 9))])
        #expect(trace.form == ["title": .string("Milk"), "notes": .string("")])
        #expect(trace.steps.map(\.verb) == ["see", "edit", "swipe", "see", "choose"])
        #expect(trace.steps.map(\.position.line) == [8, 9, 10, 11, 14])
        #expect(trace.steps.map(\.position.column) == [5, 5, 5, 5, 5])
        #expect(trace.steps[4].note == "the destructive one")
        #expect(trace.steps[4].at == 4.5)
    }

    @Test("the id defaults to the file name; a list of claims is accepted")
    func defaults() throws {
        let trace = try #require(loadTrace("conform: 1\npolicy: [a, b]\nsteps: [see: {}]\n"))
        #expect(trace.id == "t")
        #expect(trace.claims.map(\.policy) == ["a", "b"])
    }

    @Test("every problem of a file is reported, each at its line and column")
    func collectsAll() {
        let problems = traceProblems(
            """
            conform: 1
            titel: x
            steps:
              - see: { done: maybe }
              - tapp: Done
              - swipe: [down]
              - see: { sheet: { actions: [{ title: OK, role: primary }] } }
              - see: { dismissed: yes }
              - note: only a note
              - edit: { title: x }
                tap: Done
            """)
        #expect(
            problems == [
                "2:1: unknown key 'titel' in a trace; did you mean 'title'?",
                "4:18: 'done' must be one of enabled, disabled, absent, not 'maybe'",
                "5:5: unknown verb 'tapp'; did you mean 'tap'?",
                "6:12: 'swipe' (a direction, e.g. down) must be a string, not a list",
                "7:50: a role is one of default, destructive, cancel, not 'primary'",
                "8:23: 'dismissed' must be bool, not a string; write true (YAML 1.2 reads 'yes' as a string)",
                "9:5: step 6 has no verb (see, edit, tap, swipe, choose, present, ...)",
                "11:5: a step has exactly one verb; this one has 'edit' and 'tap'; if 'tap' is a step of its own, start it with '- ' "
                    + "as the others (  - tap: ...)",
            ])
    }

    @Test("syntax errors are located where libyaml noticed them, with where the construct began")
    func syntaxError() throws {
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: []))
        let problems = loader.load(Array("conform: 1\nsteps:\n  - see: { done: enabled\n  - tap: Done\n".utf8), file: "t.yaml").problems
        let problem = try #require(problems.first)
        #expect(problems.count == 1)
        #expect(describe(problem) == "4:8: YAML syntax: did not find expected ',' or '}'")
        #expect(problem.notes == ["while parsing a flow mapping at line 3, column 10"])
    }

    @Test(
        "version, steps and file-level shape are checked",
        arguments: [
            ("steps: [see: {}]\n", ["1:1: a trace needs 'conform: 1' (the format version)"]),
            ("conform: 2\nsteps: [see: {}]\n", ["1:10: unsupported format version '2'; this conform reads version 1"]),
            ("conform: 1\n", ["1:1: a trace needs 'steps', a list of actions and observations"]),
            ("- a\n- b\n", ["1:1: a trace must be a map, not a list"]),
            ("", ["1:1: the file is empty; a trace starts with 'conform: 1'"]),
            ("conform: 1\nconform: 1\nsteps: [see: {}]\n", ["2:1: duplicate key 'conform' (first at line 1, column 1)"]),
            ("conform: 1\nsteps: [see: {}]\n---\nconform: 1\n", ["3:1: a file holds one document; found a second one here"]),
            ("conform: 1\npolicy: p\ninitial: a\nstates: {}\n", ["1:1: this is a policy file, not a trace; load policies with --policies"]),
        ])
    func fileShape(yaml: String, expected: [String]) {
        #expect(traceProblems(yaml) == expected)
    }

    @Test(
        "a trace without steps is an error at its steps: key (issue 27 §5)",
        arguments: [
            ("conform: 1\nsteps: []\n", "2:1"),
            ("conform: 1\npolicy: apple-reminders\nsteps:   [ ]\ntitle: t\n", "3:1"),
            ("{\"conform\": 1, \"steps\": []}", "1:16"),
        ])
    func noSteps(yaml: String, place: String) {
        #expect(
            traceProblems(yaml) == ["\(place): a trace needs at least one step; with none it shows nothing, so no policy can hold on it"])
    }

    @Test(
        "with a form:, an edit or a see of a field it does not declare is an error at the field, with a did-you-mean",
        arguments: [
            (
                "conform: 1\nform: { title: Milk }\nsteps:\n  - edit: { titel: Milk and eggs }\n",
                ["4:13: field 'titel' is not declared by 'form:' (which declares title); did you mean 'title'?"]
            ),
            (
                "conform: 1\nform: { title: Milk, notes: \"\" }\nsteps:\n  - edit: note\n  - edit: { title: x, colour: red }\n",
                [
                    "4:11: field 'note' is not declared by 'form:' (which declares notes, title); did you mean 'notes'?",
                    "5:23: field 'colour' is not declared by 'form:' (which declares notes, title)",
                ]
            ),
            (
                "conform: 1\nsteps:\n  - see: { form: { titl: Milk } }\nform: { title: Milk }\n",
                ["3:20: field 'titl' is not declared by 'form:' (which declares title); did you mean 'title'?"]
            ),
            ("conform: 1\nform: {}\nsteps:\n  - edit: title\n", ["4:11: field 'title' is not declared by 'form:' (which declares none)"]),
            // The flow map `{ text: Hello, world }` is two fields: the second is not declared (it was in Traces/ once).
            (
                "conform: 1\nform: { text: Hello }\nsteps:\n  - edit: { text: Hello, world }\n",
                ["4:26: field 'world' is not declared by 'form:' (which declares text)"]
            ),
        ])
    func undeclaredField(yaml: String, expected: [String]) {
        #expect(traceProblems(yaml) == expected)
    }

    @Test("without a form:, any field may be edited and seen (an edit then counts as a change for good)")
    func noForm() throws {
        let trace = try #require(
            loadTrace("conform: 1\nsteps:\n  - edit: { title: Eggs }\n  - edit: notes\n  - see: { form: { title: Eggs } }\n"))
        #expect(trace.steps.count == 3)
    }

    @Test("JSON is accepted, being YAML")
    func json() throws {
        let trace = try #require(loadTrace(#"{"conform": 1, "steps": [{"tap": "Done"}, {"see": {"dismissed": true}}]}"#))
        #expect(trace.steps.count == 2)
        #expect(trace.steps[1].position == TextPosition(line: 1, column: 43))
    }

    @Test("a quoted true is a string, and null differs from the empty string")
    func typing() throws {
        let trace = try #require(loadTrace("conform: 1\nform: { a: \"true\", b: null, c: '' }\nsteps: [see: {}]\n"))
        #expect(trace.form == ["a": .string("true"), "b": .null, "c": .string("")])
    }

    @Test("edit takes a map of values or a bare field name")
    func edits() throws {
        let trace = try #require(loadTrace("conform: 1\nsteps:\n  - edit: title\n  - edit: { flag: true, n: 2 }\n"))
        guard case .action(.edit(let bare)) = trace.steps[0].kind, case .action(.edit(let values)) = trace.steps[1].kind else {
            Issue.record("expected two edits")
            return
        }
        #expect(bare.map(\.field) == ["title"])
        #expect(bare[0].value == nil)
        #expect(values.map(\.value) == [.bool(true), .number(2)])
    }

    @Test("aliases expand within a budget, so a billion laughs is refused")
    func billionLaughs() {
        var yaml = "conform: 1\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        yaml += "steps: [see: {}]\n"
        let problems = traceProblems(yaml)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("aliases expand to more than 100000 nodes") == true)
    }

    @Test("deep nesting is refused without recursion")
    func deepNesting() {
        let flow = "conform: 1\nsteps: " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n"
        #expect(traceProblems(flow) == ["2:9: nesting deeper than the YAML parser allows (1000 levels)"])
        var block = "conform: 1\nsteps:\n"
        for level in 0..<200 { block += String(repeating: " ", count: 2 * level + 2) + "- k:\n" }
        #expect(traceProblems(block) == ["66:131: nesting deeper than 128 levels"])
    }
}

@Suite("Loading: Loader limits")
struct LoaderLimitTests {
    @Test("the node limit holds without aliases, and the step limit is a located error")
    func limits() {
        let reader = YAMLReader(limits: .init(maximumDepth: 128, maximumNodes: 50, maximumAliasNodes: 10))
        let loader = TraceLoader(vocabulary: KnownVocabulary(policies: []), reader: reader, maximumSteps: 3)
        let many = "conform: 1\nsteps:\n" + String(repeating: "  - tap: Done\n", count: 30)
        #expect(
            loader.load(Array(many.utf8), file: "t").problems.map(describe) == ["14:5: more than 50 YAML nodes (after expanding aliases)"])
        let four = "conform: 1\nsteps:\n" + String(repeating: "  - tap: Done\n", count: 4)
        #expect(loader.load(Array(four.utf8), file: "t").problems.map(describe) == ["3:3: 4 steps; a trace may have at most 3"])
    }
}
