import Foundation
import Testing

/// One hostile or broken input file and what conform must say about it.
struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The exit status of `conform run FILE`.
    var status: Int32
    /// `line:column` of the first error, `-` for an error with no position, nil when there is no error.
    var location: String?
    /// A piece of the first error's message.
    var message: String

    var testDescription: String { name }

    init(_ name: String, _ text: String, _ status: Int32, _ location: String?, _ message: String) {
        self.init(name, Array(text.utf8), status, location, message)
    }

    init(_ name: String, _ bytes: [UInt8], _ status: Int32, _ location: String?, _ message: String) {
        self.name = name
        self.bytes = bytes
        self.status = status
        self.location = location
        self.message = message
    }
}

/// Deterministic pseudo-random bytes (a fixed linear congruential generator), for the binary case.
func noise(_ count: Int) -> [UInt8] {
    var state: UInt32 = 12_345
    return (0..<count).map { _ in
        state = state &* 1_103_515_245 &+ 12_345
        return UInt8(truncatingIfNeeded: state >> 16)
    }
}

let header = "conform: 1\nsteps:\n"

let badTraces: [BadInput] = [
    BadInput(
        "yaml-unclosed-flow-map.yaml", header + "  - see: { done: enabled\n  - tap: Done\n", 2, "4:8",
        "YAML syntax: did not find expected ',' or '}'"),
    BadInput(
        "yaml-bad-indentation.yaml", "conform: 1\n steps: [see: {}]\n", 2, "2:7",
        "YAML syntax: mapping values are not allowed in this context"),
    BadInput("yaml-unclosed-quote.yaml", header + "  - tap: \"Done\n", 2, "4:1", "YAML syntax: found unexpected end of stream"),
    BadInput("tab-indentation.yaml", header + "\t- tap: Done\n", 2, "3:1", "YAML does not allow tabs for indentation; indent with spaces"),
    BadInput(
        "wrong-type-button.yaml", header + "  - see: { done: 3 }\n", 2, "3:18", "'done' must be one of enabled, disabled, absent, not '3'"),
    BadInput(
        "wrong-type-dismissed.yaml", header + "  - see: { dismissed: \"yes\" }\n", 2, "3:23", "'dismissed' must be bool, not a string"),
    BadInput("wrong-type-steps.yaml", "conform: 1\nsteps: { tap: Done }\n", 2, "2:8", "'steps' must be a list, not a map"),
    BadInput("wrong-type-step.yaml", header + "  - tap\n", 2, "3:5", "step 1 must be a map, not a string"),
    BadInput("wrong-type-title.yaml", "conform: 1\ntitle: [a, b]\nsteps: [see: {}]\n", 2, "2:8", "'title' must be a string, not a list"),
    BadInput(
        "wrong-type-form-value.yaml", "conform: 1\nform: { a: { b: c } }\nsteps: [see: {}]\n", 2, "2:12",
        "the value of field 'a' must be a scalar, not a map"),
    BadInput(
        "wrong-type-claim.yaml", "conform: 1\npolicy: { a: 1 }\nsteps: [see: {}]\n", 2, "2:9",
        "a claimed policy id must be a string, not a map"),
    BadInput(
        "unknown-top-level-key.yaml", "conform: 1\ntitel: x\nsteps: [see: {}]\n", 2, "2:1",
        "unknown key 'titel' in a trace; did you mean 'title'?"),
    BadInput("unknown-verb.yaml", header + "  - tapp: Done\n", 2, "3:5", "unknown verb 'tapp'; did you mean 'tap'?"),
    BadInput(
        "unknown-observation.yaml", header + "  - see: { dismised: true }\n", 2, "3:12",
        "unknown observation 'dismised'; did you mean 'dismissed'?"),
    BadInput(
        "unknown-sheet-key.yaml", header + "  - see: { sheet: { titel: x } }\n", 2, "3:21",
        "unknown key 'titel' in 'sheet'; did you mean 'title'?"),
    BadInput(
        "bad-role.yaml", header + "  - see: { sheet: { actions: [{ title: OK, role: primary }] } }\n", 2, "3:50",
        "a role is one of default, destructive, cancel, not 'primary'"),
    BadInput(
        "two-verbs.yaml", header + "  - tap: Done\n    swipe: down\n", 2, "4:5",
        "a step has exactly one verb; this one has 'tap' and 'swipe'"),
    BadInput("no-verb.yaml", header + "  - note: hello\n", 2, "3:5", "step 1 has no verb"),
    BadInput(
        "duplicate-key.yaml", "conform: 1\nsteps: [see: {}]\nconform: 1\n", 2, "3:1", "duplicate key 'conform' (first at line 1, column 1)"),
    BadInput("duplicate-key-in-step.yaml", header + "  - see: { done: enabled, done: disabled }\n", 2, "3:27", "duplicate key 'done'"),
    BadInput(
        "unsupported-version.yaml", "conform: 2\nsteps: [see: {}]\n", 2, "1:10",
        "unsupported format version '2'; this conform reads version 1"),
    BadInput(
        "version-as-string.yaml", "conform: \"1\"\nsteps: [see: {}]\n", 2, "1:10", "the format version is the number 1, not the string '1'"),
    BadInput("missing-version.yaml", "steps: [see: {}]\n", 2, "1:1", "a trace needs 'conform: 1'"),
    BadInput("missing-steps.yaml", "conform: 1\n", 2, "1:1", "a trace needs 'steps'"),
    BadInput("empty.yaml", "", 2, "1:1", "the file is empty"),
    BadInput("only-comments.yaml", "# nothing here\n\n", 2, "1:1", "the file is empty"),
    BadInput("top-level-list.yaml", "- conform: 1\n", 2, "1:1", "a trace must be a map, not a list"),
    BadInput("top-level-scalar.yaml", "hello\n", 2, "1:1", "a trace must be a map, not a string"),
    BadInput(
        "two-documents.yaml", "conform: 1\nsteps: [see: {}]\n---\nconform: 1\nsteps: [see: {}]\n", 2, "3:1", "a file holds one document"),
    BadInput("undefined-alias.yaml", header + "  - tap: *nope\n", 2, "3:10", "the alias '*nope' names no anchor defined before it"),
    BadInput("binary.yaml", noise(4096), 2, "1:1", "the file is not valid UTF-8"),
    BadInput(
        "invalid-utf8.yaml", Array(header.utf8) + Array("  - tap: ".utf8) + [0xC3, 0x28] + [0x0A], 2, "3:10", "the file is not valid UTF-8"),
    BadInput(
        "nul-character.yaml", Array(header.utf8) + Array("  - tap: Do".utf8) + [0x00] + Array("ne\n".utf8), 2, "3:12",
        "control characters are not allowed"),
    BadInput("number-too-big-at.yaml", header + "  - tap: Done\n    at: 1e999\n", 2, "4:9", "'at' must be a finite number"),
    BadInput("number-too-big-version.yaml", "conform: 1e999\nsteps: [see: {}]\n", 2, "1:10", "unsupported format version '1e999'"),
    BadInput(
        "huge-integer-version.yaml", "conform: 99999999999999999999999999999999999\nsteps: [see: {}]\n", 2, "1:10",
        "unsupported format version"),
    BadInput(
        "claims-unknown-policy.yaml", "conform: 1\npolicy: no-such-policy\nsteps: [see: {}]\n", 2, "2:9",
        "the trace claims policy 'no-such-policy', which is not loaded"),
    // Loaded as a policy (issue 28), so the run has no trace.
    BadInput(
        "policy-file-as-trace.yaml", "conform: 1\npolicy: p\ntitle: P\nstates: { a: {} }\n", 2, "-",
        "no trace found (only policy files were found, and they were loaded as policies)"),
    BadInput("json-unclosed.json", "{\"conform\": 1, \"steps\": [\n", 2, "2:1", "YAML syntax"),
    BadInput("billion-laughs.yaml", billionLaughs, 2, "6:45", "aliases expand to more than 100000 nodes"),
    BadInput(
        "deep-nesting-flow.yaml", header + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000) + "\n", 2,
        "3:1026", "YAML syntax: could not find expected ':'"),
    BadInput("deep-nesting-block.yaml", deepBlock, 2, "66:131", "nesting deeper than 128 levels"),
    // Accepted: these are valid, however odd.
    BadInput(
        "bom-and-crlf.yaml", [0xEF, 0xBB, 0xBF] + Array("conform: 1\r\npolicy: makeitso\r\nsteps:\r\n  - see: { done: enabled }\r\n".utf8),
        0, nil, ""),
    BadInput(
        "json.json", "{\"conform\": 1, \"policy\": \"makeitso\", \"steps\": [{\"tap\": \"Done\"}, {\"see\": {\"dismissed\": true}}]}", 0,
        nil, ""),
    BadInput("escaped-nul-in-label.yaml", header + "  - tap: \"Do\\0ne\"\n", 0, nil, ""),
    BadInput("one-megabyte-line.yaml", header + "  - tap: Done\n    note: " + String(repeating: "x", count: 1_048_576) + "\n", 0, nil, ""),
    BadInput("hundred-thousand-steps.yaml", header + String(repeating: "  - {tap: Done}\n", count: 100_000), 0, nil, ""),
    BadInput("anchors-within-budget.yaml", "conform: 1\nform: &f { a: b }\nsteps:\n  - edit: *f\n", 0, nil, ""),
]

let billionLaughs: String = {
    var yaml = "conform: 1\nl0: &l0 [a, a, a, a, a, a, a, a, a, a]\n"
    for level in 1...9 {
        yaml += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
    }
    return yaml + "steps: [see: {}]\n"
}()

let deepBlock: String = {
    var yaml = header
    for level in 0..<200 { yaml += String(repeating: " ", count: 2 * level + 2) + "- k:\n" }
    return yaml
}()

@Suite("CLI: Hostile and broken traces: located errors, documented exit status, no crash, no hang")
struct BadInputCorpusTests {
    @Test("each bad trace alone", arguments: badTraces)
    func alone(_ input: BadInput) throws {
        let scratch = try Scratch()
        try Data(input.bytes).write(to: scratch.url.appendingPathComponent(input.name))
        let output = try BinaryRunner.run(["run", input.name, "--format", "json"], in: scratch.url)
        #expect(output.status == input.status, "\(output.stdout.prefix(600))\(output.stderr.prefix(600))")
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let errors = document?["errors"] as? [[String: Any]] ?? []
        guard let location = input.location else {
            #expect(errors.isEmpty, "\(errors)")
            return
        }
        let first = try #require(errors.first, "an error is reported")
        #expect(first["file"] as? String == input.name)
        let place = (first["line"] as? Int).map { "\($0):\(first["column"] as? Int ?? 0)" } ?? "-"
        #expect(place == location)
        #expect((first["message"] as? String)?.contains(input.message) == true, "\(first["message"] ?? "")")
    }

    @Test("all of them at once: every bad file reported, every good one still checked")
    func together() throws {
        let scratch = try Scratch()
        for input in badTraces { try Data(input.bytes).write(to: scratch.url.appendingPathComponent(input.name)) }
        let output = try BinaryRunner.run(["run", ".", "--format", "json"], in: scratch.url)
        #expect(output.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let errorFiles = Set((document["errors"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        // A policy file among them is loaded as a policy: beside traces, it is no error.
        #expect(
            errorFiles == Set(badTraces.filter { $0.location != nil && !$0.message.hasPrefix("no trace found") }.map { "./" + $0.name }))
        let checked = Set((document["results"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(checked.isSuperset(of: Set(badTraces.filter { $0.location == nil }.map { "./" + $0.name })))
    }

    @Test("paths that are not files: missing, a FIFO, a broken link, a link cycle, too large")
    func awkwardPaths() throws {
        let scratch = try Scratch()
        try scratch.write("good/t.yaml", "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: enabled }\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("good/loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("good/gone.yaml").path, withDestinationPath: "nowhere.yaml")
        #expect(mkfifo(scratch.url.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
        let big = scratch.url.appendingPathComponent("big.yaml")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 17 * 1024 * 1024)
        try handle.close()
        let output = try BinaryRunner.run(["run", "good", "missing.yaml", "pipe.yaml", "big.yaml", "--format", "json"], in: scratch.url)
        #expect(output.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let messages = (document["errors"] as? [[String: Any]] ?? []).map {
            "\($0["file"] as? String ?? ""): \($0["message"] as? String ?? "")"
        }
        #expect(messages.contains("missing.yaml: no such file or directory"))
        #expect(messages.contains("pipe.yaml: not a regular file, so it is not read"))
        #expect(messages.contains("good/gone.yaml: a symbolic link to a file that does not exist"))
        #expect(messages.contains { $0.hasPrefix("big.yaml: the file has 17825792 bytes; at most 16777216 are read") })
        #expect((document["summary"] as? [String: Any])?["traces"] as? Int == 1, "the good trace, once, despite the link cycle")
    }
}

let policyHeader = "conform: 1\npolicy: mine\ntitle: Mine\n"

let badPolicies: [BadInput] = [
    BadInput("policy-yaml-syntax.yaml", policyHeader + "states: { a: { on: { tap done: b }\n", 2, "5:1", "YAML syntax"),
    BadInput(
        "policy-unknown-target.yaml", policyHeader + "states:\n  a:\n    on: { tap done: nowhere }\n", 2, "6:21", "no state named 'nowhere'"
    ),
    BadInput(
        "policy-unknown-name.yaml", policyHeader + "states:\n  a:\n    see: { done: \"edtied ? enabled : disabled\" }\n", 2, "6:19",
        "unknown name 'edtied'; did you mean 'edited'?"),
    BadInput(
        "policy-type-error.yaml", policyHeader + "states:\n  a:\n    see: { dismissed: \"1 + 2\" }\n", 2, "6:24",
        "'dismissed' must be bool, not number"),
    BadInput(
        "policy-expression-too-long.yaml",
        policyHeader + "states:\n  a:\n    see: { dismissed: \"" + Array(repeating: "true", count: 1200).joined(separator: " && ")
            + "\" }\n", 2, "6:24", "expression longer than 4096 characters"),
    BadInput(
        "policy-expression-too-deep.yaml",
        policyHeader + "states:\n  a:\n    see: { dismissed: \"" + String(repeating: "(", count: 100) + "true"
            + String(repeating: ")", count: 100) + "\" }\n", 2, "6:88", "expression nested more than 64 deep"),
    BadInput("policy-missing-states.yaml", policyHeader, 2, "1:1", "a policy needs 'states'"),
    BadInput("policy-empty.yaml", "", 2, "1:1", "the file is empty"),
    BadInput(
        "policy-duplicate-id.yaml", "conform: 1\npolicy: makeitso\ntitle: Again\nstates: { a: {} }\n", 2, "2:9",
        "duplicate policy id 'makeitso'"),
    BadInput(
        "policy-redefines-form-verb.yaml",
        policyHeader + "domain: kb\nvocabulary: { actions: { tap: null, press: null } }\nstates: { a: {} }\n", 2, "5:26",
        "'tap' is a verb of the fixed form vocabulary"),
    BadInput(
        "policy-final-with-transitions.yaml", policyHeader + "states:\n  a: { final: true, on: { edit: a } }\n", 2, "5:25",
        "a final state has no transitions"),
    BadInput(
        "policy-choose-without-sheet.yaml", policyHeader + "states:\n  a:\n    on: { choose OK: a }\n", 2, "6:11",
        "'choose OK' in a state that shows no sheet"),
]

@Suite("CLI: Broken user policies never take the built-in library down")
struct BadPolicyTests {
    @Test("each broken policy: a located error, exit 2, and the trace beside it still checked by the library", arguments: badPolicies)
    func broken(_ input: BadInput) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("policies"), withIntermediateDirectories: true)
        try Data(input.bytes).write(to: scratch.url.appendingPathComponent("policies/" + input.name))
        try scratch.write("t.yaml", "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: enabled }\n")
        let output = try BinaryRunner.run(["run", "t.yaml", "--policies", "policies", "--format", "json"], in: scratch.url)
        #expect(output.status == input.status)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let first = try #require((document["errors"] as? [[String: Any]])?.first)
        #expect(first["file"] as? String == "policies/" + input.name)
        let place = (first["line"] as? Int).map { "\($0):\(first["column"] as? Int ?? 0)" } ?? "-"
        #expect(place == input.location)
        #expect((first["message"] as? String)?.contains(input.message) == true, "\(first["message"] ?? "")")
        let results = document["results"] as? [[String: Any]] ?? []
        #expect(results.count == 11, "the built-in library judged the trace")
        #expect(
            results.contains {
                $0["policy"] as? String == "makeitso" && $0["verdict"] as? String == "pass" && $0["claimed"] as? Bool == true
            })
    }
}
