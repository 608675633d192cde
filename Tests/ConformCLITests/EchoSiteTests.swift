import Foundation
import Testing

/// Issue 33, "one way to echo": every place a command echoes a value from a file, an argument or the
/// environment, fed a value holding every kind of line break, each followed by a GitHub workflow
/// command. Run as a user would (the built binary), no line of standard output or error may start a
/// workflow command that conform did not make, no line may hold `##[` (the runner's older form, found
/// anywhere in a line), and the value may not be cut into lines: every line that shows a part of it
/// after a line break shows its start too. One row per echo site; Docs/Security.md lists them.
@Suite("CLI: Echoed values stay on one line and start no workflow command, on every command")
struct EchoSiteTests {
    /// Every line break there is (LF, CR LF, U+2028, NEL, VT, FF, U+2029, CR), each followed by a
    /// workflow command (after blanks the runner trims, for one), and a directional override.
    static let value =
        "ECHO\n::error::PWNED\r\n##[add-mask]PWNED\u{2028}::add-mask::PWNED\u{85}\u{0B}\u{0C}\u{2029}\u{A0}\u{3000}::stop-commands::PWNED\r\u{202E}END"
    /// What a line typed to `conform record` can hold: every line break but LF (which ends the answer).
    static let typed = "ECHO\u{2028}::add-mask::PWNED\u{85}##[add-mask]PWNED\u{0B}::error::PWNED\u{2029}::warning::PWNED"
    /// A value without spaces, for places that split at them (a verb, a domain).
    static let word = "ECHO\n::error::PWNED\u{2028}##[add-mask]PWNED\r::add-mask::PWNED"

    /// One echo site: a command, its files and environment, what it reads on standard input, and
    /// commands run before it whose standard output goes to a file.
    struct Site: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var input: String? = nil
        var before: [(arguments: [String], output: String)] = []
        /// Rewrites a file made by `before` (path, then the text's change).
        var rewrite: (path: String, from: String, to: String)? = nil
        /// Whether the value must show in the output (else the site only may echo it).
        var echoes = true

        var testDescription: String { name }
    }

    static let v = value
    static let sites: [Site] = [
        // run
        Site(name: "run: trace id, title, app, policy text in the terminal report", arguments: ["run", "t", "--policies", "p"]),
        Site(name: "run --coverage: states and actions not exercised", arguments: ["run", "t", "--policies", "p", "--coverage"]),
        Site(
            name: "run --github: annotations and the terminal report", arguments: ["run", "t", "named", "--policies", "p", "--github"],
            environment: ["GITHUB_STEP_SUMMARY": ""]),
        Site(
            name: "run --format json --github: JSON, annotations on standard error",
            arguments: ["run", "t", "named", "--policies", "p", "--format", "json", "--github"], environment: ["GITHUB_STEP_SUMMARY": ""]),
        Site(name: "run: a file name at the start of a located problem", arguments: ["run", "named"]),
        Site(name: "run: a path that does not exist", arguments: ["run", v]),
        Site(
            name: "run --output: the report files written",
            arguments: ["run", "t", "--policies", "p", "--report", "md,json", "--output", v]),
        Site(name: "run --recorded-at", arguments: ["run", "t", "--recorded-at", v]),
        Site(name: "run --as-of", arguments: ["run", "t", "--baseline", "bl/baseline.yaml", "--as-of", v]),
        Site(name: "run --shard", arguments: ["run", "t", "--shard", v]),
        Site(name: "run: TEST_TOTAL_SHARDS", arguments: ["run", "t"], environment: ["TEST_TOTAL_SHARDS": v]),
        Site(name: "run: TEST_SHARD_INDEX", arguments: ["run", "t"], environment: ["TEST_TOTAL_SHARDS": "2", "TEST_SHARD_INDEX": v]),
        Site(name: "run: TEST_SHARD_STATUS_FILE", arguments: ["run", "t"], environment: ["TEST_SHARD_STATUS_FILE": "missing/" + v]),
        Site(name: "run: GITHUB_STEP_SUMMARY", arguments: ["run", "t", "--github"], environment: ["GITHUB_STEP_SUMMARY": "missing/" + v]),
        Site(
            name: "run: SOURCE_DATE_EPOCH", arguments: ["run", "t", "--report", "md", "--output", "r"],
            environment: ["SOURCE_DATE_EPOCH": v], echoes: false),
        Site(name: "run --policy: an unknown policy id", arguments: ["run", "t", "--policy", v]),
        Site(name: "run --report: an unknown format", arguments: ["run", "t", "--report", v]),
        Site(name: "run --templates: a folder that does not exist", arguments: ["run", "t", "--report", "md", "--templates", v]),
        Site(name: "run --baseline: a file that does not exist", arguments: ["run", "t", "--baseline", v]),
        Site(
            name: "run --baseline: entries that match nothing",
            arguments: ["run", "t", "--policies", "p", "--baseline", "bl/baseline.yaml"]),
        Site(name: "run --write-baseline: what was written", arguments: ["run", "t", "--policies", "p", "--write-baseline", v + ".yaml"]),
        Site(name: "run --config: a file that does not exist", arguments: ["run", "t", "--config", v]),
        Site(name: "run --config: reports, output and paths of a configuration", arguments: ["run", "--config", "config/bad.yaml"]),
        Site(name: "run --config: a report format of a configuration", arguments: ["run", "t", "--config", "config/reports.yaml"]),
        Site(name: "run --policies: a path that does not exist", arguments: ["run", "t", "--policies", v]),
        Site(name: "run --policies: a policy id that is not one", arguments: ["run", "t", "--policies", "bad"]),
        Site(name: "run: an unknown verb in a trace", arguments: ["run", "verbs"]),
        Site(name: "run --format: a value argument-parser refuses", arguments: ["run", "--format", v]),
        Site(name: "run --jobs: not a number", arguments: ["run", "t", "--jobs", v]),
        Site(name: "run: an unknown option", arguments: ["run", "--" + v]),
        // merge
        Site(name: "merge: a file that does not exist", arguments: ["merge", v]),
        Site(
            name: "merge --output: the report files written",
            arguments: ["merge", "shard.json", "--policies", "p", "--report", "md", "--output", v],
            before: [(["run", "t", "--policies", "p", "--shard", "1/1", "--format", "json"], "shard.json")]),
        Site(
            name: "merge: a shard's conform version", arguments: ["merge", "shard.json", "--policies", "p"],
            before: [(["run", "t", "--policies", "p", "--shard", "1/1", "--format", "json"], "shard.json")],
            rewrite: ("shard.json", "\"version\":\"", "\"version\":\"" + jsonEscaped(v))),
        // diff
        Site(name: "diff: text", arguments: ["diff", "runs/base.json", "runs/head.json"]),
        Site(name: "diff --format md", arguments: ["diff", "runs/base.json", "runs/head.json", "--format", "md"]),
        Site(name: "diff --format json", arguments: ["diff", "runs/base.json", "runs/head.json", "--format", "json"]),
        Site(
            name: "diff --github: annotations on standard output", arguments: ["diff", "runs/base.json", "runs/head.json", "--github"],
            environment: ["GITHUB_STEP_SUMMARY": "summary.md"]),
        Site(
            name: "diff --format json --github: annotations on standard error",
            arguments: ["diff", "runs/base.json", "runs/head.json", "--format", "json", "--github"],
            environment: ["GITHUB_STEP_SUMMARY": ""]),
        Site(name: "diff: files that do not exist", arguments: ["diff", v, v + "2"]),
        Site(name: "diff: a file that is not a run document", arguments: ["diff", "named/\(v).yaml", "runs/head.json"]),
        // history
        Site(
            name: "history --output: the page written, and a document that cannot be read",
            arguments: ["history", "hist", "--output", v + ".html"]),
        Site(name: "history: a folder that does not exist", arguments: ["history", v, "--output", "h.html"]),
        // policies
        Site(name: "policies: titles, summaries, sources", arguments: ["policies", "--policies", "p"]),
        Site(name: "policies --format json", arguments: ["policies", "--policies", "p", "--format", "json"]),
        Site(name: "policies: a domain and its verbs", arguments: ["policies", "--policies", "q"]),
        // explain
        Site(name: "explain: text", arguments: ["explain", "evil", "--policies", "p"]),
        Site(name: "explain --format md", arguments: ["explain", "evil", "--policies", "p", "--format", "md"]),
        Site(name: "explain --mermaid", arguments: ["explain", "evil", "--policies", "p", "--mermaid"]),
        Site(name: "explain: a custom domain", arguments: ["explain", "weird", "--policies", "q"]),
        Site(name: "explain --format md: a custom domain", arguments: ["explain", "weird", "--policies", "q", "--format", "md"]),
        Site(name: "explain: an unknown policy id", arguments: ["explain", v]),
        // lint
        Site(name: "lint: traces, policies, file names", arguments: ["lint", "t", "p", "q", "named", "verbs", "bad"]),
        Site(name: "lint: a path that does not exist", arguments: ["lint", v]),
        // generate
        Site(name: "generate: the checklist and what is not planned", arguments: ["generate", "evil", "--policies", "p"]),
        Site(name: "generate --output: the trace files written", arguments: ["generate", "evil", "--policies", "p", "--output", v]),
        Site(
            name: "generate --output: a file, not a folder",
            arguments: ["generate", "evil", "--policies", "p", "--output", "named/\(v).yaml"]),
        Site(
            name: "generate --format xcuitest: the Swift file", arguments: ["generate", "evil", "--policies", "p", "--format", "xcuitest"]),
        Site(
            name: "generate --format xcuitest --output: what was written",
            arguments: ["generate", "evil", "--policies", "p", "--format", "xcuitest", "--output", v + ".swift"]),
        Site(
            name: "generate --format xcuitest: a domain it refuses",
            arguments: ["generate", "weird", "--policies", "q", "--format", "xcuitest"]),
        Site(name: "generate: a custom domain's checklist", arguments: ["generate", "weird", "--policies", "q"]),
        Site(
            name: "generate --output: a custom domain's trace files (the verb goes into them)",
            arguments: ["generate", "weird", "--policies", "q", "--output", "g"], echoes: false),
        Site(name: "generate: an unknown policy id", arguments: ["generate", v]),
        Site(name: "generate --format: a value argument-parser refuses", arguments: ["generate", "evil", "--format", v]),
        // compare
        Site(name: "compare: text", arguments: ["compare", "evil", "evil2", "--policies", "p"]),
        Site(name: "compare --output: the trace files written", arguments: ["compare", "evil2", "evil", "--policies", "p", "--output", v]),
        Site(name: "compare --format json", arguments: ["compare", "evil", "evil2", "--policies", "p", "--format", "json"]),
        Site(
            name: "compare: policies of different domains", arguments: ["compare", "evil", "weird", "--policies", "p", "--policies", "q"]),
        Site(name: "compare: an unknown policy id", arguments: ["compare", v, "evil"]),
        // learn
        Site(
            name: "learn: the model, the nearest policies, how they differ, what to record next",
            arguments: ["learn", "t", "--policies", "p"]),
        Site(
            name: "learn --output and --suggest: what was written",
            arguments: ["learn", "t", "--policies", "p", "--output", v + ".yaml", "--suggest", v]),
        Site(name: "learn --format json", arguments: ["learn", "t", "--policies", "p", "--format", "json"]),
        Site(name: "learn: file names in the traces behind a scenario", arguments: ["learn", "named"]),
        Site(name: "learn --app: an app no trace has", arguments: ["learn", "t", "--app", v]),
        Site(name: "learn --id: no policy id", arguments: ["learn", "t", "--id", v]),
        // record
        Site(
            name: "record: the options, the policy's states, and typed notes, evidence and steps",
            arguments: [
                "record", "--policy", "evil", "--policies", "p", "--app", v, "--output", v + ".yaml", "--title", v, "--trace", v,
                "--screen", v,
                "--platform", v,
            ],
            input: "\n1\nnote: \(typed)\nevidence: \(typed)\ntap: \(typed)\nsee: { \(typed): 1 }\n\(typed)\n.\n"),
        Site(
            name: "record: typed sheet titles and observations",
            arguments: ["record", "--policy", "evil", "--policies", "p", "--app", "a", "--output", "r.yaml"],
            input: "see: { done: \"\(typed)\" }\nchoose: \(typed)\n.\n"),
        Site(name: "record --policy: an unknown policy id", arguments: ["record", "--policy", v, "--app", "a", "--output", "r.yaml"]),
        Site(
            name: "record --form: not a map",
            arguments: ["record", "--policy", "evil", "--policies", "p", "--app", "a", "--output", "r.yaml", "--form", v],
            echoes: false),
        // shrink
        Site(name: "shrink: the shrunk trace and its summary", arguments: ["shrink", "t/a.yaml", "--policy", "evil", "--policies", "p"]),
        Site(
            name: "shrink --output: what was written",
            arguments: ["shrink", "t/a.yaml", "--policy", "evil", "--policies", "p", "--output", v + ".yaml"]),
        Site(name: "shrink: a file name", arguments: ["shrink", "named/\(v).yaml", "--policy", "makeitso"]),
        Site(name: "shrink: a file that does not exist", arguments: ["shrink", v, "--policy", "makeitso"]),
        Site(name: "shrink --policy: an unknown policy id", arguments: ["shrink", "t/a.yaml", "--policy", v]),
        Site(name: "shrink: a trace that does not fail", arguments: ["shrink", "t/a.yaml", "--policy", "evil2", "--policies", "p"]),
        // init
        Site(name: "init: the files written and the advice", arguments: ["init", v]),
        Site(name: "init: the files that exist", arguments: ["init", v], before: [(["init", v], "init.out")]),
        // the command line itself
        Site(name: "an unknown command", arguments: [v]),
        Site(name: "help for an unknown command", arguments: ["help", v], echoes: false),
        Site(name: "an unknown option before any command", arguments: ["--" + v]),
    ]

    @Test("no line starts a workflow command from data, and the value stays on one line", arguments: sites)
    func site(_ site: Site) throws {
        let scratch = try Self.fixtures()
        for (arguments, output) in site.before {
            let made = try BinaryRunner.run(arguments, in: scratch.url)
            try scratch.write(output, made.stdout)
        }
        if let rewrite = site.rewrite {
            let file = scratch.url.appendingPathComponent(rewrite.path)
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(rewrite.from), "nothing to rewrite in \(rewrite.path)")
            try text.replacingOccurrences(of: rewrite.from, with: rewrite.to).write(to: file, atomically: true, encoding: .utf8)
        }
        let output = try BinaryRunner.run(site.arguments, in: scratch.url, environment: site.environment, input: site.input)
        #expect((0...2).contains(output.status), "exit status \(output.status)\n\(output.stderr)")
        for (stream, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
            for problem in Self.problems(in: text) { Issue.record("\(stream): \(problem)") }
        }
        if site.echoes {
            #expect(
                (output.stdout + output.stderr).uppercased().contains("ECHO"),
                "the value is not echoed:\n\(output.stdout)\n\(output.stderr)")
        }
    }

    @Test("the check itself finds a forged command, an old-form command, a cut value and a raw line break")
    func checkFindsEachProblem() {
        #expect(Self.problems(in: "a\n::error::x\n").count == 1)
        #expect(Self.problems(in: "\u{A0} \u{3000}::add-mask::x\n").count == 1)
        #expect(Self.problems(in: "text ##[add-mask]x\n").count == 1)
        #expect(Self.problems(in: "ECHO one\nPWNED two\n").count == 1)
        #expect(Self.problems(in: "echo one\npwned two\n").count == 1)
        #expect(Self.problems(in: "ECHO\u{2028}PWNED\n").count == 1)
        #expect(Self.problems(in: "::error file=a.yaml,line=1,title=conform%3A x::ECHO%0A::error::PWNED\n").isEmpty)
        #expect(Self.problems(in: "\\::error::x ECHO⏎PWNED ##\\[add-mask]\n").isEmpty)
    }

    // MARK: - The check

    /// What is wrong with `text` (standard output or error): a line that starts a workflow command
    /// conform did not make (its own are `::error file=`, `::warning file=`, `::notice title=conform::`),
    /// a line holding `##[`, a line that shows a part of the value without its start, a raw line break
    /// other than LF, a directional override.
    static func problems(in text: String) -> [String] {
        var found: [String] = []
        for character in ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", "\u{1B}", "\u{202E}"]
        where text.unicodeScalars.contains(where: { String($0) == character }) {
            found.append("holds U+\(String(character.unicodeScalars.first?.value ?? 0, radix: 16, uppercase: true))")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.unicodeScalars.drop { runnerBlank($0) }
            if trimmed.starts(with: "::".unicodeScalars) {
                let own = ["::error file=", "::warning file=", "::notice title=conform::"].contains {
                    trimmed.starts(with: $0.unicodeScalars)
                }
                if !own { found.append("a line starts a workflow command: \(line)") }
            }
            if line.contains("##[") { found.append("a line holds ##[: \(line)") }
            // Case apart: a site may lowercase the value (`--report` does).
            let folded = line.uppercased()
            if let pwned = folded.range(of: "PWNED"), folded[..<pwned.lowerBound].range(of: "ECHO") == nil {
                found.append("a line shows the value without its start: \(line)")
            }
        }
        return found
    }

    /// What .NET's `TrimStart` (the runner's) skips, and the zero-width characters.
    static func runnerBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || [0x180E, 0x200B, 0xFEFF].contains(scalar.value)
    }

    // MARK: - Fixtures

    /// The value as a JSON (and YAML double-quoted) string's inside: every character outside printable
    /// ASCII that a reader might take for a line break or blank, escaped.
    static func jsonEscaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0xA0).contains(scalar.value) || scalar.value >= 0x2000 && scalar.value <= 0x3000:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as a double-quoted YAML (or JSON) string.
    static func quoted(_ text: String) -> String { "\"" + jsonEscaped(text) + "\"" }

    /// A folder with every input the sites read: hostile form policies (`p/`), a custom domain (`q/`),
    /// a hostile trace (`t/`), a failing trace named by the value (`named/`), a trace with an unknown
    /// verb (`verbs/`), a policy whose id is the value (`bad/`), a baseline, configurations, two run
    /// documents to compare (`runs/`) and a folder of them (`hist/`).
    static func fixtures() throws -> Scratch {
        let scratch = try Scratch()
        let q = quoted(value)
        let states = (quoted(value + "2"), quoted(value + "3"))
        let policy = """
            conform: 1
            policy: evil
            title: \(q)
            summary: \(q)
            domain: form
            sources:
              \(q): \(q)
            buttons:
              done: \(q)
            fields:
              title: [\(q)]
            see:
              done: enabled
            initial: \(q)
            states:
              \(q):
                source: \(q)
                note: \(q)
                on:
                  tap done: saved
                  swipe down:
                    - if: form.title == \(quoted("x" + value))
                      to: \(states.0)
                      note: \(q)
                ignore: [edit]
              \(states.0):
                source: \(q)
                see:
                  dismissed: false
              \(states.1):
                source: \(q)
                on:
                  tap done: saved
              saved:
                final: true
                source: \(q)
                see:
                  dismissed: true

            """
        try scratch.write("p/evil.yaml", policy)
        try scratch.write(
            "p/evil2.yaml",
            policy.replacingOccurrences(of: "policy: evil\n", with: "policy: evil2\n").replacingOccurrences(
                of: "      tap done: saved\n      swipe down:", with: "      tap done: saved\n      tap cancel: saved\n      swipe down:"))
        let w = quoted(word)
        try scratch.write(
            "q/weird.yaml",
            """
            conform: 1
            policy: weird
            title: \(q)
            domain: \(w)
            sources: { S: \(q) }
            vocabulary:
              actions: { \(w): null, tick: null }
              observations: { n: number }
            see: { n: 1 }
            initial: a
            states:
              a:
                source: S
                on:
                  \(w): b
                  tick: a
              b:
                source: S
                see: { n: 2 }
                on:
                  tick: a

            """)
        try scratch.write(
            "t/a.yaml",
            """
            conform: 1
            trace: \(q)
            title: \(q)
            app: \(q)
            platform: \(q)
            screen: \(q)
            policy: [evil]
            steps:
              - see: { done: enabled }
                note: \(q)
              - tap: \(q)
              - see: { dismissed: false }

            """)
        try scratch.write("named/\(value).yaml", "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: disabled }\n")
        try scratch.write("verbs/v.yaml", "conform: 1\nsteps:\n  - \(q): 1\n")
        try scratch.write("bad/x.yaml", "conform: 1\npolicy: \(q)\ntitle: T\nsources: { S: s }\ninitial: a\nstates:\n  a:\n    source: S\n")
        try scratch.write(
            "bl/baseline.yaml",
            """
            conform: 1
            baseline:
              - trace: \(q)
                policy: evil
                state: \(q)
                reason: \(q)
              - trace: gone
                policy: \(q)
                reason: \(q)

            """)
        try scratch.write("config/bad.yaml", "conform: 1\ntraces: [\(q)]\npolicies: [\(q)]\nbaseline: \(q)\noutput: \(q)\n")
        try scratch.write("config/reports.yaml", "conform: 1\nreports: [\(q)]\n")
        try scratch.write("runs/base.json", runDocument(holds: true))
        try scratch.write("runs/head.json", runDocument(holds: false))
        try scratch.write("hist/base.json", runDocument(holds: true))
        try scratch.write("hist/\(value).json", "not JSON")
        return scratch
    }

    /// A run document whose every text is the value: one claim (holding or broken), one unclaimed
    /// departure that moves, a trace renamed, a version and a file name of the value.
    static func runDocument(holds: Bool) -> String {
        let q = quoted(value)
        let claim =
            holds
            ? "{\"trace\": \(q), \"file\": \(quoted(value + ".yaml")), \"app\": \(q), \"policy\": \(q), \"claimed\": true, \"verdict\": \"pass\"}"
            : "{\"trace\": \(q), \"file\": \(quoted(value + "2.yaml")), \"app\": \(q), \"policy\": \(q), \"claimed\": true, \"verdict\": \"fail\", "
                + "\"step\": 1, \"line\": 7, \"column\": 5, \"state\": \(q), \"message\": \(q), \"expected\": {\(q): \(q)}, \"observed\": {\(q): \(q)}}"
        let unclaimed =
            "{\"trace\": \(quoted(value + "b")), \"file\": \(quoted(value + "b.yaml")), \"app\": \(q), \"policy\": \(q), \"claimed\": false, "
            + "\"verdict\": \"fail\", \"step\": \(holds ? 1 : 2), \"line\": 7, \"column\": 5, \"state\": \(q), \"message\": \(q), "
            + "\"expected\": {\"a\": 1}, \"observed\": {\"a\": 2}}"
        return """
            {"conform": 1, "version": \(holds ? "\"0.1.0\"" : q), "recordedAt": "2026-01-0\(holds ? 1 : 2)T00:00:00Z",
             "policies": [{"id": \(q), "digest": "fnv1a64:0000000000000000"}],
             "results": [\(claim), \(unclaimed)], "errors": [],
             "summary": {"traces": 2, "policies": 1, "claims": {"pass": \(holds ? 1 : 0), "fail": \(holds ? 0 : 1)}, "errors": 0}}

            """
    }
}
