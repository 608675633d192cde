import Foundation
import Testing

/// What an attacker with write access to a shared folder (a CI runner's, a checked-out pull request's)
/// plants before conform writes there: a file outside the output's folder worth destroying, a symbolic
/// link to it at each temporary name an older conform used (`.NAME.PID.tmp`, for the process ids the
/// command may get), and optionally a link to it at the destination itself.
struct Planted: CustomStringConvertible {
    let victim: URL
    let bytes = Data("SECRET victim: these bytes must survive\n".utf8)
    /// The links planted at the old temporary names.
    private(set) var links: [URL] = []

    init(in scratch: Scratch) throws {
        victim = scratch.url.appendingPathComponent("outside/victim.txt")
        try FileManager.default.createDirectory(at: victim.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: victim)
    }

    /// Links to the victim at `.NAME.PID.tmp` beside `destination` for the next 512 process ids (Linux
    /// gives them in order; elsewhere they are random, and the links only show that nothing trips on them).
    mutating func plantTemporaryLinks(beside destination: URL) throws {
        let folder = destination.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let last = (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let maximum = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)).flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let start = last ?? Int(getpid())
        for offset in 1...512 {
            var pid = start + offset
            if let maximum, pid >= maximum { pid = 300 + pid - maximum }
            let link = folder.appendingPathComponent(".\(destination.lastPathComponent).\(pid).tmp")
            try? FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
            links.append(link)
        }
    }

    /// A link to the victim at `destination` itself (outside its folder).
    func linkDestination(_ destination: URL) throws {
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: destination.path, withDestinationPath: victim.path)
    }

    /// The victim holds its bytes, and every planted link is still a link to it.
    var untouched: Bool {
        guard (try? Data(contentsOf: victim)) == bytes else { return false }
        return links.allSatisfy { (try? FileManager.default.destinationOfSymbolicLink(atPath: $0.path)) == victim.path }
    }

    /// Short, for a failed expectation: not every planted link.
    var description: String { "victim \(victim.path) and \(links.count) planted links" }

    /// The message for a destination link that leads to the victim.
    func refusal(_ path: String) -> String {
        "\(path): error: not written: a symbolic link to \(victim.resolvingSymlinksInPath().path), outside its folder, so it is not written through; remove the link, or give --follow-links to write through it\n"
    }
}

/// The fourth round of hostile input, writing (issue 33 §1, §4, §5, Docs/Security.md): every command
/// that writes a file writes it through `AtomicFile`, so none follows a link planted at a temporary
/// name or, without --follow-links, a link at its destination that leads out; none replaces a file it
/// read; none waits on a step summary nobody reads.
@Suite("CLI: Hostile input, fourth round: writing")
struct HostileWritesTests {
    static let passing = "conform: 1\npolicy: one-handed\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n"

    /// A folder with one passing trace, `t/a.yaml`.
    static func corpus() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("t/a.yaml", passing)
        return scratch
    }

    // MARK: - One test per writing command: links at the old temporary names and at the destination

    @Test("run --report: a report whose destination links out is not written; the other report is; no planted link is followed")
    func runReports() throws {
        let scratch = try Self.corpus()
        var planted = try Planted(in: scratch)
        let markdown = scratch.url.appendingPathComponent("r/conform-report.md")
        let json = scratch.url.appendingPathComponent("r/conform-report.json")
        try planted.plantTemporaryLinks(beside: markdown)
        try planted.plantTemporaryLinks(beside: json)
        try planted.linkDestination(markdown)
        let output = try BinaryRunner.run(["run", "t", "--report", "md,json", "--output", "r"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains(planted.refusal("r/conform-report.md")), "\(output.stderr)")
        #expect(output.stderr.contains("conform: wrote r/conform-report.json\n"))
        #expect(try String(contentsOf: json, encoding: .utf8).contains("\"verdict\": \"pass\""))
        #expect(planted.untouched)
    }

    @Test("run --write-baseline: a baseline path that links out is not written")
    func runBaseline() throws {
        let scratch = try Self.corpus()
        var planted = try Planted(in: scratch)
        let baseline = scratch.url.appendingPathComponent("b.yaml")
        try planted.plantTemporaryLinks(beside: baseline)
        try planted.linkDestination(baseline)
        let output = try BinaryRunner.run(["run", "t", "--write-baseline", "b.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains(planted.refusal("b.yaml")), "\(output.stderr)")
        #expect(planted.untouched)
    }

    @Test("merge --report and --write-baseline: destinations that link out are not written; the others are")
    func merge() throws {
        let scratch = try Self.corpus()
        let shard = try BinaryRunner.run(["run", "t", "--shard", "1/1", "--format", "json"], in: scratch.url)
        try Data(shard.stdout.utf8).write(to: scratch.url.appendingPathComponent("s1.json"))
        var planted = try Planted(in: scratch)
        let markdown = scratch.url.appendingPathComponent("r/conform-report.md")
        let html = scratch.url.appendingPathComponent("r/conform-report.html")
        let baseline = scratch.url.appendingPathComponent("b.yaml")
        for file in [markdown, html, baseline] { try planted.plantTemporaryLinks(beside: file) }
        try planted.linkDestination(markdown)
        try planted.linkDestination(baseline)
        let output = try BinaryRunner.run(
            ["merge", "s1.json", "--report", "md,html", "--output", "r", "--write-baseline", "b.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains(planted.refusal("r/conform-report.md")), "\(output.stderr)")
        #expect(output.stderr.contains(planted.refusal("b.yaml")))
        #expect(FileManager.default.fileExists(atPath: html.path))
        #expect(planted.untouched)
    }

    @Test("record --output: a path that links out is refused before the recording starts")
    func record() throws {
        let scratch = try Scratch()
        var planted = try Planted(in: scratch)
        let trace = scratch.url.appendingPathComponent("rec.yaml")
        try planted.plantTemporaryLinks(beside: trace)
        try planted.linkDestination(trace)
        let output = try BinaryRunner.run(
            ["record", "--policy", "one-handed", "--app", "A", "--output", "rec.yaml"], in: scratch.url, input: "\n1\n\n.\n")
        #expect(output.status == 2)
        #expect(output.stderr == planted.refusal("rec.yaml"))
        #expect(planted.untouched)
    }

    @Test("shrink --output: a path that links out is not written")
    func shrink() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", ShrinkCommandTests.trace)
        var planted = try Planted(in: scratch)
        let shrunk = scratch.url.appendingPathComponent("s.yaml")
        try planted.plantTemporaryLinks(beside: shrunk)
        try planted.linkDestination(shrunk)
        let output = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "makeitso", "--output", "s.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr == planted.refusal("s.yaml"))
        #expect(planted.untouched)
    }

    @Test("generate --output DIR: a trace file that links out is not written; the other traces are")
    func generateTraces() throws {
        let scratch = try Scratch()
        var planted = try Planted(in: scratch)
        let first = scratch.url.appendingPathComponent("g/one-handed-01.yaml")
        try planted.plantTemporaryLinks(beside: first)
        try planted.plantTemporaryLinks(beside: scratch.url.appendingPathComponent("g/one-handed-02.yaml"))
        try planted.linkDestination(first)
        let output = try BinaryRunner.run(["generate", "one-handed", "--output", "g"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains(planted.refusal("g/one-handed-01.yaml")), "\(output.stderr)")
        #expect(output.stdout.contains("g/one-handed-02.yaml\n"))
        #expect(!output.stdout.contains("g/one-handed-01.yaml"))
        #expect(planted.untouched)
    }

    @Test("generate --format xcuitest --output FILE: a path that links out is not written")
    func generateUITests() throws {
        let scratch = try Scratch()
        var planted = try Planted(in: scratch)
        let swift = scratch.url.appendingPathComponent("UITests.swift")
        try planted.plantTemporaryLinks(beside: swift)
        try planted.linkDestination(swift)
        let output = try BinaryRunner.run(
            ["generate", "one-handed", "--format", "xcuitest", "--output", "UITests.swift"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr == planted.refusal("UITests.swift"))
        #expect(planted.untouched)
    }

    @Test("compare --output DIR: a trace file that links out is not written; the comparison is still printed")
    func compare() throws {
        let scratch = try Scratch()
        var planted = try Planted(in: scratch)
        let first = scratch.url.appendingPathComponent("c/one-handed-vs-apple-sample-01.yaml")
        try planted.plantTemporaryLinks(beside: first)
        try planted.linkDestination(first)
        let output = try BinaryRunner.run(["compare", "one-handed", "apple-sample", "--output", "c"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stdout.hasPrefix("one-handed and apple-sample differ"))
        #expect(output.stderr.contains(planted.refusal("c/one-handed-vs-apple-sample-01.yaml")), "\(output.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("c").path)
        #expect(written.filter { $0.hasSuffix(".yaml") }.count == 6)
        #expect(planted.untouched)
    }

    @Test("history --output: a page path that links out is not written; with --follow-links it is written through the link")
    func history() throws {
        let scratch = try Self.corpus()
        let run = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        try scratch.write("runs/a.json", run.stdout)
        var planted = try Planted(in: scratch)
        let page = scratch.url.appendingPathComponent("h/history.html")
        try planted.plantTemporaryLinks(beside: page)
        try planted.linkDestination(page)
        let output = try BinaryRunner.run(["history", "runs", "--output", "h/history.html"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr == planted.refusal("h/history.html"))
        #expect(planted.untouched)
        // --follow-links: the user says the link is meant; the target is replaced, the link kept.
        let followed = try BinaryRunner.run(["history", "runs", "--output", "h/history.html", "--follow-links"], in: scratch.url)
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(try String(contentsOf: planted.victim, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: page.path) == planted.victim.path)
    }

    @Test("init: a starter file's path that holds a link (even one to nowhere) counts as existing: nothing is written")
    func initProject() throws {
        let scratch = try Scratch()
        var planted = try Planted(in: scratch)
        let config = scratch.url.appendingPathComponent("p/.conform.yaml")
        for file in ["p/.conform.yaml", "p/Policies/my-app-edit-form.yaml", "p/Traces/my-app-edit-form-cancel-then-save.yaml"] {
            try planted.plantTemporaryLinks(beside: scratch.url.appendingPathComponent(file))
        }
        try planted.linkDestination(config)
        let dangling = scratch.url.appendingPathComponent("p/Policies/my-app-edit-form.yaml")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: planted.victim.path + ".missing")
        let output = try BinaryRunner.run(["init", "p"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains("p/Policies/my-app-edit-form.yaml, p/.conform.yaml already exist"), "\(output.stderr)")
        #expect(
            !FileManager.default.fileExists(
                atPath: scratch.url.appendingPathComponent("p/Traces/my-app-edit-form-cancel-then-save.yaml").path))
        #expect(!FileManager.default.fileExists(atPath: planted.victim.path + ".missing"))
        #expect(planted.untouched)
    }

    @Test("the shard status file (TEST_SHARD_STATUS_FILE): a link there is touched itself; its target keeps its bytes and time")
    func shardStatusFile() throws {
        let scratch = try Self.corpus()
        var planted = try Planted(in: scratch)
        let status = scratch.url.appendingPathComponent("bazel/status")
        try planted.plantTemporaryLinks(beside: status)
        try planted.linkDestination(status)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: planted.victim.path)
        let output = try BinaryRunner.run(
            ["run", "t"], in: scratch.url,
            environment: ["TEST_TOTAL_SHARDS": "1", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": status.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(planted.untouched)
        let modified = try FileManager.default.attributesOfItem(atPath: planted.victim.path)[.modificationDate] as? Date
        #expect(modified == past)
        // Missing, it is created (an empty regular file).
        let fresh = scratch.url.appendingPathComponent("bazel/fresh")
        _ = try BinaryRunner.run(
            ["run", "t"], in: scratch.url,
            environment: ["TEST_TOTAL_SHARDS": "1", "TEST_SHARD_INDEX": "0", "TEST_SHARD_STATUS_FILE": fresh.path])
        #expect(try Data(contentsOf: fresh).isEmpty)
    }

    @Test("a link at the destination that stays in its folder is written through: its target is replaced, the link kept")
    func linkInside() throws {
        let scratch = try Self.corpus()
        try scratch.write("r/kept.md", "old\n")
        let link = scratch.url.appendingPathComponent("r/conform-report.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "kept.md")
        let output = try BinaryRunner.run(["run", "t", "--report", "md", "--output", "r"], in: scratch.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("r/kept.md"), encoding: .utf8).hasPrefix("# conform"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "kept.md")
    }

    // MARK: - No input replaced

    @Test("history --output onto one of its run documents: refused, exit 2, the document untouched")
    func historyOntoInput() throws {
        let scratch = try Self.corpus()
        let run = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        try scratch.write("runs/a.json", run.stdout)
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("runs/a.json"))
        let output = try BinaryRunner.run(["history", "runs", "--output", "runs/a.json"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "runs/a.json: error: not written: the command reads this file, so it is not replaced; write the history page to another path\n"
        )
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("runs/a.json")) == before)
    }

    @Test("generate --format xcuitest --output onto the policy file it read: refused, exit 2, the policy untouched")
    func generateOntoPolicy() throws {
        let scratch = try Scratch()
        let policy = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Policies/one-handed.yaml"), encoding: .utf8)
        try scratch.write("P/mine.yaml", policy.replacingOccurrences(of: "policy: one-handed", with: "policy: mine"))
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("P/mine.yaml"))
        let output = try BinaryRunner.run(
            ["generate", "mine", "--policies", "P", "--format", "xcuitest", "--output", "P/mine.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "P/mine.yaml: error: not written: the command reads this file, so it is not replaced; write the UI tests to another path\n"
        )
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("P/mine.yaml")) == before)
    }

    @Test("a report hard-linked to a policy the run read: not written (compared by identity), the other report written, exit 2")
    func reportOntoPolicyByIdentity() throws {
        let scratch = try Self.corpus()
        let policy = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Policies/one-handed.yaml"), encoding: .utf8)
        try scratch.write("P/mine.yaml", policy.replacingOccurrences(of: "policy: one-handed", with: "policy: mine"))
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("P/mine.yaml"))
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("r"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(
            at: scratch.url.appendingPathComponent("P/mine.yaml"), to: scratch.url.appendingPathComponent("r/conform-report.md"))
        let output = try BinaryRunner.run(["run", "t", "--policies", "P", "--report", "md,json", "--output", "r"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stderr.contains(
                "r/conform-report.md: error: not written: the command reads this file (as P/mine.yaml), so it is not replaced; write the report to another path\n"
            ), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("r/conform-report.json").path))
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("P/mine.yaml")) == before)
    }

    @Test("shrink --output onto the project configuration, record --output onto a policy: refused, exit 2, untouched")
    func configAndPolicy() throws {
        let scratch = try Scratch()
        try scratch.write("t.yaml", ShrinkCommandTests.trace)
        try scratch.write(".conform.yaml", "conform: 1\ntraces: [t.yaml]\n")
        let shrink = try BinaryRunner.run(["shrink", "t.yaml", "--policy", "makeitso", "--output", ".conform.yaml"], in: scratch.url)
        #expect(shrink.status == 2)
        #expect(
            shrink.stderr
                == ".conform.yaml: error: not written: the command reads this file, so it is not replaced; write the shrunk trace to another path\n"
        )
        #expect(
            try String(contentsOf: scratch.url.appendingPathComponent(".conform.yaml"), encoding: .utf8) == "conform: 1\ntraces: [t.yaml]\n"
        )
        let policy = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Policies/one-handed.yaml"), encoding: .utf8)
        try scratch.write("P/mine.yaml", policy.replacingOccurrences(of: "policy: one-handed", with: "policy: mine"))
        let record = try BinaryRunner.run(
            ["record", "--policy", "mine", "--policies", "P", "--app", "A", "--output", "P/mine.yaml"], in: scratch.url, input: "\n.\n")
        #expect(record.status == 2)
        #expect(record.stderr.hasPrefix("P/mine.yaml: error: not written: the command reads this file"), "\(record.stderr)")
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("P/mine.yaml"), encoding: .utf8).contains("policy: mine"))
    }

    @Test("merge --report json --output onto the folder of the shard it reads: the report is not written, the shard untouched")
    func mergeOntoShard() throws {
        let scratch = try Self.corpus()
        let shard = try BinaryRunner.run(["run", "t", "--shard", "1/1", "--report", "json", "--output", "s"], in: scratch.url)
        #expect(shard.status == 0, "\(shard.stderr)")
        let before = try Data(contentsOf: scratch.url.appendingPathComponent("s/conform-report.json"))
        let output = try BinaryRunner.run(["merge", "s/conform-report.json", "--report", "json,md", "--output", "s"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stderr.contains("s/conform-report.json: error: not written: the command reads this file"), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("s/conform-report.md").path))
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("s/conform-report.json")) == before)
    }

    // MARK: - A folder where a file is expected

    @Test("a folder given where a file goes: `DIR: error: not written: this is a folder ...`, exit 2, for every such command")
    func folderAsOutput() throws {
        let scratch = try Self.corpus()
        try scratch.write("t.yaml", ShrinkCommandTests.trace)
        try scratch.write("DIR/keep.txt", "kept\n")
        let run = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        try scratch.write("runs/a.json", run.stdout)
        let cases: [([String], String)] = [
            (["generate", "one-handed", "--format", "xcuitest", "--output", "DIR"], "the UI tests"),
            (["shrink", "t.yaml", "--policy", "makeitso", "--output", "DIR"], "the shrunk trace"),
            (["history", "runs", "--output", "DIR"], "the history page"),
            (["record", "--policy", "one-handed", "--app", "A", "--output", "DIR"], "the trace"),
            (["run", "t", "--write-baseline", "DIR"], "the baseline"),
        ]
        for (arguments, what) in cases {
            let output = try BinaryRunner.run(arguments, in: scratch.url, input: "\n.\n")
            #expect(output.status == 2, "\(arguments)")
            #expect(
                output.stderr.contains("DIR: error: not written: this is a folder; give the path of a file for \(what)\n"),
                "\(arguments): \(output.stderr)")
            #expect(!output.stderr.contains("Diagnostic("), "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("DIR").path) == ["keep.txt"])
    }

    // MARK: - GitHub's step summary

    @Test(
        "GITHUB_STEP_SUMMARY naming a FIFO nobody reads, or a link: a warning, the command ends with its own status (run, merge, diff)",
        arguments: ["fifo", "link"])
    func stepSummary(kind: String) throws {
        let scratch = try Self.corpus()
        let planted = try Planted(in: scratch)
        let summary = scratch.url.appendingPathComponent("summary")
        if kind == "fifo" {
            #expect(mkfifo(summary.path, 0o600) == 0)
        } else {
            try planted.linkDestination(summary)
        }
        let shard = try BinaryRunner.run(["run", "t", "--shard", "1/1", "--format", "json"], in: scratch.url)
        try Data(shard.stdout.utf8).write(to: scratch.url.appendingPathComponent("s1.json"))
        let document = try BinaryRunner.run(["run", "t", "--format", "json"], in: scratch.url)
        try Data(document.stdout.utf8).write(to: scratch.url.appendingPathComponent("run.json"))
        let what = kind == "fifo" ? "a FIFO" : "a symbolic link"
        for arguments in [["run", "t", "--github"], ["merge", "s1.json", "--github"], ["diff", "run.json", "run.json", "--github"]] {
            let output = try BinaryRunner.run(
                arguments, in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": summary.path], timeout: 30)
            #expect(!output.timedOut, "\(arguments) waited on the step summary")
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(
                output.stderr.contains(
                    "\(summary.path): warning: the step summary (GITHUB_STEP_SUMMARY) is \(what)"),
                "\(arguments): \(output.stderr)")
        }
        #expect(planted.untouched)
    }

    @Test("GITHUB_STEP_SUMMARY missing is created, and a regular one is appended to")
    func stepSummaryAppended() throws {
        let scratch = try Self.corpus()
        let summary = scratch.url.appendingPathComponent("summary.md")
        let first = try BinaryRunner.run(["run", "t", "--github"], in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(first.status == 0)
        let once = try String(contentsOf: summary, encoding: .utf8)
        #expect(once.hasPrefix("# conform"))
        _ = try BinaryRunner.run(["run", "t", "--github"], in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(try String(contentsOf: summary, encoding: .utf8) == once + once)
    }

    // MARK: - record keeps what exists

    @Test("record over an existing trace with no step recorded: nothing written, the file byte for byte as it was, exit 2")
    func recordKeepsExisting() throws {
        let scratch = try Scratch()
        let existing = "conform: 1\ntrace: kept\npolicy: one-handed\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n"
        let file = try scratch.write("kept.yaml", existing)
        for input in [nil, ".\n", "jump: high\n"] as [String?] {
            let output = try BinaryRunner.run(
                ["record", "--policy", "one-handed", "--app", "A", "--output", "kept.yaml"], in: scratch.url, input: input)
            #expect(output.status == 2, "\(input ?? "nothing")")
            #expect(
                output.stderr.hasSuffix(
                    "Nothing written: no step was recorded, so kept.yaml was not written (a file already there is left as it was); record at least one step\n"
                ), "\(output.stderr)")
            #expect(try String(contentsOf: file, encoding: .utf8) == existing)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("record undone back to no step: the file that was there is put back byte for byte, one the recorder created is removed; exit 2")
    func recordUndoneToNothing() throws {
        let scratch = try Scratch()
        let existing = "conform: 1\ntrace: kept\npolicy: one-handed\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n"
        let file = try scratch.write("kept.yaml", existing)
        // Dated long ago, so that a file written since shows it.
        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: file.path)
        let output = try BinaryRunner.run(
            ["record", "--policy", "one-handed", "--app", "A", "--output", "kept.yaml"], in: scratch.url, input: "\nundo\nundo\n.\n")
        #expect(output.status == 2)
        #expect(
            output.stderr.contains(
                "  undone: step 1, see: { done: disabled, cancel: enabled, sheet: none, dismissed: false } (no step is left)\n"))
        #expect(output.stderr.contains("not recorded: there is no step to undo: the trace has none yet"))
        #expect(
            output.stderr.hasSuffix(
                "Nothing written: every step was undone, so kept.yaml is as it was before the recording; record at least one step\n"),
            "\(output.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == existing)
        // It was replaced by the first step, then put back: a file written since, with the same bytes.
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date != longAgo)
        let created = try BinaryRunner.run(
            ["record", "--policy", "one-handed", "--app", "A", "--output", "new.yaml"], in: scratch.url, input: "\n1\nu\nu\n.\n")
        #expect(created.status == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("new.yaml").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("record stopped (SIGTERM) while answers pour in: the file is a whole trace with every step it has, never half a file")
    func recordTerminatedMidway() throws {
        let scratch = try Scratch()
        let answers = scratch.url.appendingPathComponent("answers.txt")
        try Data(([""] + Array(repeating: ["1", ""], count: 50_000).flatMap { $0 }).joined(separator: "\n").utf8).write(to: answers)
        let file = scratch.url.appendingPathComponent("long.yaml")
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["record", "--policy", "one-handed", "--app", "A", "--output", file.path]
        process.standardInput = try FileHandle(forReadingFrom: answers)
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = PipeReader(err)
        // The first step is written at once; stop the recorder while the rest pour in.
        for _ in 0..<300 where !FileManager.default.fileExists(atPath: file.path) { Thread.sleep(forTimeInterval: 0.05) }
        process.terminate()
        for _ in 0..<200 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let said = String(decoding: stderr.wait(), as: UTF8.self)
        // Ended by the signal, or (on a fast machine) by the end of its input first.
        #expect(process.terminationStatus == 128 + SIGTERM || process.terminationStatus == 0, "\(said.suffix(300))")
        if process.terminationStatus != 0 { #expect(said.hasSuffix("conform: stopped; every complete step is in \(file.path)\n")) }
        let run = try BinaryRunner.run(["run", file.path])
        #expect(run.status == 0, "\(run.stdout.prefix(300))")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("record stopped (Ctrl-C) before any step: the existing file is untouched, and the recorder says so")
    func recordInterruptedBeforeAStep() throws {
        let scratch = try Scratch()
        let existing = "conform: 1\ntrace: kept\nsteps:\n  - swipe: down\n"
        let file = try scratch.write("kept.yaml", existing)
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["record", "--policy", "one-handed", "--app", "A", "--output", file.path]
        let input = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = PipeReader(err)
        input.fileHandleForWriting.write(Data("jump: high\n".utf8))
        // Once the recorder has read the line (it reads only with its handler installed), Ctrl-C.
        var waiting = pollfd(fd: input.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        for _ in 0..<200 where poll(&waiting, 1, 0) > 0 { Thread.sleep(forTimeInterval: 0.1) }
        Thread.sleep(forTimeInterval: 0.2)
        process.interrupt()
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: stderr.wait(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(text.hasSuffix("conform: stopped with no step recorded; \(file.path) is as it was\n"))
        #expect(try String(contentsOf: file, encoding: .utf8) == existing)
    }
}
