import Foundation
import Testing

/// `conform run --baseline`, `--write-baseline`, `--strict-baseline`, `--as-of` (Docs/Baselines.md), end to end.
@Suite("CLI: conform run with a baseline, end to end")
struct BaselineCommandTests {
    /// A scratch folder with the corpus's Reminders trace under `traces/`: it conforms to the Reminders
    /// policy it claims, and departs from `apple-contacts` at its first step (no Cancel button).
    static func corpus() throws -> Scratch {
        let scratch = try Scratch()
        let trace = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Traces/Reminders/swipe-after-edit.yaml"), encoding: .utf8)
        try scratch.write("traces/swipe-after-edit.yaml", trace)
        return scratch
    }

    static func read(_ scratch: Scratch, _ path: String) throws -> String {
        try String(contentsOf: scratch.url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Rewrites a file of the scratch folder.
    static func edit(_ scratch: Scratch, _ path: String, _ change: (String) -> String) throws {
        try scratch.write(path, change(try read(scratch, path)))
    }

    static let header = """
        # Known departures that `conform run --baseline` accepts (Docs/Baselines.md). An entry matches a broken
        # claim by trace, policy, state, observed value and all that step saw; say in `reason` why it is accepted, and add
        # `expires: YYYY-MM-DD` to accept it until that day only.
        conform-baseline: 1

        """

    static let written =
        header + """
            entries:
              - trace: reminders-swipe-after-edit
                policy: apple-contacts
                state: editing
                observed: { cancel: absent }
                seen: { done: disabled, cancel: absent }
                reason: TODO say why this deviation is accepted

            """

    /// The per-app lines of a run with `--policy apple-contacts` (`claim`: how that claim came out).
    static func agreement(_ claim: String = "baselined") -> String {
        """

        Per app: its claims, then (unclaimed, for information only) how its traces compare with the other policies.
        Reminders (1 trace)
          claims:    apple-contacts \(claim) (0/1 hold), apple-reminders holds (1/1)
          unclaimed: differ apple-calendar, apple-sample, makeitso, one-handed, swiftui-dismiss-disabled

        """
    }

    /// The per-app lines of a run without `--policy`: the trace claims only apple-reminders.
    static let ownClaimOnly = """

        Per app: its claims, then (unclaimed, for information only) how its traces compare with the other policies.
        Reminders (1 trace)
          claims:    apple-reminders holds (1/1)
          unclaimed: differ apple-calendar, apple-contacts, apple-sample, makeitso, one-handed, swiftui-dismiss-disabled

        """

    static let departure = """
        'apple-contacts' departs at step 1 (state 'editing'): expected cancel: enabled, saw cancel: absent

        """

    /// The baseline that `--write-baseline` writes, with a reason and an expiry date filled in.
    static func accepted(_ scratch: Scratch, expires: String = "2025-09-30") throws {
        try scratch.write(
            "baseline.yaml",
            written.replacingOccurrences(
                of: "    reason: TODO say why this deviation is accepted\n",
                with: "    reason: Our form follows Reminders (APP-412)\n    expires: \(expires)\n"))
    }

    @Test("--write-baseline records every broken claim, sorted; the run is then reported against it and exits 0")
    func writeBaseline() throws {
        let scratch = try Self.corpus()
        let output = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--write-baseline", "baseline.yaml"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stderr == "conform: wrote baseline.yaml: 1 entry (1 new)\n")
        #expect(try Self.read(scratch, "baseline.yaml") == Self.written)
        #expect(
            output.stdout
                == "traces/swipe-after-edit.yaml:10:5: warning: " + Self.departure
                + "    baselined: TODO say why this deviation is accepted\n" + Self.agreement()
                + "\n1 trace, 11 policies: 1 of 2 claims holds, 1 baselined\n")
        // The baseline file sits beside the traces here: it is never read as one.
        let again = try BinaryRunner.run(["run", ".", "--policy", "apple-contacts", "--baseline", "baseline.yaml"], in: scratch.url)
        #expect(again.status == 0, "\(again.stdout)")
        #expect(again.stdout.hasSuffix("1 trace, 11 policies: 1 of 2 claims holds, 1 baselined\n"))
    }

    @Test("with --baseline, the known departure is reported as baselined with its reason, and the run exits 0")
    func baselined() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        let output = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-06-01"], in: scratch.url)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(
            output.stdout
                == "traces/swipe-after-edit.yaml:10:5: warning: " + Self.departure
                + "    baselined: Our form follows Reminders (APP-412) (until 2025-09-30)\n" + Self.agreement()
                + "\n1 trace, 11 policies: 1 of 2 claims holds, 1 baselined\n")
    }

    @Test("Markdown, HTML and JUnit show a baselined claim as accepted, with its reason; an expired one as broken")
    func reportFiles() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        let run = ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--report", "md,html,junit"]
        let output = try BinaryRunner.run(run + ["--as-of", "2025-06-01", "--output", "now"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        let markdown = try Self.read(scratch, "now/conform-report.md")
        #expect(markdown.contains("1 of 2 claims holds, 1 baselined."))
        #expect(markdown.contains("### ☑️ baselined: reminders-swipe-after-edit × apple-contacts:"))
        #expect(markdown.contains("- **Baseline:** Our form follows Reminders (APP-412) (until 2025-09-30)\n"))
        let html = try Self.read(scratch, "now/conform-report.html")
        #expect(html.contains("1 of 2 claims holds · 1 baselined</p>"))
        #expect(
            html.contains("<br><span class=\"note\">baselined: Our form follows Reminders (APP-412) (until 2025-09-30)</span></td></tr>"))
        let junit = try Self.read(scratch, "now/conform-junit.xml")
        #expect(junit.contains("<testsuite name=\"apple-contacts\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\""))
        #expect(
            junit.contains(
                "<skipped message=\"baselined: Our form follows Reminders (APP-412) (until 2025-09-30)\"> traces/swipe-after-edit.yaml:10:")
        )

        let later = try BinaryRunner.run(run + ["--as-of", "2025-10-01", "--output", "later"], in: scratch.url)
        #expect(later.status == 1)
        let expired = try Self.read(scratch, "later/conform-report.md")
        #expect(expired.contains("1 of 2 claims holds, 1 broken."))
        #expect(expired.contains("### ❌ reminders-swipe-after-edit × apple-contacts:"))
        #expect(expired.contains("- **Baseline:** its baseline entry expired on 2025-09-30\n"))
        let expiredJUnit = try Self.read(scratch, "later/conform-junit.xml")
        #expect(expiredJUnit.contains("failures=\"1\" errors=\"0\" skipped=\"0\""))
    }

    @Test("editing an unrelated step (a note, an earlier step that changes no state) keeps the entry matching")
    func unrelatedEdit() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        try Self.edit(scratch, "traces/swipe-after-edit.yaml") {
            $0.replacingOccurrences(
                of: "steps:\n  - see: { done: disabled, cancel: absent }\n",
                with: "steps:\n  - see: { done: disabled }\n    note: the form opens\n  - see: { done: disabled, cancel: absent }\n")
        }
        let output = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-06-01"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stdout.hasPrefix(
                """
                traces/swipe-after-edit.yaml:12:5: warning: 'apple-contacts' departs at step 2 (state 'editing'): expected cancel: enabled, saw cancel: absent
                    baselined: Our form follows Reminders (APP-412) (until 2025-09-30)

                """))
        #expect(output.stdout.hasSuffix("\n1 trace, 11 policies: 1 of 2 claims holds, 1 baselined\n"))
    }

    @Test("a changed departure (another observed value) fails, and the entry is stale, saying how the claim now departs")
    func changedDeparture() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        try Self.edit(scratch, "traces/swipe-after-edit.yaml") {
            $0.replacingOccurrences(of: "policy: apple-reminders\n", with: "").replacingOccurrences(
                of: "  - see: { done: disabled, cancel: absent }", with: "  - see: { done: disabled, cancel: disabled }")
        }
        let output = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-06-01"], in: scratch.url)
        #expect(output.status == 1)
        #expect(
            output.stdout.hasPrefix(
                """
                traces/swipe-after-edit.yaml:9:5: error: 'apple-contacts' departs at step 1 (state 'editing'): expected cancel: enabled, saw cancel: disabled
                baseline.yaml:6:5: warning: stale baseline entry: trace 'reminders-swipe-after-edit' now departs from 'apple-contacts' in state 'editing' with {"cancel":"disabled"}

                """))
        #expect(output.stdout.hasSuffix("\n1 trace, 11 policies: 0 of 1 claim hold, 1 failed, 1 stale baseline entry\n"))
    }

    @Test("past its expires date (--as-of, or SOURCE_DATE_EPOCH), an entry's failure counts again, with a message")
    func expired() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        let expiredLine = "    baseline entry expired on 2025-09-30 (baseline.yaml:6:5): Our form follows Reminders (APP-412)\n"
        let onTheDay = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-09-30"], in: scratch.url)
        #expect(onTheDay.status == 0, "the entry still holds on its expires day")
        let after = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-10-01"], in: scratch.url)
        #expect(after.status == 1)
        #expect(
            after.stdout
                == "traces/swipe-after-edit.yaml:10:5: error: " + Self.departure + expiredLine + Self.agreement("broken")
                + "\n1 trace, 11 policies: 1 of 2 claims holds, 1 failed\n")
        // 2025-10-01T00:00:00Z, with no --as-of.
        let reproducible = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml"], in: scratch.url,
            environment: ["SOURCE_DATE_EPOCH": "1759276800"])
        #expect(reproducible.status == 1)
        #expect(reproducible.stdout == after.stdout)
        let json = try BinaryRunner.run(
            ["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml", "--as-of", "2025-10-01", "--format", "json"],
            in: scratch.url)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        let claim = try #require(results.first { $0["policy"] as? String == "apple-contacts" })
        #expect(claim["baselined"] as? Bool == false)
        #expect(claim["baselineExpires"] as? String == "2025-09-30")
        let summary = try #require(document["summary"] as? [String: Any])
        #expect((summary["claims"] as? [String: Int]) == ["pass": 1, "fail": 1, "baselined": 0])
        #expect(
            (summary["baseline"] as? NSDictionary) == ["file": "baseline.yaml", "entries": 1, "expired": 1, "stale": 0, "strict": false])
    }

    @Test("an entry that matches nothing is stale: a warning (exit 0), an error with --strict-baseline (exit 1)")
    func stale() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        // The trace claims nothing but apple-reminders, which it conforms to: the entry matches nothing.
        let output = try BinaryRunner.run(["run", "traces", "--baseline", "baseline.yaml", "--as-of", "2025-06-01"], in: scratch.url)
        #expect(output.status == 0)
        let stale = "baseline.yaml:6:5: %@: stale baseline entry: trace 'reminders-swipe-after-edit' no longer claims 'apple-contacts'\n"
        #expect(
            output.stdout
                == String(format: stale, "warning") + Self.ownClaimOnly
                + "\n1 trace, 11 policies: 1 of 1 claim holds, 1 stale baseline entry\n")
        let strict = try BinaryRunner.run(
            ["run", "traces", "--baseline", "baseline.yaml", "--as-of", "2025-06-01", "--strict-baseline"], in: scratch.url)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix(String(format: stale, "error")))
        let json = try BinaryRunner.run(
            ["run", "traces", "--baseline", "baseline.yaml", "--as-of", "2025-06-01", "--format", "json"], in: scratch.url)
        #expect(
            json.stdout.contains(
                """
                  "staleBaselineEntries": [
                    {
                      "file": "baseline.yaml",
                      "line": 6,
                      "column": 5,
                      "trace": "reminders-swipe-after-edit",
                      "policy": "apple-contacts",
                      "message": "trace 'reminders-swipe-after-edit' no longer claims 'apple-contacts'"
                    }
                  ],
                  "summary": {
                """))
        // A trace the run did not check is named as such.
        try Self.edit(scratch, "baseline.yaml") { $0.replacingOccurrences(of: "trace: reminders-swipe-after-edit", with: "trace: gone") }
        let gone = try BinaryRunner.run(["run", "traces", "--baseline", "baseline.yaml", "--as-of", "2025-06-01"], in: scratch.url)
        #expect(gone.stdout.hasPrefix("baseline.yaml:6:5: warning: stale baseline entry: trace 'gone' was not checked in this run\n"))
    }

    @Test("a malformed baseline is an input error at file:line:column (exit 2); the traces are still checked")
    func malformed() throws {
        let scratch = try Self.corpus()
        try scratch.write(
            "baseline.yaml",
            """
            conform-baseline: 1
            entries:
              - trace: reminders-swipe-after-edit
                policy: apple-contacts
                stat: editing
                observed: { cancel: absent }
                reason: ""
              - trace: reminders-swipe-after-edit
                policy: apple-reminders
                verdict: inapplicable
                reason: r
                expires: 2025-02-30
              - trace: reminders-swipe-after-edit
                policy: apple-reminders
                verdict: error
                reason: again

            """)
        let output = try BinaryRunner.run(["run", "traces", "--policy", "apple-contacts", "--baseline", "baseline.yaml"], in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stdout.hasPrefix(
                """
                baseline.yaml:3:5: error: a baseline entry needs 'state' (the policy's state at the departure)
                baseline.yaml:5:5: error: unknown key 'stat' in a baseline entry; did you mean 'state'?
                baseline.yaml:7:13: error: 'reason' is empty; say why the deviation is accepted
                baseline.yaml:12:14: error: 'expires' is '2025-02-30', which is not a day of the calendar: February 2025 has 28 days
                traces/swipe-after-edit.yaml:10:5: error: 'apple-contacts' departs at step 1 (state 'editing')
                """))
        // The third entry is well-formed, and stale: apple-reminders holds.
        #expect(output.stdout.hasSuffix("1 trace, 11 policies: 1 of 2 claims holds, 1 failed, 1 stale baseline entry, 4 errors\n"))
        // YAML that does not parse, and a second entry for one claim.
        try scratch.write("broken.yaml", "conform-baseline: 1\nentries:\n  - { trace: a, policy: b\n")
        let broken = try BinaryRunner.run(["run", "traces", "--baseline", "broken.yaml"], in: scratch.url)
        #expect(broken.status == 2)
        #expect(broken.stdout.hasPrefix("broken.yaml:4:1: error: YAML syntax: did not find expected ',' or '}'\n"))
        try scratch.write(
            "twice.yaml",
            "conform-baseline: 1\nentries:\n  - { trace: t, policy: p, verdict: error, reason: a }\n  - { trace: t, policy: p, verdict: inapplicable, reason: b }\n"
        )
        let twice = try BinaryRunner.run(["run", "traces", "--baseline", "twice.yaml"], in: scratch.url)
        #expect(twice.status == 2)
        #expect(
            twice.stdout.hasPrefix(
                "twice.yaml:4:5: error: a second entry for trace 't' and policy 'p' (the first is at line 3, column 5); a claim breaks in one way, so it has one entry\n"
            ))
        let missing = try BinaryRunner.run(["run", "traces", "--baseline", "nowhere.yaml"], in: scratch.url)
        #expect(missing.status == 2)
        #expect(missing.stdout.hasPrefix("nowhere.yaml: error: cannot read the file (it is missing or not accessible)\n"))
    }

    @Test("--write-baseline over --baseline keeps the reasons of entries that still match and drops the stale ones")
    func rewrite() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        try Self.edit(scratch, "baseline.yaml") {
            $0 + "  - trace: reminders-swipe-after-edit\n    policy: one-handed\n    verdict: error\n    reason: fixed since\n"
        }
        let output = try BinaryRunner.run(
            [
                "run", "traces", "--policy", "apple-contacts", "--policy", "apple-calendar", "--baseline", "baseline.yaml",
                "--write-baseline", "baseline.yaml", "--as-of", "2025-06-01",
            ], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(
            output.stderr
                == "baseline.yaml:13:5: warning: entry left out of baseline.yaml: trace 'reminders-swipe-after-edit' no longer claims 'one-handed'\nconform: wrote baseline.yaml: 2 entries (1 new)\n"
        )
        #expect(
            try Self.read(scratch, "baseline.yaml") == Self.header + """
                entries:
                  - trace: reminders-swipe-after-edit
                    policy: apple-calendar
                    state: editing
                    observed: { cancel: absent }
                    seen: { done: disabled, cancel: absent }
                    reason: TODO say why this deviation is accepted
                  - trace: reminders-swipe-after-edit
                    policy: apple-contacts
                    state: editing
                    observed: { cancel: absent }
                    seen: { done: disabled, cancel: absent }
                    reason: "Our form follows Reminders (APP-412)"
                    expires: 2025-09-30

                """)
        // A baseline with a problem is not written over.
        try scratch.write("bad.yaml", "conform-baseline: 2\nentries: []\n")
        let refused = try BinaryRunner.run(["run", "traces", "--baseline", "bad.yaml", "--write-baseline", "bad.yaml"], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.stdout.hasPrefix("bad.yaml:1:19: error: unsupported baseline version '2'; this conform reads version 1\n"))
        #expect(refused.stderr == "bad.yaml: error: not written, since the baseline read (bad.yaml) has problems; fix them first\n")
        #expect(try Self.read(scratch, "bad.yaml") == "conform-baseline: 2\nentries: []\n")
    }

    @Test("a claim the policy cannot judge is baselined by trace, policy and verdict")
    func inapplicable() throws {
        let scratch = try Scratch()
        try scratch.write(
            "kb.yaml",
            "conform: 1\ntrace: kb\napp: Demo\npolicy: [apple-reminders, keyboard-listener]\nsteps:\n  - see: { done: disabled }\n  - swipe: down\n  - see: { dismissed: true }\n"
        )
        let output = try BinaryRunner.run(["run", "kb.yaml", "--write-baseline", "b.yaml"], in: scratch.url)
        #expect(output.status == 0)
        #expect(
            try Self.read(scratch, "b.yaml")
                == Self.header
                + "entries:\n  - trace: kb\n    policy: keyboard-listener\n    verdict: inapplicable\n    reason: TODO say why this deviation is accepted\n"
        )
        #expect(
            output.stdout.hasPrefix(
                "kb.yaml: warning: claims 'keyboard-listener', which cannot judge it: step 1 observes 'done', which 'keyboard-listener' does not know\n    baselined: TODO say why this deviation is accepted\n"
            ))
        let checked = try BinaryRunner.run(["run", "kb.yaml", "--baseline", "b.yaml"], in: scratch.url)
        #expect(checked.status == 0)
    }

    @Test("JSON, SARIF and GitHub annotations mark baselined failures; without a baseline nothing is added")
    func outputs() throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        let arguments = ["run", "traces", "--policy", "apple-contacts", "--format", "json"]
        let output = try BinaryRunner.run(
            arguments + ["--baseline", "baseline.yaml", "--as-of", "2025-06-01", "--report", "sarif,json", "--github"], in: scratch.url,
            environment: ["GITHUB_STEP_SUMMARY": scratch.url.appendingPathComponent("summary.md").path])
        #expect(output.status == 0)
        #expect(
            output.stdout.contains(
                """
                      "observed": {
                        "cancel": "absent"
                      },
                      "baselined": true,
                      "baselineReason": "Our form follows Reminders (APP-412)",
                      "baselineExpires": "2025-09-30"
                    },
                """))
        #expect(output.stdout.contains("\"claims\": {\n      \"pass\": 1,\n      \"fail\": 0,\n      \"baselined\": 1\n    },"))
        #expect(try Self.read(scratch, "conform-report/conform-report.json") == output.stdout)
        #expect(
            output.stderr.contains(
                "::warning file=traces/swipe-after-edit.yaml,line=10,col=5,title=conform%3A 'apple-contacts' departs at step 1 (state 'editing') (baselined)::expected cancel: enabled, saw cancel: absent%0Abaselined: Our form follows Reminders (APP-412) (until 2025-09-30)\n"
            ))
        #expect(!output.stderr.contains("::error"))
        let sarif = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.read(scratch, "conform-report/conform.sarif").utf8)) as? [String: Any])
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let result = try #require((runs.first?["results"] as? [[String: Any]])?.first)
        #expect(result["baselineState"] as? String == "unchanged")
        #expect(
            (result["suppressions"] as? [NSDictionary])
                == [["kind": "external", "status": "accepted", "justification": "Our form follows Reminders (APP-412)"]])
        // Without a baseline, the same run's document has none of these fields.
        let plain = try BinaryRunner.run(arguments, in: scratch.url)
        #expect(plain.status == 1)
        for field in ["baselined", "baselineReason", "baselineExpires", "staleBaselineEntries", "\"baseline\""] {
            #expect(!plain.stdout.contains(field), "\(field)")
        }
    }

    @Test(
        "usage errors: --strict-baseline or --as-of without a baseline, a date that is not one",
        arguments: [
            ["run", "traces", "--strict-baseline"],
            ["run", "traces", "--as-of", "2025-06-01"],
            ["run", "traces", "--baseline", "baseline.yaml", "--as-of", "2025-13-01"],
            ["run", "traces", "--baseline", "baseline.yaml", "--as-of", "tomorrow"],
        ])
    func usage(arguments: [String]) throws {
        let scratch = try Self.corpus()
        try Self.accepted(scratch)
        let output = try BinaryRunner.run(arguments, in: scratch.url)
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(arguments.count == 6 ? "Error: invalid --as-of '\(arguments[5])': " : "Error: --"), "\(output.stderr)")
    }

    /// Issue 24: the swipe dismissed without the sheet; baselined while the app discarded, it must not stay
    /// baselined once the app saves on that swipe.
    static let swipeDismisses = """
        conform: 1
        trace: swipe-dismisses
        app: Reminders
        policy: apple-reminders
        form: { title: Milk }
        steps:
          - edit: { title: Milk and eggs }
          - swipe: down
          - see: { sheet: none, dismissed: true, saved: false }

        """

    @Test(
        "an entry holds the whole revealing observation: a change of behaviour at the same departure is no longer baselined, and the run says what changed"
    )
    func revealingObservation() throws {
        let scratch = try Scratch()
        try scratch.write("traces/t.yaml", Self.swipeDismisses)
        let write = try BinaryRunner.run(["run", "traces", "--write-baseline", "baseline.yaml"], in: scratch.url)
        #expect(write.status == 0, "\(write.stdout)\(write.stderr)")
        let baseline = try Self.read(scratch, "baseline.yaml")
        #expect(
            baseline.contains("    observed: { sheet: none }\n    seen: { sheet: none, dismissed: true, saved: false }\n"), "\(baseline)")
        let same = try BinaryRunner.run(["run", "traces", "--baseline", "baseline.yaml"], in: scratch.url)
        #expect(same.status == 0, "\(same.stdout)")
        // The app now saves on that swipe: the departure is the same, what the step saw is not.
        try Self.edit(scratch, "traces/t.yaml") { $0.replacingOccurrences(of: "saved: false", with: "saved: true") }
        let changed = try BinaryRunner.run(["run", "traces", "--baseline", "baseline.yaml"], in: scratch.url)
        #expect(changed.status == 1, "\(changed.stdout)")
        #expect(
            changed.stdout.contains(
                "warning: stale baseline entry: trace 'swipe-dismisses' departs from 'apple-reminders' in state 'confirm' with {\"sheet\":\"none\"}, as the entry says, but what that step saw changed: saved: false → true"
            ),
            "\(changed.stdout)")
    }

    @Test("an entry of an older file (no seen) still matches, with a warning that suggests --write-baseline")
    func olderEntries() throws {
        let scratch = try Scratch()
        try scratch.write("traces/t.yaml", Self.swipeDismisses.replacingOccurrences(of: "saved: false", with: "saved: true"))
        try scratch.write(
            "old.yaml",
            "conform-baseline: 1\nentries:\n  - trace: swipe-dismisses\n    policy: apple-reminders\n    state: confirm\n    observed: { sheet: none }\n    reason: known\n"
        )
        let output = try BinaryRunner.run(["run", "traces", "--baseline", "old.yaml"], in: scratch.url)
        #expect(output.status == 0, "\(output.stdout)")
        #expect(
            output.stdout.contains(
                "old.yaml:3:5: warning: this entry names no 'seen' (written by an older conform), so they match on the departing value alone and a change in the rest of that observation goes unseen; refresh the file with `conform run --write-baseline old.yaml`"
            ),
            "\(output.stdout)")
    }
}
