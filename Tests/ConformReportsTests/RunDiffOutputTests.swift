import ConformCore
import ConformLoading
import ConformResources
import ConformTestSupport
import Foundation
import Testing

@testable import ConformKit
@testable import ConformReports

/// `conform diff`'s refusals and each output format beyond the text: Markdown within GitHub's limit,
/// JSON valid against its schema, GitHub annotations for claims newly broken only.
@Suite("Reports: Run diff refusals and formats")
struct RunDiffOutputTests {
    /// A run made in memory: `traces` traces of app `App`, each claiming `apple-reminders`, which holds
    /// or departs at step 2 with a long message.
    static func synthetic(traces: Int, broken: Bool, message: String = "") -> RunDocument {
        let library = DiffScratch.library
        var results: [RunDocument.Result] = []
        for number in 0..<traces {
            for policy in library.ids {
                let claimed = policy == "apple-reminders"
                var result = RunDocument.Result(
                    trace: "trace-\(number)", file: "Traces/App/t\(number).yaml", app: "App", policy: policy, claimed: claimed,
                    verdict: .pass)
                if claimed, broken {
                    result.verdict = .fail
                    result.step = 2
                    result.line = 9
                    result.column = 5
                    result.state = "editing"
                    result.message = "expected done: enabled, saw done: disabled " + message
                    result.expected = .object([("done", .string("enabled"))])
                    result.observed = .object([("done", .string("disabled"))])
                }
                results.append(result)
            }
        }
        return RunDocument(version: ConformVersion.current, policies: library.digests, paths: ["Traces"], results: results)
    }

    /// A library with the built-in policies, apple-calendar's file edited, and one policy more.
    static func otherLibrary() -> PolicyLibrary {
        var library = PolicyLibrary(policies: [])
        for file in EmbeddedPolicies.files {
            let text = file.name == "apple-calendar.yaml" ? file.text + "\n# edited\n" : file.text
            library.add(text: text, file: "<built-in>/Policies/\(file.name)")
        }
        let reminders = EmbeddedPolicies.files.first { $0.name == "apple-reminders.yaml" }?.text ?? ""
        library.add(
            text: reminders.replacingOccurrences(of: "policy: apple-reminders", with: "policy: my-forms"), file: "Policies/my-forms.yaml")
        return library
    }

    @Test("runs of different policy libraries are refused, naming the ids only in one and the ids of another file")
    func otherLibraries() throws {
        let base = Self.synthetic(traces: 1, broken: false)
        var head = base
        head.policies = Self.otherLibrary().digests
        guard case .failure(let refusal) = RunDiff.compare(base, file: "base.json", with: head, file: "head.json") else {
            Issue.record("compared runs of different libraries")
            return
        }
        let calendar = try #require(base.policies?.first { $0.id == "apple-calendar" }?.digest)
        let edited = try #require(head.policies?.first { $0.id == "apple-calendar" }?.digest)
        #expect(calendar != edited)
        #expect(
            refusal.problems.map(\.formatted) == [
                "conform diff: error: the runs were made with different policy libraries, so their verdicts do not compare: "
                    + "only in head.json: my-forms; the same id from another file: apple-calendar (\(calendar) and \(edited)) "
                    + "(make both runs with the same policies)"
            ])
        // The other way round, the id is only in the base run.
        guard case .failure(let reversed) = RunDiff.compare(head, file: "base.json", with: base, file: "head.json") else { return }
        #expect(reversed.problems.first?.message.contains("only in base.json: my-forms;") == true)
    }

    @Test("a shard's document is refused: it is not a whole run; both files' problems are said")
    func shardRefused() {
        var shard = Self.synthetic(traces: 1, broken: false)
        shard.shard = "2/4"
        guard case .failure(let refusal) = RunDiff.compare(shard, file: "s2.json", with: shard, file: "s2b.json") else {
            Issue.record("compared a shard")
            return
        }
        #expect(
            refusal.problems.map(\.formatted)
                == ["s2.json", "s2b.json"].map {
                    "\($0): error: the document of shard 2/4, not of a whole run: merge the shards first (conform merge SHARD.json ... --format json) "
                        + "and compare the merged document"
                })
    }

    @Test("runs of different conform versions compare, and the header says so; a document without digests is compared by id")
    func otherVersions() throws {
        var base = Self.synthetic(traces: 2, broken: false)
        base.version = "0.0.9"
        base.policies = nil
        base.paths = nil
        base.recordedAt = try Timestamp.parse("2026-11-25T10:00:00Z").get()
        let result = try diff(base, Self.synthetic(traces: 2, broken: false))
        #expect(result.isEmpty && result.exitStatus == 0)
        #expect(result.filesCompared == .asWritten)
        #expect(
            result.text() == """
                conform diff: base.json (conform 0.0.9, 2026-11-25T10:00:00Z, 2 traces) → head.json (conform \(ConformVersion.current), 2 traces); 11 policies
                The runs were made by different conform versions (0.0.9 and \(ConformVersion.current)) with the same run document format, 1: compared.
                base.json does not record its policies' digests: its policies are compared by id only.
                base.json does not record the paths its run was given: trace files are compared as written, so the traces of a run made from another folder show as renamed.

                No change: every trace and claim is as it was.

                """)
        #expect(result.markdown().hasPrefix("## conform diff: no change\n"))
    }

    @Test(
        "Markdown: a diff past GitHub's limit is cut to 65,536 characters, claims newly broken first, with a count and the way to the JSON")
    func markdownLimit() throws {
        let long = String(repeating: "a long message that goes on ", count: 10)
        let result = try diff(Self.synthetic(traces: 3_000, broken: false), Self.synthetic(traces: 3_000, broken: true, message: long))
        #expect(result.newlyBroken.count == 3_000)
        let markdown = result.markdown()
        #expect(markdown.utf8.count <= RunDiff.markdownLimit)
        #expect(markdown.utf8.count > RunDiff.markdownLimit - 2_000, "the room is used")
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| trace-") }.count
        #expect(rows > 50 && rows < 3_000)
        // The per-app row counts too (the app no longer agrees with apple-reminders), and is left out first.
        #expect(
            markdown.contains(
                "> **Shortened:** \(3_001 - rows) of 3001 changes are not shown, to stay within GitHub's 65536 characters. "
                    + "The whole diff: `conform diff base.json head.json --format json`.\n"))
        #expect(markdown.contains("\n_… and \(3_000 - rows) more, not shown here._\n"))
        #expect(
            markdown.hasSuffix(
                "### Per app (1)\n\n| App | Now agrees with | No longer agrees with |\n|---|---|---|\n\n_… and 1 more, not shown here._\n"))
        let firstSection = try #require(markdown.range(of: "### ")).lowerBound
        #expect(markdown[firstSection...].hasPrefix("### ❌ Claims newly broken (3000)"))
        // A small diff is whole, with no note.
        let small = try diff(Self.synthetic(traces: 3, broken: false), Self.synthetic(traces: 3, broken: true))
        #expect(
            !small.markdown().contains("Shortened")
                && small.markdown().contains("| trace-2 | apple-reminders | Traces/App/t2.yaml:9:5 | held in the base run |"))
    }

    @Test("Markdown: cmark-gfm reads each shortened table as a table, a row for each row written, and the note as a quote")
    func markdownRenders() throws {
        guard Consumers.runs("cmark-gfm") else { return }
        let long = String(repeating: "a long message that goes on ", count: 10)
        let markdown = try diff(Self.synthetic(traces: 3_000, broken: false), Self.synthetic(traces: 3_000, broken: true, message: long))
            .markdown()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("conform-diff-\(UUID().uuidString).md")
        try markdown.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let html = try Consumers.run("cmark-gfm", ["--extension", "table", file.path])
        #expect(html.status == 0)
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| trace-") }.count
        // Each table's head row, and each row written.
        #expect(html.output.components(separatedBy: "<tr>").count - 1 == rows + 2)
        #expect(html.output.contains("<blockquote>\n<p><strong>Shortened:</strong>"))
    }

    @Test("Markdown: text from a trace cannot add a table cell, a heading or HTML")
    func markdownEscaped() throws {
        var base = Self.synthetic(traces: 1, broken: false)
        var head = Self.synthetic(traces: 1, broken: true)
        for index in base.results.indices {
            base.results[index].trace = "a|b <script>"
            head.results[index].trace = "a|b <script>"
            head.results[index].message = head.results[index].message.map { $0 + " | # *x* `y`\n## z" }
        }
        let markdown = try diff(base, head).markdown()
        #expect(markdown.contains("| a\\|b \\<script\\> | apple-reminders |"))
        #expect(!markdown.contains("<script>") && !markdown.contains("\n## z"))
    }

    @Test("--github: an error annotation at each claim newly broken and nothing else; past 10, a notice")
    func githubAnnotations() throws {
        let result = try diff(Self.synthetic(traces: 12, broken: false), Self.synthetic(traces: 12, broken: true))
        let lines = result.githubAnnotations()
        #expect(lines.count == 11)
        #expect(
            lines.first
                == "::error file=Traces/App/t0.yaml,line=9,col=5,title=conform diff%3A trace-0 breaks its claim 'apple-reminders'::"
                + "departs at step 2 (state 'editing'): expected done: enabled, saw done: disabled  (held in the base run)")
        #expect(
            lines.last
                == "::notice title=conform::2 more claims newly broken are not annotated (GitHub shows 10 per step); see the step summary or the reports"
        )
        // A fix, a move, a rename: no annotation.
        let fixed = try diff(Self.synthetic(traces: 2, broken: true), Self.synthetic(traces: 2, broken: false))
        #expect(fixed.fixed.count == 2 && fixed.githubAnnotations().isEmpty)
    }

    /// Two runs with many kinds of change: a departure moved (error to fail), a renamed trace's claim newly
    /// broken, a claim withdrawn and a new one broken, a trace added and one removed.
    static func mixed() -> (RunDocument, RunDocument) {
        var base = Self.synthetic(traces: 4, broken: false)
        var head = Self.synthetic(traces: 4, broken: true)
        for index in 0..<11 { base.results[index].verdict = base.results[index].claimed ? .error : .pass }
        base.results[0].message = "division by zero"
        for index in 11..<22 { head.results[index].trace = "renamed" }
        head.results.removeSubrange(33..<44)
        head.results += Self.synthetic(traces: 6, broken: false).results[55..<66]
        for index in 22..<33 { base.results[index].claimed = base.results[index].policy == "apple-calendar" }
        return (base, head)
    }

    @Test("text and JSON written piece by piece are the same bytes as made whole")
    func streamed() throws {
        let (base, head) = Self.mixed()
        // The large one is written in more than one piece.
        let long = String(repeating: "a long message that goes on ", count: 10)
        let large = try diff(Self.synthetic(traces: 3_000, broken: false), Self.synthetic(traces: 3_000, broken: true, message: long))
        for result in [try diff(base, head), try diff(base, base), large] {
            var pieces = 0
            large.writeText { _ in pieces += 1 }
            #expect(pieces > 1)
            var json = ""
            result.writeJSON { json += $0 }
            #expect(json == result.json().serialized(pretty: true) + "\n")
            var text = ""
            result.writeText { text += $0 }
            #expect(text == result.text())
        }
    }

    @Test("JSON: every diff of the tests validates against schemas/conform-diff.schema.json; one without a member does not")
    func jsonSchema() throws {
        guard Consumers.runs("check-jsonschema") else { return }
        let schema = packageRoot.appendingPathComponent("schemas/conform-diff.schema.json").path
        let meta = try Consumers.run("check-jsonschema", ["--check-metaschema", schema])
        #expect(meta.status == 0, "\(meta.output)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-diff-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (base, head) = Self.mixed()
        let documents: [(String, RunDiff)] = [
            ("mixed", try diff(base, head)),
            ("empty", try diff(base, base)),
        ]
        var files: [String] = []
        for (name, result) in documents {
            let url = folder.appendingPathComponent("\(name).json")
            try (result.json().serialized(pretty: true) + "\n").write(to: url, atomically: true, encoding: .utf8)
            files.append(url.path)
        }
        let mixed = documents[0].1
        #expect(!mixed.newlyBroken.isEmpty && !mixed.moved.isEmpty && !mixed.renamed.isEmpty && !mixed.added.isEmpty)
        #expect(!mixed.removed.isEmpty && !mixed.claimsWithdrawn.isEmpty)
        files.append(packageRoot.appendingPathComponent("Tests/ConformReportsTests/Goldens/diff-renamed.json").path)
        let valid = try Consumers.run("check-jsonschema", ["--schemafile", schema] + files)
        #expect(valid.status == 0, "\(valid.output)")
        let broken = folder.appendingPathComponent("broken.json")
        try (documents[1].1.json().serialized(pretty: true).replacingOccurrences(of: "\"newlyBroken\"", with: "\"newlyBrokn\"")).write(
            to: broken, atomically: true, encoding: .utf8)
        #expect(try Consumers.run("check-jsonschema", ["--schemafile", schema, broken.path]).status != 0)
    }

    @Test("JSON: the document's members, in order, and a claim newly broken in full")
    func jsonShape() throws {
        let result = try diff(Self.synthetic(traces: 1, broken: false), Self.synthetic(traces: 1, broken: true))
        guard case .object(let members) = result.json() else {
            Issue.record("not an object")
            return
        }
        #expect(
            members.map(\.0) == [
                "conform", "base", "head", "policies", "filesCompared", "worse", "newlyBroken", "fixed", "moved", "claimsMade",
                "claimsWithdrawn", "renamed",
                "added", "removed", "apps", "unclaimedMoved", "summary",
            ])
        let text = result.json().serialized()
        #expect(
            text.contains(
                #"{"trace":"trace-0","file":"Traces/App/t0.yaml","app":"App","policy":"apple-reminders","before":"held","after":"broken","base":{"verdict":"pass"},"head":{"verdict":"fail","step":2,"line":9,"column":5,"state":"editing","message":"expected done: enabled, saw done: disabled ","expected":{"done":"enabled"},"observed":{"done":"disabled"}}}"#
            ))
        #expect(text.contains(#""worse":true"#))
    }
}
