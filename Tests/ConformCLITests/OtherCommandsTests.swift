import Foundation
import Testing

@Suite("conform policies, lint, help, version")
struct OtherCommandsTests {
    @Test("--version and --help on every command")
    func helpAndVersion() throws {
        let version = try BinaryRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        for command in [[], ["run"], ["merge"], ["policies"], ["lint"], ["explain"], ["generate"], ["compare"], ["record"]] {
            let help = try BinaryRunner.run(command + ["--help"])
            #expect(help.status == 0, "\(command)")
            #expect(help.stdout.contains("USAGE: conform"), "\(command)")
        }
    }

    @Test("shell completion scripts are generated")
    func completion() throws {
        for shell in ["bash", "zsh", "fish"] {
            let output = try BinaryRunner.run(["--generate-completion-script", shell])
            #expect(output.status == 0)
            #expect(output.stdout.contains("policies"))
        }
    }

    @Test("a binary copied alone to another folder still lists and uses the built-in policies")
    func copiedBinary() throws {
        let scratch = try Scratch()
        let copy = scratch.url.appendingPathComponent("conform")
        try FileManager.default.copyItem(at: BinaryRunner.binary, to: copy)
        let policies = try BinaryRunner.run(["policies"], in: scratch.url, executable: copy)
        #expect(policies.status == 0)
        let ids = [
            "apple-reminders", "apple-contacts", "apple-calendar", "apple-sample", "one-handed", "makeitso",
            "swiftui-dismiss-disabled", "keyboard-listener", "iq-keyboard-manager", "disclosure-split-aware", "disclosure-always",
        ]
        for id in ids { #expect(policies.stdout.contains("\(id)  "), "\(id) is listed") }
        try scratch.write("t.yaml", "conform: 1\npolicy: makeitso\nsteps:\n  - see: { done: enabled }\n")
        try scratch.write("k.yaml", "conform: 1\npolicy: keyboard-listener\nsteps:\n  - keyboard-show: { height: 300 }\n  - see: { inset: 300 }\n")
        let run = try BinaryRunner.run(["run", "t.yaml", "k.yaml"], in: scratch.url, executable: copy)
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test("user policies load beside the library; a broken one is reported and the rest still work")
    func userPolicies() throws {
        let scratch = try Scratch()
        try scratch.write("policies/mine.yaml", """
            conform: 1
            policy: mine
            title: Mine
            states:
              editing:
                see: { done: enabled }
                on: { tap done: gone }
              gone: { final: true, see: { saved: true } }
            """)
        try scratch.write("policies/broken.yaml", "conform: 1\npolicy: broken\ntitle: B\nstates: { a: { on: { tap done: b } } }\n")
        try scratch.write("policies/dup.yaml", "conform: 1\npolicy: makeitso\ntitle: Dup\nstates: { a: {} }\n")
        try scratch.write("t.yaml", "conform: 1\npolicy: mine\nsteps:\n  - tap: Done\n  - see: { saved: true }\n")
        let output = try BinaryRunner.run(["run", "t.yaml", "--policies", "policies", "--format", "json"], in: scratch.url)
        #expect(output.status == 2)
        #expect(output.stdout.contains("\"file\": \"policies/broken.yaml\",\n      \"line\": 4,\n      \"column\": 32"))
        #expect(output.stdout.contains("duplicate policy id 'makeitso'"))
        #expect(output.stdout.contains("\"policies\": 12"))
        #expect(output.stdout.contains("\"pass\": 1,\n      \"fail\": 0"))
    }

    @Test("lint reports every problem of every file, located, and exits 2")
    func lint() throws {
        let scratch = try Scratch()
        try scratch.write("good.yaml", "conform: 1\nsteps:\n  - tap: Done\n")
        try scratch.write("bad.yaml", "conform: 1\nsteps:\n  - tap: [Done]\n  - see: { sheet: maybe }\n")
        let output = try BinaryRunner.run(["lint", "."], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "./bad.yaml:3:10: error: 'tap' (a button label) must be a string, not a list\n./bad.yaml:4:19: error: 'sheet' must be none, shown, or a map with title, message and actions\n"))
        #expect(output.stdout.hasSuffix("2 trace files, 0 policy files: 2 problems\n"))
        let clean = try BinaryRunner.run(["lint", "good.yaml"], in: scratch.url)
        #expect(clean.status == 0)
    }

    @Test("lint loads policies among its paths first, so traces may use their vocabulary")
    func lintWithPolicies() throws {
        let scratch = try Scratch()
        try scratch.write("kb.yaml", """
            conform: 1
            policy: kb
            title: KB
            domain: keyboard
            vocabulary: { actions: { show: { height: number } }, observations: { inset: number } }
            states: { idle: { see: { inset: 0 }, on: { show: idle } } }
            """)
        try scratch.write("t.yaml", "conform: 1\npolicy: kb\nsteps:\n  - show: { height: 300 }\n  - see: { inset: 0 }\n")
        let output = try BinaryRunner.run(["lint", "."], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.contains("1 trace file, 1 policy file: no problems"))
    }
}

@Suite("Discovery and linting the library's own sources")
struct DiscoveryTests {
    @Test("a file named directly and through its directory is checked once")
    func dedupe() throws {
        let scratch = try Scratch()
        try scratch.write("t/a.yaml", "conform: 1\nsteps: []\n")
        let output = try BinaryRunner.run(["run", "t/a.yaml", "t", "./t/", "--format", "json"], in: scratch.url)
        #expect(output.stdout.contains("\"traces\": 1,"))
    }

    @Test("linting Policies/ checks the files that the built-in library is made from, without duplicate errors")
    func lintLibrary() throws {
        let output = try BinaryRunner.run(["lint", "Policies", "Traces"])
        #expect(output.status == 0, "\(output.stdout)")
        #expect(output.stdout.hasSuffix("no problems\n"))
    }
}

@Suite("conform explain, end to end")
struct ExplainCommandTests {
    @Test("explain prints the table and the diagram; --mermaid only the diagram; an unknown id exits 2")
    func explain() throws {
        let full = try BinaryRunner.run(["explain", "makeitso"])
        #expect(full.status == 0)
        #expect(full.stdout.contains("| editing | swipe down | modified \\|\\| settings.interactiveDismissDisabled == true | confirm | "))
        #expect(full.stdout.contains("```mermaid\nstateDiagram-v2\n"))
        let diagram = try BinaryRunner.run(["explain", "makeitso", "--mermaid"])
        #expect(diagram.stdout.hasPrefix("stateDiagram-v2\n    [*] --> editing\n"))
        let unknown = try BinaryRunner.run(["explain", "make-it-so"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown policy 'make-it-so'. Did you mean 'makeitso'?"))
    }
}
