import Foundation
import Testing

/// Escape sequences in trace and policy files (titles, sources, labels, ids, claims, verbs) never
/// reach a terminal or a GitHub log through any command: each is shown inert.
@Suite("CLI: Control characters from input files, through every command")
struct ControlCharacterTests {
    static let policy = #"""
        conform: 1
        policy: evil
        title: "Evil \e[2J title"
        summary: "Clears \e[2J the screen"
        domain: form
        sources:
          "S\e[1m": "Source \e]0;pwned\a text"
        buttons:
          done: "Do\e[5mne"
        see:
          done: enabled
        initial: "edit\e[7ming"
        states:
          "edit\e[7ming":
            source: "S\e[1m"
            on:
              tap done: saved
          saved:
            final: true
            source: "S\e[1m"
            see:
              dismissed: true

        """#
    static let trace = #"""
        conform: 1
        trace: "tr\e[2Jace"
        title: "T\e[31mitle"
        app: "A\e[1mpp"
        policy: [evil, "no\e[1mpe"]
        steps:
          - see: { done: enabled }
          - tap: "Do\e[5mne"
          - see: { dismissed: false, form: { "f\e[1m": "v\e[1m" } }

        """#

    @Test(
        "no ESC byte in what any command prints",
        arguments: [
            ["run", "t", "--policies", "p"], ["run", "t", "--policies", "p", "--coverage"], ["run", "t", "--policies", "p", "--github"],
            ["run", "t", "--policies", "p", "--format", "json", "--github"], ["lint", "t", "p"], ["policies", "--policies", "p"],
            ["explain", "evil", "--policies", "p"], ["explain", "evil", "--policies", "p", "--mermaid"],
            ["generate", "evil", "--policies", "p"], ["compare", "evil", "apple-reminders", "--policies", "p"],
            ["record", "--policy", "evil", "--app", "A\u{1B}[1m", "--output", "r.yaml", "--policies", "p"],
            ["shrink", "t/a.yaml", "--policy", "evil", "--policies", "p"],
            ["shrink", "t/a.yaml", "--policy", "evil", "--policies", "p", "--output", "s.yaml"],
            ["rn\u{1B}[2J"],
        ])
    func inert(_ arguments: [String]) throws {
        let scratch = try Scratch()
        try scratch.write("p/evil.yaml", Self.policy)
        try scratch.write("t/a.yaml", Self.trace)
        try scratch.write("t/b.yaml", "conform: 1\nsteps:\n  - \"jump\\e[2J\": 1\n")
        // A file whose very name carries an escape sequence, and which departs, so its name is printed.
        try scratch.write("t/c\u{1B}[2J.yaml", "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: disabled }\n")
        let output = try BinaryRunner.run(
            arguments, in: scratch.url, environment: ["GITHUB_STEP_SUMMARY": scratch.url.appendingPathComponent("summary.md").path],
            input: "tap: \"x\\e[2J\"\n1\n\n.\n")
        // The hostile policy loads (so its strings reach the output), and the trace is read.
        if ["policies", "explain", "generate", "compare", "shrink"].contains(arguments[0]) {
            #expect(output.status == 0, "\(output.stderr)")
        }
        #expect(!output.stdout.contains("\u{1B}"), "stdout of \(arguments)")
        #expect(!output.stderr.contains("\u{1B}"), "stderr of \(arguments)")
        #expect(!(output.stdout + output.stderr).contains("\u{07}"))
    }
}
