import Foundation
import Testing

/// Docs/WritingPolicies.md is true as written: every command of it runs, in order, in an empty folder,
/// with the files it shows written from the page and its output blocks found in what the commands print
/// (scripts/check-readme-commands.py --tutorial, which .ci/run runs with the release binary too).
@Suite("CLI: The tutorial Docs/WritingPolicies.md")
struct TutorialCommandsTests {
    static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("every command of the tutorial does what the page says", .enabled(if: python != nil))
    func tutorialRuns() throws {
        let script = BinaryRunner.packageRoot.appendingPathComponent("scripts/check-readme-commands.py").path
        let doc = BinaryRunner.packageRoot.appendingPathComponent("Docs/WritingPolicies.md").path
        let run = try BinaryRunner.run(
            [script, "--tutorial", doc, BinaryRunner.binary.path], executable: URL(fileURLWithPath: Self.python ?? "python3"))
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // The page has commands at all, and the script read the files it shows.
        #expect(run.stdout.contains("wrote Policies/tunes-new-playlist.yaml"))
        #expect(run.stdout.contains(" commands did what it says"))
    }
}
