import ConformCore
import ConformLoading
import ConformReports
import Foundation
import Testing

@testable import ConformKit

/// The JSON report's `state` is `Departure.state` as it is (Docs/Checking.md, "Which state `state` names"):
/// these pin the three cases the docs name, against the policy `conform init` writes.
@Suite("Kit: The state a departure names")
struct DepartureStateTests {
    @Test("an action the policy does not take there: the state it was tried in, before it")
    func refusedAction() throws {
        let verdict = try check(trace("  - edit: { title: Bread }\n  - tap: Cancel\n  - tap: Save\n"), against: ProjectStarter.policy)
        #expect(
            summary(verdict)
                == "fail step 3 line 6 [confirm-discard]: tap Save while a sheet is shown (only choose may follow)")
    }

    @Test("an observation that differs: the state the actions before it led to")
    func differingObservation() throws {
        let verdict = try check(trace("  - edit: { title: Bread }\n  - see: { done: disabled }\n"), against: ProjectStarter.policy)
        #expect(summary(verdict) == "fail step 2 line 5 [editing]: expected done: enabled, saw done: disabled")
    }

    @Test("a sheet missing after an action, reported at the action: the state after it, which shows the sheet")
    func missingSheet() throws {
        let verdict = try check(
            trace("  - edit: { title: Bread }\n  - tap: Cancel\n  - see: { sheet: none }\n"), against: ProjectStarter.policy)
        #expect(
            summary(verdict)
                == "fail step 2 line 5 [confirm-discard]: after step 2 tap Cancel, expected a sheet offering 'Discard Changes' (destructive) and 'Keep Editing' (cancel); no sheet was shown"
        )
    }

    @Test("the JSON report's state is the same: at an action, at a see, and at a missing sheet")
    func jsonState() throws {
        let (starter, problems) = PolicyLoader().load(Array(ProjectStarter.policy.utf8), file: "starter.yaml")
        let policy = try #require(starter, "\(problems.map(\.message))")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-state-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = [
            "refused": "  - edit: { title: Bread }\n  - tap: Cancel\n  - tap: Save\n",
            "differs": "  - edit: { title: Bread }\n  - see: { done: disabled }\n",
            "missing": "  - edit: { title: Bread }\n  - tap: Cancel\n  - see: { sheet: none }\n",
        ]
        for (name, steps) in traces {
            let yaml = "conform: 1\ntrace: \(name)\npolicy: my-app-edit-form\nform: { title: Milk }\nsteps:\n" + steps
            try yaml.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        }
        let library = PolicyLibrary(policies: [policy])
        let result = ConformRunner(library: library).run(.init(paths: [folder.path], keepSteps: true))
        let json = try ReportFormat.json.render(ReportInput(result: result, context: RunContext(policies: [policy], version: "0")))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        var states: [String: String] = [:]
        for entry in results { states["\(entry["trace"] ?? "")"] = "step \(entry["step"] ?? "") \(entry["state"] ?? "")" }
        #expect(states == ["refused": "step 3 confirm-discard", "differs": "step 2 editing", "missing": "step 2 confirm-discard"])
    }
}
