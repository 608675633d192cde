import Foundation
import Testing

/// Issue 37 §4: `conform run` looks for policy files among its paths in the one read each file gets, and
/// starts over with them loaded when it meets one; JSON streamed where it can be taken back (a file, the
/// null device) too. JSON into a pipe, or a file opened to append, reads every file for them first.
@Suite("CLI: policy files among a run's paths")
struct PolicyFilesAmongPathsTests {
    /// `conform init`'s project with `count` traces, its policy moved to `zz/` so that it is read last
    /// (and its configuration, which names the policies' folder, left out).
    static func project(in scratch: Scratch, traces count: Int) throws -> URL {
        let project = scratch.url.appendingPathComponent("p")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        #expect(try BinaryRunner.run(["init"], in: project).status == 0)
        try FileManager.default.removeItem(at: project.appendingPathComponent(".conform.yaml"))
        let starter = project.appendingPathComponent("Traces/my-app-edit-form-cancel-then-save.yaml")
        let text = try String(contentsOf: starter, encoding: .utf8)
        for index in 1..<count {
            let name = String(format: "t%03d", index)
            try scratch.write("p/Traces/\(name).yaml", text.replacingOccurrences(of: "cancel-then-save\n", with: "\(name)\n"))
        }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("zz"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: project.appendingPathComponent("Policies/my-app-edit-form.yaml"), to: project.appendingPathComponent("zz/policy.yaml"))
        return project
    }

    @Test("met after 150 traces, the policy is loaded and the run starts over: what it prints and writes is a whole run's")
    func startsOver() throws {
        let scratch = try Scratch()
        let project = try Self.project(in: scratch, traces: 150)
        let sniffedFirst = try BinaryRunner.run(["run", ".", "--format", "json"], in: project)
        #expect(sniffedFirst.status == 0, "\(sniffedFirst.stderr)")
        for jobs in ["2", "1"] {
            try? FileManager.default.removeItem(at: scratch.url.appendingPathComponent("out"))
            let run = try BinaryRunner.run(["run", ".", "--report", "all", "--output", "../out", "--jobs", jobs], in: project)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("my-app-edit-form holds (150/150)"), "\(run.stdout)")
            #expect(run.stdout.hasSuffix("150 traces, 12 policies: 150 of 150 claims hold\n"), "\(run.stdout)")
            #expect(
                run.stderr
                    == "conform: wrote ../out/conform-report.md, ../out/conform-report.html, ../out/conform-junit.xml, ../out/conform-report.json, ../out/conform.sarif\n"
            )
            // The first pass's report files were dropped, not left beside these.
            let written = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("out").path).sorted()
            #expect(written == ["conform-junit.xml", "conform-report.html", "conform-report.json", "conform-report.md", "conform.sarif"])
            let report = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.json"), encoding: .utf8)
            #expect(report == sniffedFirst.stdout)
        }
    }

    /// `conform run ARGUMENTS` in `project` through the shell, standard output sent as `redirection` says
    /// (`> ../out.json`, `>> ../out.json`, `> /dev/null`), under `strace` when `traced` (its log in
    /// `../opens.log`).
    static func shellRun(_ arguments: String, redirection: String, in project: URL, traced: Bool = false) throws -> BinaryRunner.Output {
        let tracer = traced ? "strace -f -qq -o ../opens.log -e trace=openat " : ""
        return try BinaryRunner.run(
            ["-c", "\(tracer)\"$0\" run \(arguments) \(redirection)", BinaryRunner.binary.path], in: project,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test("JSON into a file or the null device is taken back when the policy is met: the file holds the whole run's document once")
    func jsonTakenBack() throws {
        let scratch = try Scratch()
        let project = try Self.project(in: scratch, traces: 150)
        let piped = try BinaryRunner.run(["run", ".", "--format", "json"], in: project)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("\"my-app-edit-form\""))
        let out = scratch.url.appendingPathComponent("out.json")
        for jobs in ["2", "1"] {
            let run = try Self.shellRun(". --format json --jobs \(jobs)", redirection: "> ../out.json", in: project)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(try String(contentsOf: out, encoding: .utf8) == piped.stdout)
        }
        // A file opened to append keeps what it held: its run reads for the policies first.
        try "kept\n".write(to: out, atomically: true, encoding: .utf8)
        let appended = try Self.shellRun(". --format json", redirection: ">> ../out.json", in: project)
        #expect(appended.status == 0, "\(appended.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "kept\n" + piped.stdout)
        let discarded = try Self.shellRun(". --format json", redirection: "> /dev/null", in: project)
        #expect(discarded.status == 0 && discarded.stderr.isEmpty, "\(discarded.stderr)")
    }

    @Test("JSON into a file reads each trace once; into a pipe, twice (the policies looked for first)")
    func jsonReadsOnce() throws {
        // strace shows the reads (scripts/install-consumers.sh installs it; CI requires it, as it requires
        // the reports' consumers). Installed but unable to trace (no ptrace in a container), it is skipped.
        let shell = URL(fileURLWithPath: "/bin/sh")
        guard (try? BinaryRunner.run(["-c", "command -v strace"], executable: shell).status) == 0 else {
            if ProcessInfo.processInfo.environment["CONFORM_REQUIRE_CONSUMERS"] == "1" {
                Issue.record("strace is required (CONFORM_REQUIRE_CONSUMERS=1) but not installed")
            } else {
                FileHandle.standardError.write(
                    Data("SKIPPED: strace is not installed; run scripts/install-consumers.sh to count the files a run reads\n".utf8))
            }
            return
        }
        guard (try? BinaryRunner.run(["-c", "strace -qq -o /dev/null true"], executable: shell).status) == 0 else {
            FileHandle.standardError.write(
                Data("SKIPPED: strace cannot trace here (no ptrace): the files a run reads are not counted\n".utf8))
            return
        }
        let scratch = try Scratch()
        let project = try Self.project(in: scratch, traces: 20)
        // The policy given by --policies, not among the paths: the run meets none and never starts over.
        for (redirection, reads) in [("> ../out.json", 1), ("> /dev/null", 1), ("| cat > ../out.json", 2)] {
            let run = try Self.shellRun("Traces --policies zz --format json", redirection: redirection, in: project, traced: true)
            #expect(run.status == 0, "\(run.stderr)")
            let log = try String(contentsOf: scratch.url.appendingPathComponent("opens.log"), encoding: .utf8)
            let opens = log.split(separator: "\n").filter { $0.contains("Traces/t007.yaml\"") && !$0.contains("ENOENT") }
            #expect(opens.count == reads, "\(redirection): \(opens.joined(separator: "\n"))")
        }
    }

    @Test("a --policy defined only among the paths is known: its files are read for policies first")
    func claimAmongThePaths() throws {
        let scratch = try Scratch()
        let project = try Self.project(in: scratch, traces: 3)
        let run = try BinaryRunner.run(["run", ".", "--policy", "my-app-edit-form"], in: project)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("3 traces, 12 policies: 3 of 3 claims hold\n"), "\(run.stdout)")
    }
}
