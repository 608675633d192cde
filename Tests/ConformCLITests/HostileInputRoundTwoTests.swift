import Foundation
import Testing

/// The second round of hostile input (Docs/Limits.md): floods, long words, duplicate ids, links out.
@Suite("CLI: Hostile input, second round")
struct HostileInputRoundTwoTests {
    @Test("a file of 20,000 unknown verbs words its first 100 problems and counts the rest; its neighbour is still checked")
    func errorFlood() throws {
        let scratch = try Scratch()
        let steps = (0..<20_000).map { "  - jmp\($0): 1\n" }.joined()
        try scratch.write("t/flood.yaml", "conform: 1\nsteps:\n" + steps)
        try scratch.write("t/good.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n")
        let output = try BinaryRunner.run(["run", "t"], in: scratch.url)
        #expect(output.status == 2)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("t/flood.yaml:") }.count == 101)
        #expect(lines.contains("t/flood.yaml:102:5: error: unknown verb 'jmp99'; did you mean 'jmp'?") == false)
        #expect(
            output.stdout.contains("t/flood.yaml:102:5: error: and 19900 more problems in this file, not listed (only the first 100 are)\n")
        )
        #expect(output.stdout.contains("1 trace, 11 policies: 1 of 1 claim holds, 101 errors\n"))
    }

    @Test("a message quotes at most 40 characters of a value, and a 900-character verb gets no suggestion")
    func longWords() throws {
        let scratch = try Scratch()
        let secret = "SECRET" + String(repeating: "s", count: 900)
        try scratch.write("t.yaml", "conform: 1\npolicy: \(secret)\nsteps:\n  - \(secret): 1\n")
        let output = try BinaryRunner.run(["run", "t.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stdout.contains("t.yaml:4:5: error: unknown verb 'SECRET\(String(repeating: "s", count: 34))…' (expected one of:"))
        #expect(!output.stdout.contains(String(repeating: "s", count: 41)))
    }

    @Test("two traces with one id: the second is an error at its trace key naming the first file; the first is checked")
    func duplicateIDs() throws {
        let scratch = try Scratch()
        try scratch.write("t/a.yaml", "conform: 1\ntrace: same\npolicy: one-handed\nsteps: [see: {}]\n")
        try scratch.write("t/b.yaml", "conform: 1\ntitle: B\ntrace: same\nsteps: [see: {}]\n")
        try scratch.write("t/same.yaml", "conform: 1\nsteps: [see: {}]\n")
        let output = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        #expect(output.status == 2)
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let errors = (document?["errors"] as? [[String: Any]] ?? []).map {
            "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "") \($0["message"] ?? "")"
        }
        #expect(
            errors == [
                "t/b.yaml:3:8 the trace id 'same' is already the id of t/a.yaml; ids must be unique, so this trace is not checked",
                "t/same.yaml:1:1 the trace id 'same' is already the id of t/a.yaml; ids must be unique, so this trace is not checked",
            ])
        let results = document?["results"] as? [[String: Any]] ?? []
        #expect(Set(results.compactMap { $0["file"] as? String }) == ["t/a.yaml"])
    }

    @Test("links out of the traced folder (to / and to a secret) are skipped with a warning; links inside are followed; cycles end")
    func links() throws {
        let scratch = try Scratch()
        try scratch.write("t/a.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n")
        try scratch.write("outside/secret.yaml", "conform: 1\nsteps:\n  - \"SECRET=hunter2\": 1\n")
        let t = scratch.url.appendingPathComponent("t")
        try FileManager.default.createDirectory(at: t.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: t.appendingPathComponent("root").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(
            atPath: t.appendingPathComponent("s.yaml").path,
            withDestinationPath: scratch.url.appendingPathComponent("outside/secret.yaml").path)
        try FileManager.default.createSymbolicLink(atPath: t.appendingPathComponent("sub/loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: t.appendingPathComponent("inside.yaml").path, withDestinationPath: "a.yaml")
        let output = try BinaryRunner.run(["run", "t", "--report", "all", "--output", "r", "--github"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stdout.contains(
                "t/root: warning: a symbolic link that leads outside the paths given, so it is not followed (--follow-links follows it)\n"))
        #expect(output.stdout.contains("t/s.yaml: warning: a symbolic link that leads outside the paths given"))
        #expect(output.stdout.contains("2 traces, 11 policies: 2 of 2 claims hold, 2 warnings\n"))
        for file in try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("r").path) {
            let text = try String(contentsOf: scratch.url.appendingPathComponent("r/\(file)"), encoding: .utf8)
            #expect(!text.contains("hunter2"), "\(file)")
        }
        #expect(!(output.stdout + output.stderr).contains("hunter2"))
        // Asked to, it follows a link out (here, one to the secret alone).
        let u = scratch.url.appendingPathComponent("u")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: u.appendingPathComponent("s.yaml").path,
            withDestinationPath: scratch.url.appendingPathComponent("outside/secret.yaml").path)
        let followed = try BinaryRunner.run(["run", "u", "--follow-links"], in: scratch.url)
        #expect(followed.stdout.contains("u/s.yaml:3:5: error: unknown verb 'SECRET=hunter2'"))
    }

    @Test("a policy whose expression doubles a string on every step gets the error verdict for that pair; the others are checked")
    func stringGrowth() throws {
        let scratch = try Scratch()
        try scratch.write(
            "p/grow.yaml",
            """
            conform: 1
            policy: grow
            title: Grows
            domain: grow
            sources: { X: nothing }
            vocabulary:
              actions: { tick: null }
              observations: { n: number }
            variables:
              s: { type: string, initial: "ab" }
            see: { n: 1 }
            initial: a
            states:
              a:
                source: X
                on:
                  tick: { set: { s: s + s + s + s }, to: a }

            """)
        try scratch.write("t/g.yaml", "conform: 1\npolicy: grow\nsteps:\n" + String(repeating: "  - tick:\n", count: 40))
        try scratch.write("t/ok.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - swipe: down\n")
        let output = try BinaryRunner.run(["run", "t", "--policies", "p", "--format", "json"], in: scratch.url)
        #expect(output.status == 1)
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let results = document?["results"] as? [[String: Any]] ?? []
        let grow = results.first { $0["policy"] as? String == "grow" && $0["file"] as? String == "t/g.yaml" }
        #expect(grow?["verdict"] as? String == "error")
        #expect(
            grow?["message"] as? String
                == "step 8 could not be evaluated against 'grow': '+' would make a string of 98304 bytes; strings may have at most 65536")
        #expect(
            results.contains {
                $0["policy"] as? String == "one-handed" && $0["file"] as? String == "t/ok.yaml" && $0["verdict"] as? String == "pass"
            })
    }

    @Test("a form of 100,000 fields with 10,000 edits is read and checked in linear time (it used to take minutes)")
    func wideForm() throws {
        let scratch = try Scratch()
        let form = "{ " + (0..<100_000).map { "f\($0): v" }.joined(separator: ", ") + " }"
        let steps = (0..<10_000).map { "  - edit: { f\($0): w }\n" }.joined()
        try scratch.write("wide.yaml", "conform: 1\npolicy: one-handed\nform: \(form)\nsteps:\n\(steps)  - see: { done: enabled }\n")
        let output = try BinaryRunner.run(["run", "wide.yaml"], in: scratch.url)
        #expect(output.status == 0)
        #expect(output.stdout.hasSuffix("1 trace, 11 policies: 1 of 1 claim holds\n"))
    }

    @Test("a .json trace with escaped surrogate pairs (as json.dumps writes emoji) loads as JSON says; a lone one is a located error")
    func jsonSurrogates() throws {
        let scratch = try Scratch()
        // One line, as json.dumps writes it: the departure's column is the file's own, after two escaped pairs.
        try scratch.write(
            "t/a.json",
            #"{"conform": 1, "app": "Milk \ud83d\ude00", "policy": "one-handed", "steps": [{"tap": "Do\ud83d\ude00ne"}]}"#)
        try scratch.write("t/b.json", #"{"conform": 1, "title": "bad \ud83d x", "steps": [{"see": {}}]}"#)
        let output = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let claimed = (document?["results"] as? [[String: Any]] ?? []).first { $0["claimed"] as? Bool == true }
        #expect(claimed?["app"] as? String == "Milk \u{1F600}")
        #expect(
            claimed?["message"] as? String == "tapped 'Do\u{1F600}ne', but 'one-handed' has no button labelled so; did you mean 'Done'?")
        #expect(claimed?["column"] as? Int == 78)
        let errors = document?["errors"] as? [[String: Any]] ?? []
        #expect(errors.count == 1)
        #expect(errors.first?["line"] as? Int == 1)
        #expect(errors.first?["column"] as? Int == 30)
        #expect(
            errors.first?["message"] as? String
                == "'\\ud83d' is half of a UTF-16 surrogate pair; JSON allows such an escape only as a pair (RFC 8259)")
    }

    @Test("YAML tags are read as the core schema says, or refused where they stand; never misread")
    func tags() throws {
        let scratch = try Scratch()
        try scratch.write(
            "t/typed.yaml",
            "conform: !!int \"1\"\npolicy: one-handed\nform: !!map { title: !!str 123 }\nsteps:\n  - edit: { title: !!str 124 }\n  - see: { done: enabled, form: { title: \"124\" } }\n"
        )
        try scratch.write("t/binary.yaml", "conform: 1\ntitle: !!binary aGVsbG8=\nsteps: [see: {}]\n")
        try scratch.write("t/wrong.yaml", "conform: 1\nsteps:\n  - see: { dismissed: !!bool \"yes\" }\n")
        try scratch.write("t/custom.yaml", "conform: 1\nsteps: !custom []\n")
        let output = try BinaryRunner.run(["run", "t"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "t/binary.yaml:2:8: error: the tag '!!binary' is not read: conform reads YAML's core schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)\n"
            ))
        #expect(output.stdout.contains("t/wrong.yaml:3:23: error: 'yes' is not a !!bool, as its tag says\n"))
        #expect(output.stdout.contains("t/custom.yaml:2:8: error: the tag '!custom' is not read"))
        // The typed trace loads: its version is the number 1, its title the string "123", and its claim holds.
        #expect(output.stdout.contains("1 trace, 11 policies: 1 of 1 claim holds, 3 errors\n"), "\(output.stdout)")
    }

    @Test("numbers a double cannot hold exactly, NaN and times beyond a week are located errors that name what was found")
    func numbers() throws {
        let scratch = try Scratch()
        try scratch.write(
            "a.yaml",
            "conform: 1\nsteps:\n  - tap: Done\n    at: 12345678901234567890123456\n  - tap: Done\n    at: .nan\n  - tap: Done\n    at: 1e9\n"
        )
        try scratch.write("b.yaml", "conform: 1\nsteps:\n  - layout: { window: 844.00000000000000000001, offset: 0, inset: 0 }\n")
        try scratch.write("c.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - swipe: down\n    at: 3.25\n  - see: { dismissed: true }\n")
        let output = try BinaryRunner.run(["run", "."], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "./a.yaml:4:9: error: 'at' is '12345678901234567890123456', beyond what a number holds exactly (integers up to 9007199254740992)\n"
            ))
        #expect(output.stdout.contains("./a.yaml:6:9: error: 'at' must be a finite number, not '.nan'\n"))
        #expect(output.stdout.contains("./a.yaml:8:9: error: 'at' is 1e9: seconds since the trace began run from 0 to 604800 (a week)\n"))
        #expect(
            output.stdout.contains(
                "./b.yaml:3:23: error: 'layout.window' is '844.00000000000000000001', more digits than a number holds exactly (17)\n"))
        #expect(output.stdout.contains("1 trace, 11 policies: 1 of 1 claim holds, 4 errors\n"))
    }

    @Test("a file name with a line break and an escape sequence stays on one line, inert, in every output")
    func controlCharactersInFileNames() throws {
        let scratch = try Scratch()
        try scratch.write("t/bad\nname\u{1B}[2J.yaml", "conform: 1\npolicy: apple-contacts\nsteps:\n  - see: { cancel: absent }\n")
        let output = try BinaryRunner.run(["run", "t", "--github"], in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(output.status == 1)
        #expect(!output.stdout.contains("\u{1B}"))
        // The compiler-form line and the annotation are one line each; nothing else starts a workflow command.
        #expect(output.stdout.contains("t/bad\u{23CE}name\u{FFFD}[2J.yaml:4:5: error: 'apple-contacts' departs at step 1"))
        let commands = output.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.count == 1)
        #expect(commands.first?.hasPrefix("::error file=t/bad%0Aname\u{FFFD}[2J.yaml,line=4,col=5,") == true)
        let json = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        #expect(json.stdout.contains(#""file": "t/bad\nname\u001b[2J.yaml""#))
    }
}
