import Foundation
import Testing

@Suite("CLI: conform generate and compare, through the binary")
struct AnalysisCommandsTests {
    @Test("generate --output for every built-in policy, then run: every claim holds and coverage is 100%")
    func generatedSuitesRun() throws {
        let scratch = try Scratch()
        let ids = try BinaryRunner.run(["policies", "--format", "json"]).stdout
        let policies = try #require(try JSONSerialization.jsonObject(with: Data(ids.utf8)) as? [[String: Any]]).compactMap {
            $0["id"] as? String
        }
        #expect(policies.count == 11)
        for id in policies {
            let generated = try BinaryRunner.run(["generate", id, "--output", "suites/\(id)"], in: scratch.url)
            #expect(generated.status == 0, "\(id): \(generated.stderr)")
            // The paths are the result (standard output); what was written is said on standard error.
            #expect(generated.stdout.hasPrefix("suites/\(id)/\(id)-01.yaml\n"), "\(id): \(generated.stdout)")
            #expect(generated.stderr.contains(" trace files written)\n") || generated.stderr.contains(" (1 trace file written)\n"), "\(id)")
        }
        let run = try BinaryRunner.run(["run", "suites", "--coverage", "--format", "json"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let coverage = try #require(document["coverage"] as? [String: [String: Any]])
        #expect(Set(coverage.keys) == Set(policies))
        for (id, entry) in coverage {
            #expect(entry["covered"] as? Int == entry["transitions"] as? Int, "\(id): \(entry)")
        }
    }

    @Test("generate without --output prints a checklist; unknown ids exit 2 with a suggestion")
    func checklistAndUnknownID() throws {
        let checklist = try BinaryRunner.run(["generate", "makeitso"])
        #expect(checklist.status == 0)
        #expect(checklist.stdout.hasPrefix("makeitso: 4 scenarios, 8 actions, 8 of 8 transitions\n"))
        #expect(checklist.stdout.contains("   1. Change title to \"Buy bread\"\n"))
        let unknown = try BinaryRunner.run(["generate", "one-handd"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown policy 'one-handd'. Did you mean 'one-handed'?"))
        let compareUnknown = try BinaryRunner.run(["compare", "makeitso", "nope"])
        #expect(compareUnknown.status == 2)
        #expect(compareUnknown.stderr.contains("unknown policy 'nope'"))
    }

    @Test(
        "generate on a custom form policy (issue 28's compose sheet) reaches every transition and exits 0; one with a state nothing leads to exits 1"
    )
    func customFormPolicy() throws {
        let fixture = "Tests/ConformKitTests/Fixtures/compose/compose.yaml"
        let generated = try BinaryRunner.run(["generate", "compose", "--policies", fixture])
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(generated.stdout.hasPrefix("compose: 3 scenarios, 12 actions, 8 of 8 transitions\n"))
        #expect(!generated.stdout.contains("title"))
        let scratch = try Scratch()
        let text = try String(contentsOf: BinaryRunner.packageRoot.appendingPathComponent(fixture), encoding: .utf8)
        try (text + "  archived:\n    on:\n      tap cancel: discarded\n").write(
            to: scratch.url.appendingPathComponent("compose.yaml"), atomically: true, encoding: .utf8)
        let unreachable = try BinaryRunner.run(["generate", "compose", "--policies", "compose.yaml"], in: scratch.url)
        #expect(unreachable.status == 1)
        #expect(unreachable.stdout.contains("\nUnreachable: nothing leads to state 'archived' from 'composing'"))
        #expect(!unreachable.stdout.contains("values tried"))
    }

    @Test("a --policies file that does not load: generate, compare and explain still work and exit 2; --output naming a file exits 2")
    func brokenPolicyFiles() throws {
        let scratch = try Scratch()
        try scratch.write("policies/broken.yaml", "conform: 1\npolicy: broken\ntitle: B\nstates: { a: { on: { tap done: b } } }\n")
        for command in [["generate", "makeitso"], ["compare", "makeitso", "one-handed"], ["explain", "makeitso"]] {
            let output = try BinaryRunner.run(command + ["--policies", "policies"], in: scratch.url)
            #expect(output.status == 2, "\(command)")
            #expect(output.stderr.contains("policies/broken.yaml"), "\(command): \(output.stderr)")
            #expect(!output.stdout.isEmpty, "\(command) still prints its result")
        }
        try scratch.write("taken", "a file")
        let generate = try BinaryRunner.run(["generate", "makeitso", "--output", "taken"], in: scratch.url)
        #expect(generate.status == 2)
        #expect(
            generate.stderr.contains(
                "taken: error: not written: --output is a file, not a folder; give the folder the trace files go to\n"))
        #expect(try String(contentsOf: scratch.url.appendingPathComponent("taken"), encoding: .utf8) == "a file")
    }

    @Test("compare writes traces claiming A that fail B; run shows them passing A and failing B")
    func compareOutputRuns() throws {
        let scratch = try Scratch()
        let compare = try BinaryRunner.run(["compare", "one-handed", "apple-sample", "--output", "cmp"], in: scratch.url)
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(compare.stdout.hasPrefix("one-handed and apple-sample differ: 7 scenarios; the shortest takes 1 action.\n"))
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("cmp").path).sorted()
        #expect(files.count == 6)
        let run = try BinaryRunner.run(["run", "cmp", "--format", "json"], in: scratch.url)
        #expect(run.status == 0, "every trace holds for the policy it claims")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        let againstB = results.filter { $0["policy"] as? String == "apple-sample" }
        #expect(againstB.count == files.count)
        #expect(againstB.allSatisfy { $0["verdict"] as? String == "fail" })
    }

    @Test("compare: no difference exits 0; two domains exit 2; json has the documented fields")
    func compareEdges() throws {
        let same = try BinaryRunner.run(["compare", "makeitso", "makeitso"])
        #expect(same.status == 0)
        #expect(same.stdout.hasPrefix("No difference between makeitso and makeitso:"))
        let domains = try BinaryRunner.run(["compare", "makeitso", "keyboard-listener"])
        #expect(domains.status == 2)
        #expect(domains.stderr.contains("speak different vocabularies"))
        let json = try BinaryRunner.run(["compare", "makeitso", "swiftui-dismiss-disabled", "--format", "json"])
        #expect(json.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["a"] as? String == "makeitso")
        #expect(document["complete"] as? Bool == true)
        let first = try #require((document["differences"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "shows")
        #expect(first["keys"] as? [String] == ["sheet"])
        #expect((first["actions"] as? [Any])?.count == 2)
        #expect(first["failsB"] as? Bool == true)
    }

    /// One run for both coverages: the keyboard pair's difference search takes ~10 s in a debug build.
    @Test(
        "run --coverage on the corpus: every transition of every built-in policy; every pair of claimed policies of one domain, the differences its traces show, and how many tell them apart"
    )
    func corpusCoverage() throws {
        let scratch = try Scratch()
        let output = scratch.url.appendingPathComponent("out")
        let text = try BinaryRunner.run(["run", "Traces/", "--coverage", "--report", "json", "--output", output.path])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Coverage (transitions the traces claiming each policy took)\n"))
        #expect(!text.stdout.contains("not exercised"))
        for (policy, count) in [("one-handed", 11), ("makeitso", 8), ("keyboard-listener", 12), ("iq-keyboard-manager", 16)] {
            #expect(text.stdout.contains("\(count)/\(count) \(policy)\n"), "\(policy)")
        }
        #expect(text.stdout.contains("Where the claimed policies differ"))
        // The corpus has traces that set an edit back (revert-then-swipe-asks, revert-then-done-saves),
        // which is where one-handed's sticky flag and the value-compared policies part.
        #expect(text.stdout.contains("  7/7 apple-sample vs one-handed: 10 traces tell them apart\n"))
        // The keyboard traces (issue 15) show 11 of the 28 differences the search finds within its bound.
        #expect(text.stdout.contains("  11/28 iq-keyboard-manager vs keyboard-listener: 15 traces tell them apart\n      not shown: "))

        // The JSON report is the --format json document (RunCommandTests).
        let json = try Data(contentsOf: output.appendingPathComponent("conform-report.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let pairs = try #require(document["differenceCoverage"] as? [[String: Any]])
        // 7 form policies: 21 pairs; 1 keyboard pair; 1 disclosure pair.
        #expect(pairs.count == 23)
        let contacts = try #require(pairs.first { $0["policies"] as? [String] == ["apple-contacts", "apple-reminders"] })
        #expect(contacts["differences"] as? Int == 3)
        #expect(contacts["shown"] as? Int == 3)
        #expect((contacts["tellingApart"] as? Int ?? 0) > 0)
    }

    @Test("--coverage: the generated suites of two policies show only some of their differences; compare's traces show them all")
    func compareTracesShowEveryDifference() throws {
        let scratch = try Scratch()
        for id in ["one-handed", "apple-sample"] {
            #expect(try BinaryRunner.run(["generate", id, "--output", "suites"], in: scratch.url).status == 0)
        }
        func shown() throws -> (shown: Int, differences: Int) {
            let run = try BinaryRunner.run(["run", "suites", "--coverage", "--format", "json"], in: scratch.url)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            let pair = try #require((document["differenceCoverage"] as? [[String: Any]])?.first)
            return (pair["shown"] as? Int ?? -1, pair["differences"] as? Int ?? -1)
        }
        let suitesOnly = try shown()
        #expect(suitesOnly.shown < suitesOnly.differences, "no generated trace sets the title back, which is where the two part")
        for (a, b) in [("one-handed", "apple-sample"), ("apple-sample", "one-handed")] {
            #expect(try BinaryRunner.run(["compare", a, b, "--output", "suites"], in: scratch.url).status == 0)
        }
        let withCompare = try shown()
        #expect(withCompare.shown == withCompare.differences)
    }
}
