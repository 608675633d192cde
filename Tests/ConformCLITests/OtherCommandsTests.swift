import Foundation
import Testing

@Suite("CLI: conform policies, lint, help, version")
struct OtherCommandsTests {
    @Test("--version and --help on every command")
    func helpAndVersion() throws {
        let version = try BinaryRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
        for command in [
            [], ["run"], ["merge"], ["policies"], ["lint"], ["explain"], ["generate"], ["compare"], ["record"], ["shrink"], ["init"],
        ] {
            let help = try BinaryRunner.run(command + ["--help"])
            #expect(help.status == 0, "\(command)")
            #expect(help.stdout.contains("USAGE: conform"), "\(command)")
            // Every command that takes policies says that the project's configuration counts.
            if !command.isEmpty { #expect(help.stdout.contains(".conform.yaml"), "\(command)") }
        }
    }

    @Test("policies lists each policy on one line, a one-line summary under it, then its sources")
    func policiesListing() throws {
        let output = try BinaryRunner.run(["policies"])
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                """
                apple-calendar  Apple Calendar (iOS 13) event editor  [form]
                    Cancel and Done in the bar; Done is greyed until a change.
                    SG-EN: Steve Gigou,
                """))
        #expect(
            output.stdout.contains(
                "apple-reminders  Apple Reminders (iOS 13 redesign) edit sheet  [form]\n    No Cancel button. Done is greyed until a change and saves.\n"
            ))
        // A first sentence longer than the line is cut after a word.
        #expect(
            output.stdout.contains("\n    The confirming button is labelled Save and is enabled only while the text differs from the …\n"))
    }

    @Test("shell completion scripts are generated")
    func completion() throws {
        for shell in ["bash", "zsh", "fish"] {
            let output = try BinaryRunner.run(["--generate-completion-script", shell])
            #expect(output.status == 0)
            #expect(output.stdout.contains("policies"))
        }
    }

    @Test("completion offers trace paths, policy ids (built-in and from --policies) and report formats")
    func completionKinds() throws {
        let bash = try BinaryRunner.run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("__conform_custom_complete ---completion run -- --policy "), "run --policy completes ids")
        #expect(bash.contains("__conform_custom_complete ---completion explain -- positional@0 "), "explain ID completes ids")
        #expect(bash.contains("__conform_custom_complete ---completion compare -- positional@1 "), "compare B completes ids")
        #expect(bash.contains("-W 'md'$'\\n''html'$'\\n''junit'$'\\n''json'$'\\n''sarif'$'\\n''all'"), "--report completes formats")
        #expect(bash.contains("-W 'text'$'\\n''md'"), "explain --format completes its formats")
        #expect(bash.contains("-o plusdirs -fX '!*.@(yaml|yml|json)'"), "run PATH completes trace files and folders")
        for shell in ["zsh", "fish"] {
            let script = try BinaryRunner.run(["--generate-completion-script", shell]).stdout
            #expect(script.contains("---completion explain -- positional@0"), "\(shell)")
        }
        // The custom completion itself: what the script asks the binary when Tab is pressed.
        let scratch = try Scratch()
        try scratch.write("mine/m.yaml", "conform: 1\npolicy: mine\ntitle: M\nstates: { a: { see: { done: enabled } } }\n")
        let words = ["conform", "explain", "--policies", "mine", "m"]
        let ids = try BinaryRunner.run(["---completion", "explain", "--", "positional@0", "4", "1"] + words, in: scratch.url)
        #expect(ids.status == 0)
        #expect(ids.stdout == "makeitso\nmine\n")
        let builtIn = try BinaryRunner.run(["---completion", "run", "--", "--policy", "3", "3", "conform", "run", "--policy", "app"])
        #expect(builtIn.stdout == "apple-calendar\napple-contacts\napple-reminders\napple-sample\n")
    }

    @Test(
        "the bash script completes ids, formats and paths in a real bash",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletes() throws {
        let scratch = try Scratch()
        try scratch.write("conform.bash", try BinaryRunner.run(["--generate-completion-script", "bash"]).stdout)
        try scratch.write("mine/m.yaml", "conform: 1\npolicy: mine\ntitle: M\nstates: { a: { see: { done: enabled } } }\n")
        try scratch.write("Traces/a.yaml", "conform: 1\nsteps: [see: {}]\n")
        let complete = """
            source ./conform.bash
            COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            _conform conform "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            echo "${COMPREPLY[*]}"
            """
        let path = BinaryRunner.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        func tab(_ words: [String]) throws -> String {
            try BinaryRunner.run(
                ["-c", complete, "_"] + words, in: scratch.url, executable: URL(fileURLWithPath: "/bin/bash"), environment: ["PATH": path]
            ).stdout
        }
        #expect(try tab(["conform", "explain", "--policies", "mine", "mi"]) == "mine\n")
        #expect(try tab(["conform", "run", "--policy", "one"]) == "one-handed\n")
        #expect(try tab(["conform", "run", "--report", "j"]) == "junit json\n")
        #expect(try tab(["conform", "run", "Tra"]) == "Traces\n")
        #expect(try tab(["conform", "ru"]) == "run\n")
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
        try scratch.write(
            "k.yaml", "conform: 1\npolicy: keyboard-listener\nsteps:\n  - keyboard-show: { height: 300 }\n  - see: { inset: 300 }\n")
        let run = try BinaryRunner.run(["run", "t.yaml", "k.yaml"], in: scratch.url, executable: copy)
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test("user policies load beside the library; a broken one is reported and the rest still work")
    func userPolicies() throws {
        let scratch = try Scratch()
        try scratch.write(
            "policies/mine.yaml",
            """
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
                "./bad.yaml:3:10: error: 'tap' (a button label) must be a string, not a list\n./bad.yaml:4:19: error: 'sheet' must be none, shown, or a map with title, message and actions\n"
            ))
        #expect(output.stdout.hasSuffix("2 trace files, 0 policy files: 2 problems\n"))
        let clean = try BinaryRunner.run(["lint", "good.yaml"], in: scratch.url)
        #expect(clean.status == 0)
    }

    @Test("lint reports a trace id used by an earlier file, in the run's words, at the second file's trace: key")
    func lintDuplicateIDs() throws {
        let scratch = try Scratch()
        try scratch.write("a/first.yaml", "conform: 1\ntrace: same\nsteps:\n  - tap: Done\n")
        try scratch.write("b/second.yaml", "conform: 1\ntitle: x\ntrace: same\nsteps:\n  - tap: Done\n")
        try scratch.write("b/same.yaml", "conform: 1\nsteps:\n  - tap: Done\n")
        let output = try BinaryRunner.run(["lint", "a", "b"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.contains(
                "b/same.yaml:1:1: error: the trace id 'same' is already the id of a/first.yaml; ids must be unique, so this trace is not checked\n"
            ))
        #expect(
            output.stdout.contains(
                "b/second.yaml:3:8: error: the trace id 'same' is already the id of a/first.yaml; ids must be unique, so this trace is not checked\n"
            ))
        #expect(output.stdout.hasSuffix("3 trace files, 0 policy files: 2 problems\n"))
    }

    @Test("lint reports an unknown policy: claim beside the file's other problems, in line order; run lists it too")
    func lintUnknownClaimWithOtherProblems() throws {
        let scratch = try Scratch()
        try scratch.write("bad.yaml", "conform: 1\npolicy: [makeitso, make-it-so]\nsteps:\n  - tap: [Done]\n  - see: { sheet: maybe }\n")
        let expected = """
            bad.yaml:2:20: error: the trace claims policy 'make-it-so', which is not loaded; did you mean 'makeitso'?
            bad.yaml:4:10: error: 'tap' (a button label) must be a string, not a list
            bad.yaml:5:19: error: 'sheet' must be none, shown, or a map with title, message and actions

            """
        let lint = try BinaryRunner.run(["lint", "bad.yaml"], in: scratch.url)
        #expect(lint.status == 2)
        #expect(lint.stdout == expected + "1 trace file, 0 policy files: 3 problems\n")
        let run = try BinaryRunner.run(["run", "bad.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.stdout == expected + "\n0 traces, 11 policies: no claims, 3 errors\n")
    }

    @Test("a mistyped command gets a did-you-mean and exits 2, as a mistyped option does")
    func commandTypo() throws {
        let scratch = try Scratch()
        try scratch.write("Traces/a.yaml", "conform: 1\nsteps: [see: {}]\n")
        let typo = try BinaryRunner.run(["rnu", "Traces"], in: scratch.url)
        #expect(typo.status == 2)
        #expect(
            typo.stderr
                == "Error: unknown command 'rnu'; did you mean 'run'?\nUsage: conform <subcommand>\n  See 'conform --help' for more information.\n"
        )
        #expect(typo.stdout.isEmpty)
        let help = try BinaryRunner.run(["hepl"], in: scratch.url)
        #expect(help.stderr.hasPrefix("Error: unknown command 'hepl'; did you mean 'help'?\n"))
        let far = try BinaryRunner.run(["xyzzy"], in: scratch.url)
        #expect(far.status == 2)
        #expect(
            far.stderr.hasPrefix(
                "Error: unknown command 'xyzzy'; the commands are run, merge, diff, history, policies, explain, lint, generate, compare, learn, record, shrink"
            ))
        let path = try BinaryRunner.run(["Traces"], in: scratch.url)
        #expect(path.status == 2)
        #expect(path.stderr.hasPrefix("Error: unknown command 'Traces'; to check the traces there, run 'conform run Traces'\n"))
        let option = try BinaryRunner.run(["run", "--polic", "x"], in: scratch.url)
        #expect(option.status == 2)
        #expect(option.stderr.hasPrefix("Error: Unknown option '--polic'. Did you mean '--policy'?\n"))
    }

    @Test("lint loads policies among its paths first, so traces may use their vocabulary")
    func lintWithPolicies() throws {
        let scratch = try Scratch()
        try scratch.write(
            "kb.yaml",
            """
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

@Suite("CLI: Discovery and linting the library's own sources")
struct DiscoveryTests {
    @Test("a file named directly and through its directory is checked once")
    func dedupe() throws {
        let scratch = try Scratch()
        try scratch.write("t/a.yaml", "conform: 1\nsteps: [see: {}]\n")
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

@Suite("CLI: conform explain, end to end")
struct ExplainCommandTests {
    @Test("explain prints plain text by default: per state what it shows and where each action leads, no Markdown escapes")
    func explainText() throws {
        let text = try BinaryRunner.run(["explain", "one-handed"])
        #expect(text.status == 0)
        #expect(
            text.stdout.hasPrefix(
                "one-handed: One-handed form dismissal (Steve Gigou's FormViewController)\n\nA sticky \"was edited\" flag:"))
        #expect(
            text.stdout.contains(
                """

                editing (start)
                    shows cancel: enabled; dismissed: false; done: edited ? enabled : disabled; sheet: none
                    edit                   → editing         [SG-EN]
                    tap done               → saved           [SG-EN]
                        note: saveForm() then dismiss, no confirmation (only reachable once Done is enabled)
                    tap cancel             → confirm-cancel  when edited  [SG-EN]

                """), "a branch's note is shown under it (issue 24)")
        #expect(text.stdout.contains("sheet: { title 'You\n          have unsaved changes!';"), "no Markdown escape such as \\!")
        #expect(text.stdout.contains("\nsaved (final)\n    shows dismissed: true; saved: true; sheet: none\n"))
        #expect(text.stdout.hasSuffix("\nFor the state diagram: conform explain one-handed --mermaid; as Markdown: --format md.\n"))
        #expect(!text.stdout.contains("\\"), "no backslash escapes")
        #expect(!text.stdout.contains("|"), "no table")
        // An unverified row says why, under it.
        let contacts = try BinaryRunner.run(["explain", "apple-contacts"])
        #expect(
            contacts.stdout.contains(
                "    swipe               → (ignored: nothing changes)  [SG-EN]\n        UNVERIFIED: whether the blocked swipe shows anything"
            ))
    }

    @Test("explain --format md prints the table and the diagram; --mermaid only the diagram; an unknown id exits 2")
    func explain() throws {
        let full = try BinaryRunner.run(["explain", "makeitso", "--format", "md"])
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
