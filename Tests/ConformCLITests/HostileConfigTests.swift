import Foundation
import Testing

/// Issue 33 §4 and §6: the project configuration's lookup ends when the working directory cannot be
/// resolved, and the did-you-mean of a missing path never traps, whatever the path's shape.
@Suite("CLI: hostile configuration: a removed working directory, short and odd missing paths")
struct HostileConfigTests {
    static let unresolved =
        "conform: error: the working directory cannot be resolved (No such file or directory; was it removed?), so no .conform.yaml "
        + "can be looked for from it: change to a folder that exists, or give --config FILE or --no-config\n"

    @Test("a command that looks for .conform.yaml from a removed folder stops: exit 2 and why, within the deadline")
    func removedWorkingDirectory() throws {
        let scratch = try Scratch()
        for command in [
            ["lint"], ["run"], ["policies"], ["explain", "apple-reminders"], ["generate", "apple-reminders"], ["merge", "x.json"],
        ] {
            let output = try BinaryRunner.runInRemovedDirectory(command, scratch: scratch.url, timeout: 30)
            #expect(!output.timedOut, "\(command): no end within 30 s")
            #expect(output.status == 2, "\(command)")
            #expect(output.stdout.isEmpty, "\(command)")
            #expect(output.stderr == Self.unresolved, "\(command): \(output.stderr)")
        }
    }

    @Test("from a removed folder, --no-config and --config FILE need no lookup, and work")
    func removedWorkingDirectoryWithoutLookup() throws {
        let scratch = try Scratch()
        let traces = scratch.url.appendingPathComponent("T")
        try scratch.write("T/a.yaml", "conform: 1\npolicy: one-handed\nform: { name: Steve }\nsteps:\n  - see: { done: disabled }\n")
        try scratch.write("conf/.conform.yaml", "conform: 1\ntraces: [../T]\n")
        let plain = try BinaryRunner.runInRemovedDirectory(["lint", "--no-config", traces.path], scratch: scratch.url, timeout: 30)
        #expect(!plain.timedOut && plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.hasSuffix("1 trace file, 0 policy files: no problems, 1 warning\n"), "\(plain.stdout)")
        let configured = try BinaryRunner.runInRemovedDirectory(
            ["lint", "--config", scratch.url.appendingPathComponent("conf/.conform.yaml").path], scratch: scratch.url, timeout: 30)
        #expect(!configured.timedOut && configured.status == 0, "\(configured.stderr)")
        #expect(configured.stdout.hasSuffix("1 trace file, 0 policy files: no problems, 1 warning\n"), "\(configured.stdout)")
        // Tab completion in a removed folder is a Tab press: no configuration, no message, no hang.
        let completed = try BinaryRunner.runInRemovedDirectory(
            ["---completion", "explain", "--", "positional@0", "2", "2", "conform", "explain", "apple-rem"], scratch: scratch.url,
            timeout: 30)
        #expect(!completed.timedOut && completed.stdout.contains("\napple-reminders\n"), "\(completed.stderr)")
    }

    @Test(
        "a missing path in policies: or traces:, short, odd or absolute, is a located problem (exit 2), never a crash",
        arguments: ["P", "a/", "P/", " ", "x/y", "/nonexistent-conform-test", "/nonexistent-conform-test/x/", "Policy", "ab", "..."])
    func missingConfigPath(name: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("Policies"), withIntermediateDirectories: true)
        for key in ["policies", "traces"] {
            try scratch.write(".conform.yaml", "conform: 1\n\(key): ['\(name)']\n")
            for command in [["lint"], ["run"], ["policies"]] {
                let output = try BinaryRunner.run(command, in: scratch.url, timeout: 30)
                let what = "\(key): [\(name)], \(command)"
                #expect(!output.timedOut && output.status == 2, "\(what): \(output.stderr)")
                let hint = name == "Policy" ? "; did you mean 'Policies'?" : ""
                #expect(
                    output.stderr
                        == ".conform.yaml:2:\(key.count + 4): error: no file or folder '\(name)' (paths are relative to the configuration's folder)\(hint)\n",
                    "\(what): \(output.stderr)")
            }
        }
    }

    @Test("a path on the command line that does not exist, whatever its shape: named, with a did-you-mean where one is near")
    func missingCommandLinePath() throws {
        let scratch = try Scratch()
        try scratch.write("Traces/a.yaml", "conform: 1\nsteps: [see: {}]\n")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            ("P", "P: error: no such file or directory"),
            ("P/", "P/: error: no such file or directory"),
            ("Trace", "Trace: error: no such file or directory; did you mean 'Traces'?"),
            ("Traces/a.yml", "Traces/a.yml: error: no such file or directory; did you mean 'Traces/a.yaml'?"),
            ("./P", "./P: error: no such file or directory"),
            ("/nonexistent-conform-test/x/", "/nonexistent-conform-test/x/: error: no such file or directory"),
            ("", ": error: no such file or directory"),
        ]
        for (path, message) in cases {
            for command in ["lint", "run"] {
                let output = try BinaryRunner.run([command, "--no-config", path], in: scratch.url, timeout: 30)
                #expect(!output.timedOut && output.status == 2, "\(command) '\(path)': \(output.stderr)")
                #expect(
                    (output.stdout + output.stderr).contains(message + "\n"),
                    "\(command) '\(path)': \(output.stdout)\(output.stderr)")
            }
        }
    }
}
