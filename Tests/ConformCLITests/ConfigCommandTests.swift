import Foundation
import Testing

/// What only the binary shows of the project configuration: `conform init` then `conform run` with no
/// options, the lookup from a subfolder, a broken configuration's exit status, `--policies FILE`.
@Suite("CLI: conform init and .conform.yaml")
struct ConfigCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-init-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }

    @Test("in an empty folder: init, then run and lint with no options pass; a second init refuses and writes nothing")
    func initThenRun() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let initialised = try BinaryRunner.run(["init"], in: root)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(initialised.stdout == "Policies/my-app-edit-form.yaml\nTraces/my-app-edit-form-cancel-then-save.yaml\n.conform.yaml\n")
        #expect(initialised.stderr == "conform: wrote a starter project; check it with: conform run\n")
        for file in ["Policies/my-app-edit-form.yaml", "Traces/my-app-edit-form-cancel-then-save.yaml", ".conform.yaml"] {
            let bytes = try Data(contentsOf: root.appendingPathComponent(file))
            #expect(bytes.last == UInt8(ascii: "\n") && bytes.dropLast().last != UInt8(ascii: "\n"), "\(file) ends with one line break")
        }

        let run = try BinaryRunner.run(["run"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("claims:    my-app-edit-form holds (1/1)"))
        let lint = try BinaryRunner.run(["lint"], in: root)
        #expect(lint.status == 0 && lint.stdout == "1 trace file, 1 policy file: no problems\n", "\(lint.stdout)")
        // From a subfolder the same configuration is found, and its paths are its folder's.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let fromSub = try BinaryRunner.run(["explain", "my-app-edit-form"], in: root.appendingPathComponent("sub"))
        #expect(fromSub.status == 0, "\(fromSub.stderr)")
        // Tab completes the project's policy ids too.
        let completed = try BinaryRunner.run(
            ["---completion", "explain", "--", "positional@0", "2", "2", "conform", "explain", "my-"], in: root)
        #expect(completed.stdout == "my-app-edit-form\n", "\(completed.stdout)\(completed.stderr)")
        // --no-config: the project's policy is unknown, and the message says how it is loaded.
        let unknown = try BinaryRunner.run(["explain", "my-app-edit-form", "--no-config"], in: root)
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.contains("`policies:` in .conform.yaml (`conform init` writes one) or by --policies PATH."), "\(unknown.stderr)")

        let policy = root.appendingPathComponent("Policies/my-app-edit-form.yaml")
        try ("# edited\n" + String(contentsOf: policy, encoding: .utf8)).write(to: policy, atomically: true, encoding: .utf8)
        let again = try BinaryRunner.run(["init"], in: root)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == "Error: not written: Policies/my-app-edit-form.yaml, Traces/my-app-edit-form-cancel-then-save.yaml, .conform.yaml already exist; conform init writes nothing over a file\n"
        )
        #expect(try String(contentsOf: policy, encoding: .utf8).hasPrefix("# edited\n"))
    }

    @Test("a configuration with a problem stops every command with exit 2 and the located problem; --policies FILE loads one file")
    func brokenConfigAndPolicyFile() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try BinaryRunner.run(["init"], in: root).status == 0)
        try "conform: 1\npolicies: [Policies]\ntrace: [Traces]\n".write(
            to: root.appendingPathComponent(".conform.yaml"), atomically: true, encoding: .utf8)
        for command in [["run"], ["lint"], ["policies"], ["explain", "apple-reminders"]] {
            let output = try BinaryRunner.run(command, in: root)
            #expect(output.status == 2, "\(command)")
            #expect(
                output.stderr == ".conform.yaml:3:1: error: unknown key 'trace' in a configuration; did you mean 'traces'? (a list)\n",
                "\(command)")
        }
        // --no-config and a single policy file: the project runs without its configuration.
        let run = try BinaryRunner.run(["run", "--no-config", "--policies", "Policies/my-app-edit-form.yaml", "Traces"], in: root)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // `run .` loads the policy file it finds instead of reading it as a trace.
        let whole = try BinaryRunner.run(["run", "--no-config", "."], in: root)
        #expect(whole.status == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(whole.stdout.contains("\n1 trace, ") && whole.stdout.hasSuffix(": 1 of 1 claim holds\n"), "\(whole.stdout)")
        #expect(!(whole.stdout + whole.stderr).contains("not a trace"))
    }
}
