import ConformCore
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
}
