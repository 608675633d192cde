import Foundation
import Testing

@Suite("CLI: conform run, end to end")
struct RunCommandTests {
    static let conforming = """
        conform: 1
        app: Demo
        policy: one-handed
        form: { name: Steve }
        steps:
          - see: { done: disabled }
          - edit: { name: Steven }
          - swipe: down
          - choose: Save changes
          - see: { dismissed: true, saved: true }
        """

    static let departing = """
        conform: 1
        app: Demo
        policy: makeitso
        form: { name: Steve }
        steps:
          - see: { done: disabled }
        """

    @Test("the example corpus runs clean from the package root, with the default path")
    func corpus() throws {
        let output = try BinaryRunner.run(["run"])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("claims hold"))
        #expect(!output.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
        // The first line is the first thing said, as the README shows it: no blank line above it.
        #expect(
            output.stdout.hasPrefix(
                "Per app: its claims, then (unclaimed, for information only) how its traces compare with the other policies.\n"))
        let diagnostics = try BinaryRunner.run(["run", "Traces/Reminders", "--policy", "makeitso"])
        #expect(diagnostics.stdout.hasPrefix("Traces/Reminders/done-saves.yaml:11:5: error: 'makeitso' departs at step 2"))
    }

    @Test("a failing claim exits 1 and names file:line:column, expected and observed")
    func failingClaim() throws {
        let scratch = try Scratch()
        try scratch.write("a.yaml", Self.conforming)
        try scratch.write("b.yaml", Self.departing)
        let output = try BinaryRunner.run(["run", "."], in: scratch.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "./b.yaml:6:5: error: 'makeitso' departs at step 1 (state 'editing'): expected done: enabled, saw done: disabled\n\n"
            ))
        #expect(output.stdout.hasSuffix("2 traces, 11 policies: 1 of 2 claims holds, 1 failed\n"))
        // --verbose adds the whole expected and observed values.
        let verbose = try BinaryRunner.run(["run", ".", "--verbose"], in: scratch.url)
        #expect(
            verbose.stdout.contains(
                "./b.yaml:6:5: error: 'makeitso' departs at step 1 (state 'editing'): expected done: enabled, saw done: disabled\n    expected: {\"done\":\"enabled\"}\n    observed: {\"done\":\"disabled\"}\n"
            ))
    }

    @Test("a broken file beside good ones: exit 2, located error, the good ones still checked")
    func brokenBesideGood() throws {
        let scratch = try Scratch()
        try scratch.write("a.yaml", Self.conforming)
        try scratch.write("b.yaml", "conform: 1\nsteps:\n  - see: { done: maybe }\n  - tapp: Done\n")
        try scratch.write("c.yml", Self.departing)
        let output = try BinaryRunner.run(["run", ".", "--format", "json"], in: scratch.url)
        #expect(output.status == 2)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.count == 2)
        #expect(errors.first?["file"] as? String == "./b.yaml")
        #expect(errors.first?["line"] as? Int == 3)
        #expect(errors.first?["column"] as? Int == 18)
        #expect(errors.last?["line"] as? Int == 4)
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["file"] as? String }) == ["./a.yaml", "./c.yml"])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["traces"] as? Int == 2)
        #expect(summary["errors"] as? Int == 2)
        #expect((summary["claims"] as? [String: Int]) == ["pass": 1, "fail": 1])
    }

    @Test("the JSON document has the contract's fields; step, line, expected, observed only on fail")
    func jsonShape() throws {
        let scratch = try Scratch()
        try scratch.write("b.yaml", Self.departing)
        let output = try BinaryRunner.run(["run", "b.yaml", "--format", "json"], in: scratch.url)
        #expect(output.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["conform", "version", "policies", "paths", "results", "errors", "summary"])
        #expect(document["paths"] as? [String] == ["b.yaml"])
        #expect(document["conform"] as? Int == 1)
        #expect(document["version"] as? String == "0.1.0")
        let policies = try #require(document["policies"] as? [[String: String]])
        #expect(
            policies.count == 11
                && policies.allSatisfy { $0.keys.sorted() == ["digest", "id"] && $0["digest"]?.hasPrefix("fnv1a64:") == true })
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.count == 11, "the whole matrix: one result per loaded policy")
        let failed = try #require(results.first { $0["policy"] as? String == "makeitso" })
        #expect(failed["trace"] as? String == "b")
        #expect(failed["app"] as? String == "Demo")
        #expect(failed["claimed"] as? Bool == true)
        #expect(failed["verdict"] as? String == "fail")
        #expect(failed["step"] as? Int == 1)
        #expect(failed["line"] as? Int == 6)
        #expect((failed["expected"] as? [String: String]) == ["done": "enabled"])
        #expect((failed["observed"] as? [String: String]) == ["done": "disabled"])
        let passed = try #require(results.first { $0["policy"] as? String == "one-handed" })
        #expect(passed["verdict"] as? String == "pass")
        #expect(passed["claimed"] as? Bool == false)
        #expect(passed["step"] == nil && passed["line"] == nil && passed["expected"] == nil && passed["observed"] == nil)
    }

    @Test("--policy claims every trace it can judge")
    func commandLineClaim() throws {
        let scratch = try Scratch()
        try scratch.write("a.yaml", Self.conforming)
        let output = try BinaryRunner.run(["run", "a.yaml", "--policy", "apple-sample", "--format", "json"], in: scratch.url)
        #expect(output.status == 1)
        #expect(output.stdout.contains("\"pass\": 1,\n      \"fail\": 1"))
    }

    @Test(
        "usage errors exit 2",
        arguments: [
            ["run", "--policy", "no-such-policy"],
            ["run", "--frobnicate"],
            ["run", "--format", "xml"],
            ["explode"],
        ])
    func usageErrors(arguments: [String]) throws {
        let output = try BinaryRunner.run(arguments)
        #expect(output.status == 2, "\(arguments): \(output.stderr)")
        #expect(!output.stderr.isEmpty)
    }

    @Test("an unknown --policy id is named, with the nearest known one")
    func unknownPolicy() throws {
        let output = try BinaryRunner.run(["run", "--policy", "one-hand"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("unknown policy 'one-hand'. Did you mean 'one-handed'?"))
    }

    @Test("no trace found, or a missing path, exits 2")
    func nothingFound() throws {
        let scratch = try Scratch()
        try scratch.write("notes.txt", "not a trace")
        let empty = try BinaryRunner.run(["run", "."], in: scratch.url)
        #expect(empty.status == 2)
        #expect(empty.stdout.contains(".: error: no trace found"))
        let missing = try BinaryRunner.run(["run", "nowhere/"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("nowhere/: error: no such file or directory"))
    }

    @Test("a trace claiming an unknown policy is an error at the claim")
    func unknownClaim() throws {
        let scratch = try Scratch()
        try scratch.write("a.yaml", "conform: 1\npolicy: [one-handed, one-hand]\nsteps: [see: {}]\n")
        let output = try BinaryRunner.run(["run", "a.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "a.yaml:2:22: error: the trace claims policy 'one-hand', which is not loaded; did you mean 'one-handed'?"))
    }
}

@Suite("CLI: conform run --report and --github, end to end")
struct ReportCommandTests {
    @Test("--report all writes the five documented files into --output, and nothing else")
    func allReports() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.departing)
        try scratch.write("out/keep.txt", "mine")
        let output = try BinaryRunner.run(
            ["run", "t.yaml", "--report", "md,html", "--report", "junit,json,sarif", "--output", "out"], in: scratch.url)
        #expect(output.status == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
        #expect(
            files == ["conform-junit.xml", "conform-report.html", "conform-report.json", "conform-report.md", "conform.sarif", "keep.txt"])
        // Which files were written is said on standard error, so that standard output keeps only the run.
        #expect(
            output.stderr
                == "conform: wrote out/conform-report.md, out/conform-report.html, out/conform-junit.xml, out/conform-report.json, out/conform.sarif\n"
        )
        #expect(!output.stdout.contains("conform: wrote"))
        let quiet = try BinaryRunner.run(["run", "t.yaml", "--format", "json", "--report", "md", "--output", "out"], in: scratch.url)
        #expect(quiet.stderr == "conform: wrote out/conform-report.md\n")
        #expect(try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) is [String: Any])
        let json = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.json"), encoding: .utf8)
        let stdout = try BinaryRunner.run(["run", "t.yaml", "--format", "json"], in: scratch.url)
        #expect(json == stdout.stdout, "the JSON report is the --format json document")
    }

    @Test(
        "SARIF has every broken claim whichever reports come before it (JSON and JUnit keep no digest of the run)",
        arguments: ["json,sarif", "junit,sarif", "sarif"])
    func sarifAfterOtherReports(reports: String) throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.departing)
        #expect(try BinaryRunner.run(["run", "t.yaml", "--report", reports], in: scratch.url).status == 1)
        let sarif = try String(contentsOf: scratch.url.appendingPathComponent("conform-report/conform.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"ruleId\": \"conform/makeitso\""), "\(reports)")
    }

    @Test("the default folder is conform-report/, and an unknown format is a usage error")
    func defaultsAndErrors() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.conforming)
        #expect(try BinaryRunner.run(["run", "t.yaml", "--report", "md"], in: scratch.url).status == 0)
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("conform-report/conform-report.md").path))
        let bad = try BinaryRunner.run(["run", "t.yaml", "--report", "pdf"], in: scratch.url)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("unknown report format 'pdf'"))
    }

    @Test("--github annotates each broken claim and appends the summary to GITHUB_STEP_SUMMARY")
    func github() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.departing)
        let summary = scratch.url.appendingPathComponent("summary.md")
        try "earlier step\n".write(to: summary, atomically: true, encoding: .utf8)
        let output = try BinaryRunner.run(
            ["run", "t.yaml", "--github"], in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(output.status == 1)
        #expect(
            output.stdout.contains(
                "::error file=t.yaml,line=6,col=5,title=conform%3A 'makeitso' departs at step 1 (state 'editing')::expected done: enabled"))
        let written = try String(contentsOf: summary, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n# conform report\n"))
        let json = try BinaryRunner.run(
            ["run", "t.yaml", "--github", "--format", "json"], in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(json.stderr.contains("::error file=t.yaml"), "with JSON on stdout, annotations go to stderr")
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
    }

    @Test("--templates replaces a built-in template; a broken one is a located error")
    func templates() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.conforming)
        try scratch.write(
            "tpl/report.md.mustache", "{{% CONTENT_TYPE: MARKDOWN }}\nOur house style: {{claimsPassed}}/{{claims}} claims hold.\n")
        let output = try BinaryRunner.run(["run", "t.yaml", "--report", "md,html", "--templates", "tpl"], in: scratch.url)
        #expect(output.status == 0)
        let markdown = try String(contentsOf: scratch.url.appendingPathComponent("conform-report/conform-report.md"), encoding: .utf8)
        #expect(markdown == "Our house style: 1/1 claims hold.\n")
        let html = try String(contentsOf: scratch.url.appendingPathComponent("conform-report/conform-report.html"), encoding: .utf8)
        #expect(html.contains("<h1>conform report</h1>"), "the HTML template was not overridden")
        try scratch.write("bad/report.md.mustache", "line one\n{{#open}} never closed\n")
        let broken = try BinaryRunner.run(["run", "t.yaml", "--report", "md", "--templates", "bad"], in: scratch.url)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("bad/report.md.mustache"))
        // Report files are written whole or not at all: no temporary file is left beside them.
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("conform-report").path)
        #expect(left.sorted() == ["conform-report.html", "conform-report.md"])
    }

    @Test("a template of your own includes the built-in page's partials; a template the run does not write is not read")
    func templatePartials() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.conforming)
        try scratch.write(
            "tpl/report.html.mustache",
            "{{% CONTENT_TYPE: XHTML }}\n<!DOCTYPE html>\n<style>\n{{> html-style}}\n</style>\n<p>Ours</p>\n{{> html-header}}\n")
        // Broken, but only the HTML report is asked for: never parsed.
        try scratch.write("tpl/report.md.mustache", "{{#open}} never closed\n")
        let output = try BinaryRunner.run(["run", "t.yaml", "--report", "html", "--templates", "tpl"], in: scratch.url)
        #expect(output.status == 0, "\(output.stderr)")
        let html = try String(contentsOf: scratch.url.appendingPathComponent("conform-report/conform-report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<style>\n:root { --bg: #ffffff;"), "the stylesheet partial, its own delimiters gone")
        #expect(html.contains("<p>Ours</p>\n<header>\n<h1>conform report</h1>"))
        #expect(html.contains("<span class=\"status pass\">"), "the header partial sees the page's values")
        let asked = try BinaryRunner.run(["run", "t.yaml", "--report", "md", "--templates", "tpl"], in: scratch.url)
        #expect(asked.status == 2)
        #expect(asked.stderr.contains("tpl/report.md.mustache"))
        // GitHub's step summary is the Markdown report: written, its template is read.
        let summary = try BinaryRunner.run(
            ["run", "t.yaml", "--github", "--templates", "tpl"], in: scratch.url,
            environment: ["GITHUB_STEP_SUMMARY": scratch.url.appendingPathComponent("summary.md").path])
        #expect(summary.status == 2)
        #expect(summary.stderr.contains("tpl/report.md.mustache"))
        // JUnit alone reads no template at all.
        let junit = try BinaryRunner.run(["run", "t.yaml", "--report", "junit", "--templates", "tpl"], in: scratch.url)
        #expect(junit.status == 0, "\(junit.stderr)")
    }

    @Test("the Markdown matrix: the built-in rowsMarkdown are the rows a template of one's own makes from apps[].rows[].cells[]")
    func markdownMatrixRows() throws {
        let scratch = try Scratch()
        let builtIn = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("report-templates/report.md.mustache"), encoding: .utf8)
        #expect(builtIn.contains("{{{rowsMarkdown}}}\n"))
        let own = builtIn.replacingOccurrences(
            of: "{{{rowsMarkdown}}}\n", with: "{{#rows}}\n| {{trace}} |{{#cells}} {{{markdown}}} |{{/cells}}\n{{/rows}}\n")
        try scratch.write("tpl/report.md.mustache", own)
        let report = { (extra: [String]) throws -> String in
            let output = scratch.url.appendingPathComponent("out").path
            let run = try BinaryRunner.run(
                ["run", "Traces", "--policy", "makeitso", "--report", "md", "--output", output] + extra,
                environment: ["SOURCE_DATE_EPOCH": "1"])
            #expect(run.status == 1, "\(run.stderr)")
            return try String(contentsOfFile: output + "/conform-report.md", encoding: .utf8)
        }
        let written = try report([])
        #expect(written.contains("| Trace | apple-calendar |"), "a table with rows: \(written.prefix(2000))")
        #expect(written.contains("| **❌ step "), "a broken claim's cell")
        #expect(try report(["--templates", scratch.url.appendingPathComponent("tpl").path]) == written)
    }

    @Test(
        "the HTML page's traces: the built-in tracesHTML is what a template of one's own makes from traceGroups[].traces[]"
    )
    func htmlTraceDetails() throws {
        let scratch = try Scratch()
        // No title, no claim, characters to escape; and a note on a step.
        try scratch.write(
            "odd/<b>&'x\".yaml",
            """
            conform: 1
            trace: "a<b>&'\\"c"
            app: "R&D <lab>"
            form: { name: Ada }
            steps:
              - see: { done: disabled }
                note: "why <not> & more"
            """)
        let builtIn = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("report-templates/report.html.mustache"), encoding: .utf8)
        #expect(builtIn.contains("{{> html-traces}}\n"))
        try scratch.write("tpl/report.html.mustache", builtIn.replacingOccurrences(of: "{{> html-traces}}\n", with: Self.ownTraceSections))
        let report = { (paths: [String], extra: [String]) throws -> String in
            let output = scratch.url.appendingPathComponent("out").path
            let run = try BinaryRunner.run(
                ["run"] + paths + ["--report", "html", "--output", output] + extra, environment: ["SOURCE_DATE_EPOCH": "1"])
            #expect(run.status != 2, "\(run.stderr)")
            return try String(contentsOfFile: output + "/conform-report.html", encoding: .utf8)
        }
        let own = ["--templates", scratch.url.appendingPathComponent("tpl").path]
        let odd = scratch.url.appendingPathComponent("odd").path
        let runs: [[String]] = [["Traces", "--policy", "makeitso"], ["Traces", "Examples/Recorded"], [Self.evidenceFixtures, odd]]
        for arguments in runs {
            let paths = arguments.prefix { !$0.hasPrefix("--") }
            let options = Array(arguments.dropFirst(paths.count))
            let written = try report(Array(paths), options)
            #expect(written.contains("<details class=\"trace"), "traces shown in full: \(arguments)")
            #expect(try report(Array(paths), options + own) == written, "\(arguments)")
        }
        let unclaimed = try report([odd], [])
        let summary = "<summary>– a&lt;b&gt;&amp;&#39;&quot;c <span class=\"note\">(R&amp;D &lt;lab&gt;)</span></summary>"
        #expect(unclaimed.contains(summary), "\(unclaimed)")
        #expect(unclaimed.contains("<span class=\"note\">why &lt;not&gt; &amp; more</span>"))
        let evidence = try report([Self.evidenceFixtures], [])
        #expect(evidence.contains("<figure class=\"evidence\""), "an evidence figure, embedded and not")
    }

    static let evidenceFixtures = "Tests/ConformReportsTests/Fixtures/evidence"

    /// The traces' sections as the built-in partial wrote them before it placed `tracesHTML`: what a
    /// template of one's own may write from `traceGroups[].traces[]` (Docs/Reports.md).
    static let ownTraceSections = """
        {{#traceGroups}}
        <section id="{{id}}">
        <h2>{{heading}}</h2>
        {{#note}}<p class="note">{{note}}</p>{{/note}}{{#shortened}}<p class="note">{{shortened}}</p>{{/shortened}}
        {{#traces}}
        <details class="trace{{#failing}} failing{{/failing}}{{#unclaimed}} unclaimed{{/unclaimed}}" id="{{anchor}}"{{#open}} open{{/open}}>
        <summary>{{mark}} {{id}}{{#title}}: {{title}}{{/title}} <span class="note">({{app}})</span></summary>
        <p><code class="path">{{{fileHTML}}}</code>{{#claims}} · claims <strong>{{policy}}</strong>: {{verdict}}{{/claims}}{{#unclaimed}} · claims no policy{{/unclaimed}}</p>
        {{#hasEvidence}}<div class="with-evidence">{{/hasEvidence}}<div class="table-box"><table class="steps">
        <thead><tr><th scope="col">Step</th><th scope="col">Line</th><th scope="col">What happened</th></tr></thead>
        <tbody>
        {{{stepRows}}}</tbody>
        </table></div>
        {{#hasEvidence}}
        {{#evidence}}
        <figure class="evidence" id="{{anchor}}">{{#src}}<img src="{{src}}" alt="{{alt}}">{{/src}}<figcaption>Step {{step}}, where <strong>{{policies}}</strong> departs: <code class="path">{{{pathHTML}}}</code>{{#evidenceNote}} ({{evidenceNote}}){{/evidenceNote}}</figcaption></figure>
        {{/evidence}}
        </div>
        {{/hasEvidence}}
        {{#diagrams}}
        <p><strong>{{policy}}</strong> ({{verdict}}): the transitions this trace took are highlighted with their step numbers.</p>
        <div class="diagram-box">{{{svg}}}</div>
        {{/diagrams}}
        </details>
        {{/traces}}
        </section>
        {{/traceGroups}}

        """

    @Test("a report that cannot be written (its folder is a file) is a located error, and the other outputs are still made")
    func unwritableReport() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", RunCommandTests.conforming)
        try scratch.write("taken", "a file, not a folder")
        let output = try BinaryRunner.run(["run", "t.yaml", "--report", "json", "--output", "taken"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stdout.contains("1 of 1 claim holds"))
        #expect(output.stderr.contains("taken/conform-report.json: error: cannot write the report"), "\(output.stderr)")
    }
}

@Suite("CLI: conform run --coverage")
struct CoverageCommandTests {
    @Test("the JSON coverage object lists, per claimed policy, transitions, covered and uncovered")
    func json() throws {
        let output = try BinaryRunner.run(["run", "Traces/OneHanded/clean-swipe-dismisses.yaml", "--coverage", "--format", "json"])
        #expect(output.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let coverage = try #require(document["coverage"] as? [String: Any])
        #expect(Array(coverage.keys) == ["one-handed"])
        let entry = try #require(coverage["one-handed"] as? [String: Any])
        #expect(entry["transitions"] as? Int == 11)
        #expect(entry["covered"] as? Int == 2)
        let uncovered = try #require(entry["uncovered"] as? [[String: String]])
        #expect(uncovered.count == 9)
        #expect(uncovered.first == ["state": "editing", "action": "edit"])
        #expect(uncovered.contains(["state": "editing", "action": "swipe down [edited]"]))
    }
}
