import Foundation
import Testing

/// `--jobs`, `--shard`, Bazel's sharding variables and `conform merge`, through the binary.
@Suite("CLI: conform run --jobs/--shard and conform merge, end to end")
struct ShardCommandTests {
    /// Every output at once: standard output in `format`, every report file, GitHub's annotations and summary.
    static func outputs(_ format: String) -> [String] {
        ["--format", format, "--report", "all", "--output", "out", "--github"]
    }

    /// The example corpus as it is, and with claims that break and coverage; a generated corpus with
    /// every kind of problem.
    static let runs: [(name: String, corpus: Bool, arguments: [String])] = [
        ("Traces/", false, ["Traces/"]),
        // Coverage without both keyboard policies: their difference search (compare's, bounded at 50,000 pairs)
        // is the slowest analysis in a debug build, ~10 s a run; the form pairs exercise the same merging.
        (
            "five folders of Traces/ with broken claims, a missing path and coverage", false,
            ["Traces/OneHanded", "Traces/Reminders", "Traces/Contacts", "Traces/KeyboardListener", "Traces/Disclosure", "missing.yaml"]
                + ["--policy", "one-handed", "--coverage"]
        ),
        ("a generated corpus with errors, duplicate ids and evidence", true, ["T"]),
    ]

    static func directory(for run: (name: String, corpus: Bool, arguments: [String]), scratch: Scratch) throws -> URL {
        guard run.corpus else {
            // The example corpus, read in place through a link, so that paths are as the README gives them.
            try FileManager.default.createSymbolicLink(
                at: scratch.url.appendingPathComponent("Traces"),
                withDestinationURL: BinaryRunner.packageRoot.appendingPathComponent("Traces"))
            return scratch.url
        }
        try ShardCorpus.write(in: scratch)
        return scratch.url
    }

    @Test("--jobs 1, 2, 3 and the default give the same bytes: stdout, stderr, exit status, every report", arguments: [0, 1, 2])
    func jobs(run index: Int) throws {
        let run = Self.runs[index]
        let scratch = try Scratch()
        let directory = try Self.directory(for: run, scratch: scratch)
        for format in ["text", "json"] {
            let one = try capture(["run"] + run.arguments + Self.outputs(format) + ["--jobs", "1"], in: directory)
            #expect(!one.files.isEmpty && one.stepSummary != nil)
            for jobs in [["--jobs", "2"], ["--jobs", "3"], []] {
                let other = try capture(["run"] + run.arguments + Self.outputs(format) + jobs, in: directory)
                #expect(other == one, "\(run.name), --format \(format), \(jobs)")
            }
        }
    }

    @Test("4 shards merged give the whole run's bytes and exit status, for every output", arguments: [0, 1, 2])
    func mergeEqualsWholeRun(run index: Int) throws {
        let run = Self.runs[index]
        let scratch = try Scratch()
        let directory = try Self.directory(for: run, scratch: scratch)
        var shardFiles: [String] = []
        for shard in 1...4 {
            // One shard writes its report file, the others print theirs; the same document either way.
            if shard == 1 {
                _ = try BinaryRunner.run(
                    ["run"] + run.arguments + ["--shard", "1/4", "--report", "json", "--output", "shard-1"], in: directory)
                shardFiles.append("shard-1/conform-report.json")
            } else {
                let made = try BinaryRunner.run(["run"] + run.arguments + ["--shard", "\(shard)/4", "--format", "json"], in: directory)
                try made.stdout.write(to: directory.appendingPathComponent("shard-\(shard).json"), atomically: true, encoding: .utf8)
                shardFiles.append("shard-\(shard).json")
            }
        }
        for format in ["text", "json"] {
            let whole = try capture(["run"] + run.arguments + Self.outputs(format), in: directory)
            // In another order than the shards' numbers: the merge puts files back in the run's order.
            let merged = try capture(["merge"] + shardFiles.reversed() + Self.outputs(format), in: directory)
            #expect(merged == whole, "\(run.name), --format \(format)")
            #expect(
                whole.files.keys.sorted() == [
                    "conform-junit.xml", "conform-report.html", "conform-report.json", "conform-report.md", "conform.sarif",
                ])
            // And each output alone, as a run without reports makes it (no evidence read, no steps kept).
            let plain = try capture(["run"] + run.arguments + ["--format", format], in: directory)
            #expect(
                try capture(["merge"] + shardFiles + ["--format", format], in: directory) == plain, "\(run.name), --format \(format) alone")
        }
        // Your own templates, as a run takes them.
        try "{{% CONTENT_TYPE: MARKDOWN }}\n{{claimsPassed}}/{{claims}}\n{{#failures}}- {{trace}} {{policy}} {{place}}\n{{/failures}}\n"
            .write(to: directory.appendingPathComponent("report.md.mustache"), atomically: true, encoding: .utf8)
        let templated = ["--report", "md", "--output", "out", "--templates", "."]
        let whole = try capture(["run"] + run.arguments + templated, in: directory)
        #expect(whole.files["conform-report.md"].map { String(decoding: $0, as: UTF8.self).contains("/") } == true)
        #expect(try capture(["merge"] + shardFiles + templated, in: directory) == whole, "\(run.name), --templates")
    }

    @Test("past the traces a report shows in full, the reports are the same whoever made the steps: --jobs 1, the default, merged shards")
    func beyondRetention() throws {
        // More passing traces than the reports show with steps (100), failing ones among and after them:
        // a run makes steps only for traces the reports may still show (`RetentionGate`), the shards for all.
        let scratch = try Scratch()
        for number in 1...160 {
            try scratch.write(
                "R/r\(String(number + 1000)).yaml",
                """
                conform: 1
                trace: r\(number)
                policy: \(number % 7 == 0 ? "makeitso" : "one-handed")
                form: { name: Steve }
                steps:
                  - see: { done: disabled }
                  - edit: { name: Steven }
                  - swipe: down
                  - choose: Save changes
                  - see: { dismissed: true, saved: true }
                """)
        }
        let outputs = ["--report", "all", "--output", "out"]
        let one = try capture(["run", "R"] + outputs + ["--jobs", "1"], in: scratch.url)
        #expect(one.status == 1)
        let html = String(decoding: one.files["conform-report.html"] ?? Data(), as: UTF8.self)
        #expect(html.contains("Steps and diagrams are shown for 122 of 160 traces"), "100 passing and the 22 failing in full")
        #expect(try capture(["run", "R"] + outputs, in: scratch.url) == one)
        var shards: [String] = []
        for shard in 1...3 {
            let made = try BinaryRunner.run(["run", "R", "--shard", "\(shard)/3", "--format", "json"], in: scratch.url)
            try made.stdout.write(to: scratch.url.appendingPathComponent("s\(shard).json"), atomically: true, encoding: .utf8)
            shards.append("s\(shard).json")
        }
        #expect(try capture(["merge"] + shards + outputs, in: scratch.url) == one)
    }

    @Test("the generated corpus runs as expected: every kind of problem is there to be merged")
    func corpusHasEverything() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch)
        let output = try BinaryRunner.run(["run", "T", "--report", "html", "--output", "out"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stdout.contains("is already the id of"))
        #expect(output.stdout.contains("evidence file 'shots/missing-2.png' not found"))
        #expect(output.stdout.contains("a symbolic link that leads outside the paths given"))
        #expect(output.stdout.contains("departs at step"))
        #expect(output.stdout.contains("T/vacuous.yaml:5:5: warning: the trace takes no action, only observations"))
        let html = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.html"), encoding: .utf8)
        #expect(html.contains("data:image/png;base64,"))
    }

    @Test("every file is in exactly one of N shards, whatever N, and the shards are balanced", arguments: [1, 2, 3, 4, 7])
    func partition(count: Int) throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 23)
        var seen: [Int] = []
        var sizes: [Int] = []
        var total: Int?
        for shard in 1...count {
            let output = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(shard)/\(count)"], in: scratch.url)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
            let indexes = try #require(document["outcomes"] as? [[String: Any]]).compactMap { $0["index"] as? Int }
            total = try #require(document["shard"] as? [String: Any])["files"] as? Int
            seen += indexes
            sizes.append(indexes.count)
        }
        #expect(total == 27)
        #expect(seen.sorted() == Array(0..<27), "every file once")
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(sizes)")
    }

    @Test("the split depends on paths relative to the folder given, not on where the folder is")
    func splitIndependentOfLocation() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 12)
        let moved = scratch.url.appendingPathComponent("elsewhere/deeper")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: scratch.url.appendingPathComponent("T"), to: moved.appendingPathComponent("T"))
        for shard in 1...3 {
            let here = try Self.files(of: ["run", "T/", "--format", "json", "--shard", "\(shard)/3"], in: scratch.url)
            let there = try Self.files(
                of: ["run", moved.appendingPathComponent("T").path, "--format", "json", "--shard", "\(shard)/3"], in: scratch.url)
            #expect(here.map { String($0.dropFirst("T/".count)) } == there.map { String($0.dropFirst(moved.path.count + "/T/".count)) })
        }
    }

    @Test("a shard dealt no trace is an empty run: exit 0, 0 traces, no 'no trace found'")
    func emptyShard() throws {
        let scratch = try Scratch()
        try scratch.write("a.yaml", "conform: 1\npolicy: one-handed\nsteps:\n  - see: { done: disabled }\n")
        let outputs = try (1...2).map { try BinaryRunner.run(["run", "a.yaml", "--shard", "\($0)/2"], in: scratch.url) }
        let empty = try #require(outputs.first { $0.stdout.hasPrefix("\n0 traces") })
        #expect(empty.status == 0)
        #expect(empty.stdout == "\n0 traces, 11 policies: no claims\n")
        // A run that finds no trace at all still says so, in every shard.
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("none"), withIntermediateDirectories: true)
        let none = try BinaryRunner.run(["run", "none", "--shard", "2/2"], in: scratch.url)
        #expect(none.status == 2)
        #expect(none.stdout.contains("none: error: no trace found"))
    }

    @Test(
        "a --shard that names no shard is a usage error, with the reason",
        arguments: [
            ("0/4", "Error: invalid --shard '0/4': K must be from 1 to 4 (shards are numbered from 1)"),
            ("5/4", "Error: invalid --shard '5/4': K must be from 1 to 4 (shards are numbered from 1)"),
            ("x", "Error: invalid --shard 'x': expected K/N, two whole numbers with 1 <= K <= N (e.g. 2/4)"),
            ("1/0", "Error: invalid --shard '1/0': N, the number of shards, must be at least 1"),
            ("-1/4", "Error: invalid --shard '-1/4': expected K/N, two whole numbers with 1 <= K <= N (e.g. 2/4)"),
            ("1/10001", "Error: invalid --shard '1/10001': N, the number of shards, may be at most 10000"),
            ("1/999999999", "Error: invalid --shard '1/999999999': N, the number of shards, may be at most 10000"),
        ])
    func badShard(value: String, message: String) throws {
        let output = try BinaryRunner.run(["run", "Traces/", "--shard=\(value)"])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix(message + "\n"), "\(output.stderr)")
    }

    @Test("--jobs 0 is a usage error")
    func badJobs() throws {
        let output = try BinaryRunner.run(["run", "Traces/", "--jobs", "0"])
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("Error: invalid --jobs '0': give how many files to check at once, from 1 to 256\n"))
    }

    @Test("Bazel's TEST_TOTAL_SHARDS and 0-based TEST_SHARD_INDEX pick the shard --shard K/N names; TEST_SHARD_STATUS_FILE is created")
    func bazel() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 9)
        for index in 0..<3 {
            let status = scratch.url.appendingPathComponent("status-\(index)")
            let bazel = try BinaryRunner.run(
                ["run", "T", "--format", "json"], in: scratch.url,
                environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "\(index)", "TEST_SHARD_STATUS_FILE": status.path])
            let flag = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(index + 1)/3"], in: scratch.url)
            #expect(bazel.stdout == flag.stdout)
            #expect(bazel.status == flag.status)
            #expect(FileManager.default.fileExists(atPath: status.path), "the status file says conform supports sharding")
        }
        // --shard wins over the variables.
        let both = try BinaryRunner.run(
            ["run", "T", "--format", "json", "--shard", "1/1"], in: scratch.url,
            environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "0"])
        #expect(both.stdout.contains("\"count\":1,\"coverage\""))
        let bad = try BinaryRunner.run(["run", "T"], in: scratch.url, environment: ["TEST_TOTAL_SHARDS": "3", "TEST_SHARD_INDEX": "3"])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.hasPrefix(
                "Error: TEST_TOTAL_SHARDS='3' and TEST_SHARD_INDEX='3' do not name a shard: expected a total from 1 to 10000 and a 0-based index below it\n"
            ))
        // An existing status file is touched, not an error.
        let status = scratch.url.appendingPathComponent("status-0")
        let touched = try BinaryRunner.run(
            ["run", "T/t1.yaml"], in: scratch.url, environment: ["TEST_SHARD_STATUS_FILE": status.path])
        #expect(touched.status != 2, "\(touched.stderr)")
    }

    @Test("the shard's document: the run's document plus \"shard\" and \"outcomes\"; without --shard, not a byte more")
    func shardDocument() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 6)
        let plain = try BinaryRunner.run(["run", "T", "--format", "json"], in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["conform", "version", "policies", "results", "errors", "warnings", "summary"])
        let sharded = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "2/2"], in: scratch.url)
        let shard = try #require(try JSONSerialization.jsonObject(with: Data(sharded.stdout.utf8)) as? [String: Any])
        #expect(Set(shard.keys) == ["conform", "version", "policies", "results", "errors", "warnings", "summary", "shard", "outcomes"])
        let header = try #require(shard["shard"] as? [String: Any])
        #expect(header["index"] as? Int == 2)
        #expect(header["count"] as? Int == 2)
        #expect(header["version"] as? String == "0.1.0")
        #expect((header["policies"] as? String)?.hasPrefix("fnv1a64:") == true)
        #expect(header["files"] as? Int == 10)
        #expect(header["coverage"] as? Bool == false)
        let outcomes = try #require(shard["outcomes"] as? [[String: Any]])
        #expect(outcomes.first?["index"] == nil, "first, the link warnings, found before any file")
        let indexes = outcomes.compactMap { $0["index"] as? Int }
        #expect(indexes == indexes.sorted() && !indexes.isEmpty)
    }

    @Test("merge refuses what is not the shards of one run, with exit 2, nothing on stdout, and every reason")
    func refusals() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 6)
        for shard in 1...3 {
            let made = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(shard)/3"], in: scratch.url)
            try made.stdout.write(to: scratch.url.appendingPathComponent("s\(shard).json"), atomically: true, encoding: .utf8)
        }
        let two = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "1/2"], in: scratch.url)
        try two.stdout.write(to: scratch.url.appendingPathComponent("half.json"), atomically: true, encoding: .utf8)
        let coverage = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "2/3", "--coverage"], in: scratch.url)
        try coverage.stdout.write(to: scratch.url.appendingPathComponent("coverage.json"), atomically: true, encoding: .utf8)
        let plain = try BinaryRunner.run(["run", "T", "--format", "json"], in: scratch.url)
        try plain.stdout.write(to: scratch.url.appendingPathComponent("plain.json"), atomically: true, encoding: .utf8)
        let second = try String(contentsOf: scratch.url.appendingPathComponent("s2.json"), encoding: .utf8)
        try second.replacingOccurrences(of: "\"version\":\"0.1.0\"", with: "\"version\":\"0.0.9\"")
            .write(to: scratch.url.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try scratch.write("notes.txt", "not JSON at all")
        try scratch.write("other.json", "{\"results\": []}")
        try scratch.write("damaged.json", "{\"conform\": 1, \"shard\": {\"index\": \"one\"}, \"outcomes\": []}")
        try scratch.write("P/mine.yaml", Self.policy)
        // The same corpus and one file more: a shard of another run.
        try FileManager.default.copyItem(at: scratch.url.appendingPathComponent("T"), to: scratch.url.appendingPathComponent("U"))
        try scratch.write("U/extra.yaml", "conform: 1\nsteps: [see: {}]\n")
        let grown = try BinaryRunner.run(["run", "U", "--format", "json", "--shard", "2/3"], in: scratch.url)
        try grown.stdout.write(to: scratch.url.appendingPathComponent("grown.json"), atomically: true, encoding: .utf8)

        // Each refusal about one shard is at the member of its "shard" it concerns.
        func at(_ file: String, _ member: String, value: String = "") throws -> String {
            try Self.place(of: member, value: value, in: file, directory: scratch.url)
        }
        let cases: [(arguments: [String], stderr: String)] = [
            (["s1.json", "s2.json"], "conform merge: error: shard 3/3 is missing: a merge needs every shard of the run, 1/3 to 3/3\n"),
            (
                ["s1.json", "s2.json", "s3.json", "s2.json"],
                "\(try at("s2.json", "index")): error: shard 2/3 is given twice (also s2.json)\n"
            ),
            (
                ["s1.json", "half.json", "s3.json"],
                "\(try at("half.json", "count")): error: shard 1/2, but s1.json is shard 1/3: the shards of one run share N\n"
            ),
            // A file that is no shard result leaves its shard missing too: both are said.
            (
                ["notes.txt", "s2.json", "s3.json"],
                "notes.txt:1:1: error: not a shard result: the file is not JSON (expected a value, found 'n')\n"
                    + "conform merge: error: shard 1/3 is missing: a merge needs every shard of the run, 1/3 to 3/3\n"
            ),
            (
                ["s1.json", "other.json", "s3.json"],
                "other.json: error: not a shard result: the file is JSON, but not a conform document (no \"conform\": 1)\n"
                    + "conform merge: error: shard 2/3 is missing: a merge needs every shard of the run, 1/3 to 3/3\n"
            ),
            (
                ["plain.json"],
                "plain.json: error: not a shard result: a conform document from a run without --shard (shards write theirs with --shard K/N and --format json or --report json)\n"
            ),
            (
                ["damaged.json"],
                "damaged.json:1:35: error: not a shard result: its \"shard\" or \"outcomes\" cannot be read (shard.index: not what a shard result has there)\n"
            ),
            (
                ["s1.json", "old.json", "s3.json"],
                "\(try at("old.json", "version", value: "\"0.0.9")): error: shard 2/3 was made by conform 0.0.9, and this is conform 0.1.0: shards of different conform versions cannot be merged\n"
            ),
            (
                ["s1.json", "coverage.json", "s3.json"],
                "\(try at("coverage.json", "coverage", value: "true")): error: shard 2/3 was made with --coverage, and s1.json without: make every shard with it or every shard without\n"
            ),
            (["missing.json"], "missing.json: error: cannot read the file (it is missing or not accessible)\n"),
            (
                ["s1.json", "grown.json", "s3.json"],
                "\(try at("grown.json", "files")): error: shard 2/3 of a run of 11 files, but s1.json of 10: shards of different runs cannot be merged\n"
            ),
            (
                ["s1.json", "s2.json", "s3.json", "half.json"],
                "\(try at("half.json", "count")): error: shard 1/2, but s1.json is shard 1/3: the shards of one run share N\n"
            ),
        ]
        for (arguments, stderr) in cases {
            let output = try BinaryRunner.run(["merge"] + arguments, in: scratch.url)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stdout.isEmpty, "\(arguments)")
            #expect(output.stderr == stderr, "\(arguments)")
        }
        // Other policies than the shards had: every shard is named.
        let policies = try BinaryRunner.run(["merge", "s1.json", "s2.json", "s3.json", "--policies", "P"], in: scratch.url)
        #expect(policies.status == 2)
        #expect(policies.stdout.isEmpty)
        let made = try Self.fingerprint(of: ["run", "T", "--format", "json", "--shard", "1/1"], in: scratch.url)
        let loaded = try Self.fingerprint(of: ["run", "T", "--format", "json", "--shard", "1/1", "--policies", "P"], in: scratch.url)
        #expect(made != loaded)
        #expect(
            policies.stderr
                == (1...3).map {
                    "\((try? at("s\($0).json", "policies", value: "\"fnv1a64")) ?? ""): error: shard \($0)/3 was made with other policies (\(made); loaded here: \(loaded)): "
                        + "shards of different policy libraries cannot be merged (give merge the --policies the shards had)\n"
                }.joined())
        // No file at all is a usage error.
        let nothing = try BinaryRunner.run(["merge"], in: scratch.url)
        #expect(nothing.status == 2)
        #expect(nothing.stderr.hasPrefix("Error: give the JSON documents of the shards to merge\n"))
        // The same shards with the same policies merge.
        #expect(try BinaryRunner.run(["merge", "s3.json", "s1.json", "s2.json"], in: scratch.url).status == 2, "the corpus has errors")
    }

    @Test("shards made with --policies merge with the same --policies, wherever those files lie")
    func userPolicies() throws {
        let scratch = try Scratch()
        try scratch.write("P/mine.yaml", Self.policy)
        try scratch.write("elsewhere/P/mine.yaml", Self.policy)
        try ShardCorpus.write(in: scratch, traces: 6)
        for shard in 1...2 {
            let made = try BinaryRunner.run(["run", "T", "--policies", "P", "--format", "json", "--shard", "\(shard)/2"], in: scratch.url)
            try made.stdout.write(to: scratch.url.appendingPathComponent("s\(shard).json"), atomically: true, encoding: .utf8)
        }
        let whole = try capture(["run", "T", "--policies", "P"] + Self.outputs("text"), in: scratch.url)
        let merged = try capture(["merge", "s1.json", "s2.json", "--policies", "elsewhere/P"] + Self.outputs("text"), in: scratch.url)
        #expect(merged.stdout == whole.stdout)
        #expect(merged.status == whole.status)
        let without = try BinaryRunner.run(["merge", "s1.json", "s2.json"], in: scratch.url)
        #expect(without.status == 2)
        #expect(without.stderr.contains("shards of different policy libraries cannot be merged"))
    }

    @Test("baselines: merge judges the whole run against its own --baseline, whatever the shards had; --write-baseline writes the run's")
    func baselines() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 12)
        let written = try BinaryRunner.run(["run", "T", "--write-baseline", "base.yaml"], in: scratch.url)
        #expect(written.stderr.contains("wrote base.yaml"))
        // An entry whose trace is in no shard: stale for the whole run, which only the merge can tell.
        let ghost = "  - trace: ghost\n    policy: makeitso\n    state: editing\n    observed: { done: disabled }\n    reason: gone\n"
        try (String(contentsOf: scratch.url.appendingPathComponent("base.yaml"), encoding: .utf8) + ghost)
            .write(to: scratch.url.appendingPathComponent("base.yaml"), atomically: true, encoding: .utf8)
        for (name, shardOptions) in [("with", ["--baseline", "base.yaml", "--strict-baseline"]), ("without", [])] {
            for shard in 1...3 {
                let made = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(shard)/3"] + shardOptions, in: scratch.url)
                #expect(!made.stdout.contains("ghost"), "a shard judges only its own traces' entries")
                try made.stdout.write(to: scratch.url.appendingPathComponent("\(name)-\(shard).json"), atomically: true, encoding: .utf8)
            }
            let shards = (1...3).map { "\(name)-\($0).json" }
            for options in [["--baseline", "base.yaml"], ["--baseline", "base.yaml", "--strict-baseline", "--as-of", "2020-01-01"], []] {
                for format in ["text", "json"] {
                    let whole = try capture(["run", "T"] + options + Self.outputs(format), in: scratch.url)
                    let merged = try capture(["merge"] + shards + options + Self.outputs(format), in: scratch.url)
                    #expect(merged == whole, "shards \(name) a baseline, merged with \(options), --format \(format)")
                    if !options.isEmpty { #expect(whole.stdout.contains("ghost")) }
                }
            }
            // The baseline the whole run would write.
            _ = try BinaryRunner.run(["run", "T", "--baseline", "base.yaml", "--write-baseline", "new.yaml"], in: scratch.url)
            let runWrote = try Data(contentsOf: scratch.url.appendingPathComponent("new.yaml"))
            try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("new.yaml"))
            let merge = try BinaryRunner.run(
                ["merge"] + shards + ["--baseline", "base.yaml", "--write-baseline", "new.yaml"], in: scratch.url)
            #expect(merge.stderr.contains("wrote new.yaml"))
            #expect(try Data(contentsOf: scratch.url.appendingPathComponent("new.yaml")) == runWrote)
        }
        let shardWrites = try BinaryRunner.run(["run", "T", "--shard", "1/2", "--write-baseline", "x.yaml"], in: scratch.url)
        #expect(shardWrites.status == 2)
        #expect(shardWrites.stderr == "Error: --write-baseline writes the whole run's baseline: give it to conform merge, not to a shard\n")
    }

    @Test("a baseline among the traces: shards made without it merge with it; shards made with it are refused without it")
    func baselineAmongTraces() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 8)
        _ = try BinaryRunner.run(["run", "T", "--write-baseline", "T/base.yaml"], in: scratch.url)
        for (name, shardOptions) in [("with", ["--baseline", "T/base.yaml"]), ("without", [])] {
            for shard in 1...2 {
                let made = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(shard)/2"] + shardOptions, in: scratch.url)
                try made.stdout.write(to: scratch.url.appendingPathComponent("\(name)-\(shard).json"), atomically: true, encoding: .utf8)
            }
            let whole = try capture(["run", "T", "--baseline", "T/base.yaml"] + Self.outputs("text"), in: scratch.url)
            let merged = try capture(
                ["merge", "\(name)-1.json", "\(name)-2.json", "--baseline", "T/base.yaml"] + Self.outputs("text"), in: scratch.url)
            #expect(merged == whole, "shards \(name) the baseline")
        }
        let refused = try BinaryRunner.run(["merge", "with-1.json", "with-2.json"], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == (1...2).map {
                    "\((try? Self.place(of: "baselineFiles", in: "with-\($0).json", directory: scratch.url)) ?? ""): error: shard \($0)/2 was made with the baseline T/base.yaml, which lies among the traces and so was not "
                        + "checked as one: give merge the same --baseline (or --write-baseline)\n"
                }.joined())
    }

    /// `FILE:LINE:COLUMN` of the value of `member` in the one-line `"shard"` header of a shard result
    /// (`value`: how the value starts, when the member's name is also written elsewhere).
    static func place(of member: String, value: String = "", in file: String, directory: URL) throws -> String {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        let place = try #require(position(of: "\"\(member)\":\(value)", in: text), "\(member) in \(file)")
        return "\(file):\(place.line):\(place.column + member.count + 3)"
    }

    /// A user policy: the one-handed policy under another id.
    static let policy: String = {
        let source = try? String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Policies/one-handed.yaml"), encoding: .utf8)
        return (source ?? "").replacingOccurrences(of: "policy: one-handed", with: "policy: my-one-handed")
    }()

    /// The policy fingerprint in a shard's header.
    static func fingerprint(of arguments: [String], in directory: URL) throws -> String {
        let output = try BinaryRunner.run(arguments, in: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        return try #require((document["shard"] as? [String: Any])?["policies"] as? String)
    }

    /// The trace files a run's JSON document has results for, in its order.
    static func files(of arguments: [String], in directory: URL) throws -> [String] {
        let output = try BinaryRunner.run(arguments, in: directory)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        var files: [String] = []
        for file in results.compactMap({ $0["file"] as? String }) where files.last != file { files.append(file) }
        return files
    }
}
