import Foundation
import Testing

/// `conform diff`, and the run document members it reads, through the binary: exit statuses and what
/// each stream carries. What the diff says is tested in-process (Reports: Run diffs).
@Suite("CLI: conform diff and the run document's header")
struct DiffCommandTests {
    @Test("--recorded-at writes the time in UTC after the version; a time that does not parse is a usage error")
    func recordedAt() throws {
        let run = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json", "--recorded-at", "2026-11-26T11:00:00+01:00"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasPrefix(
                "{\n  \"conform\": 1,\n  \"version\": \"0.1.0\",\n  \"recordedAt\": \"2026-11-26T10:00:00Z\",\n  \"policies\": [\n    {\n      \"id\": \"apple-calendar\",\n      \"digest\": \"fnv1a64:"
            ))
        let plain = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json"])
        #expect(!plain.stdout.contains("recordedAt"))
        let now = try BinaryRunner.run(["run", "Traces/Reminders", "--format", "json", "--recorded-at", "now"])
        #expect(now.stdout.range(of: #""recordedAt": "20\d\d-\d\d-\d\dT\d\d:\d\d:\d\dZ""#, options: .regularExpression) != nil)
        let bad = try BinaryRunner.run(["run", "Traces/Reminders", "--recorded-at", "yesterday"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains(
                "Error: invalid --recorded-at 'yesterday': it is not a time written YYYY-MM-DDTHH:MM:SS and a zone. Give now, or a time "
                    + "such as 2026-11-26T10:00:00Z (RFC 3339: YYYY-MM-DDTHH:MM:SS (a fraction of a second allowed), then Z or an offset "
                    + "from -14:00 to +14:00, years 0001 to 9999).\n"))
        #expect(bad.stdout.isEmpty)
    }

    static func corpus(_ path: String) throws -> String {
        try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Traces/" + path), encoding: .utf8)
    }

    /// A scratch folder with the Reminders traces under Traces/, and the run of them as base.json.
    static func base() throws -> Scratch {
        let scratch = try Scratch()
        for name in ["done-saves", "keep-editing", "swipe-after-edit"] {
            try scratch.write("Traces/Reminders/\(name).yaml", try corpus("Reminders/\(name).yaml"))
        }
        let run = try BinaryRunner.run(["run", "Traces", "--format", "json", "--report", "json", "--output", "base"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        try scratch.write("base.json", run.stdout)
        return scratch
    }

    @Test("exit 0 when nothing got worse, 1 with a claim newly broken; --github annotates it and writes the step summary")
    func exitStatuses() throws {
        let scratch = try Self.base()
        // The JSON report and standard output are the same document; either compares.
        let help = try BinaryRunner.run(["diff", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: conform diff <BASE.json> <HEAD.json>"))
        #expect(help.stdout.contains("Exit status: 0 nothing got worse; 1 a claim is newly broken; 2 unusable input"))
        let same = try BinaryRunner.run(["diff", "base.json", "base/conform-report.json"], in: scratch.url)
        #expect(same.status == 0 && same.stderr.isEmpty)
        #expect(same.stdout.hasSuffix("\nNo change: every trace and claim is as it was.\n"))
        let swipe = try Self.corpus("Reminders/swipe-after-edit.yaml").replacingOccurrences(of: "saved: false", with: "saved: true")
        try scratch.write("Traces/Reminders/swipe-after-edit.yaml", swipe)
        let head = try BinaryRunner.run(["run", "Traces", "--format", "json"], in: scratch.url)
        try scratch.write("head.json", head.stdout)
        let worse = try BinaryRunner.run(["diff", "base.json", "head.json"], in: scratch.url)
        #expect(worse.status == 1)
        #expect(
            worse.stdout.contains(
                "\nClaims newly broken (1):\nTraces/Reminders/swipe-after-edit.yaml:18:5: error: reminders-swipe-after-edit breaks"))
        let better = try BinaryRunner.run(["diff", "head.json", "base.json", "--format", "md"], in: scratch.url)
        #expect(better.status == 0 && better.stdout.hasPrefix("## conform diff: ✅ nothing got worse\n"))
        let summary = scratch.url.appendingPathComponent("summary.md")
        let github = try BinaryRunner.run(
            ["diff", "base.json", "head.json", "--format", "json", "--github"], in: scratch.url,
            environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(github.status == 1)
        #expect(
            github.stderr
                == "::error file=Traces/Reminders/swipe-after-edit.yaml,line=18,col=5,title=conform diff%3A reminders-swipe-after-edit breaks its claim 'apple-reminders'::"
                + "departs at step 7 (state 'discarded'): expected saved: false, saw saved: true (held in the base run)\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(github.stdout.utf8)) as? [String: Any])
        #expect(document["worse"] as? Bool == true)
        #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("## conform diff: ❌ 1 claim newly broken\n"))
    }

    @Test("a merged sharded run is a whole run: it diffs as the unsharded run does")
    func mergedShards() throws {
        let scratch = try Self.base()
        for shard in ["1/2", "2/2"] {
            let part = try BinaryRunner.run(["run", "Traces", "--shard", shard, "--format", "json"], in: scratch.url)
            try scratch.write("shard-\(shard.prefix(1)).json", part.stdout)
        }
        let merged = try BinaryRunner.run(
            ["merge", "shard-1.json", "shard-2.json", "--format", "json", "--recorded-at", "2026-11-26T10:00:00Z"], in: scratch.url)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.contains("\n  \"recordedAt\": \"2026-11-26T10:00:00Z\",\n  \"policies\": ["))
        try scratch.write("merged.json", merged.stdout)
        let diff = try BinaryRunner.run(["diff", "base.json", "merged.json"], in: scratch.url)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasSuffix("\nNo change: every trace and claim is as it was.\n"))
        #expect(
            diff.stdout.hasPrefix(
                "conform diff: base.json (conform 0.1.0, 3 traces) → merged.json (conform 0.1.0, 2026-11-26T10:00:00Z, 3 traces); 11 policies\n"
            ))
        let shard = try BinaryRunner.run(["diff", "base.json", "shard-1.json"], in: scratch.url)
        #expect(shard.status == 2 && shard.stdout.isEmpty)
        #expect(shard.stderr.hasPrefix("shard-1.json: error: the document of shard 1/2, not of a whole run: merge the shards first"))
    }

    @Test("unusable input exits 2 with every reason at its file, and prints nothing on standard output")
    func unusable() throws {
        let scratch = try Self.base()
        try scratch.write("broken.json", "{\n  \"conform\": 1,\n  \"results\": [,]\n}\n")
        try scratch.write("trace.json", #"{"conform": 1, "steps": [{"tap": "Done"}]}"#)
        try scratch.write("future.json", #"{"conform": 2, "results": []}"#)
        try scratch.write(
            "Mine/my-forms.yaml",
            try Self.corpus("../Policies/apple-reminders.yaml").replacingOccurrences(
                of: "policy: apple-reminders", with: "policy: my-forms"))
        let mine = try BinaryRunner.run(["run", "Traces", "--policies", "Mine", "--format", "json"], in: scratch.url)
        try scratch.write("mine.json", mine.stdout)
        let cases: [([String], String)] = [
            (["base.json", "missing.json"], "missing.json: error: cannot read the file: it does not exist\n"),
            (
                ["broken.json", "base.json"],
                "broken.json:3:15: error: not a conform run document: the file is not JSON (expected a value, found ',')\n"
            ),
            (
                ["trace.json", "future.json"],
                "trace.json: error: not a conform run document: the file is JSON, but not a run's document (no \"conform\" and \"results\" members; conform run --format json writes one)\n"
                    + "future.json:1:13: error: a run document of format version 2, and this conform reads format version 1\n"
            ),
            (
                ["base.json", "mine.json"],
                "conform diff: error: the runs were made with different policy libraries, so their verdicts do not compare: only in mine.json: my-forms (make both runs with the same policies)\n"
            ),
        ]
        for (files, message) in cases {
            let output = try BinaryRunner.run(["diff"] + files, in: scratch.url)
            #expect(output.status == 2, "\(files)")
            #expect(output.stdout.isEmpty, "\(files)")
            #expect(output.stderr == message, "\(files)")
        }
    }
}
