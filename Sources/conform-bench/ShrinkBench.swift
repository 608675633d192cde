import Foundation

/// The trace `conform shrink` is timed on (Docs/Analyses.md): a long MakeItSo editing session, every
/// observation true to the policy, in rounds of 12 steps (edit, look, swipe, keep editing, revert,
/// cancel, reopen), ending in a swipe whose sheet shows an action MakeItSo does not offer. Shrinking
/// it to the 3 steps that fail the same way has to get through every round.
enum ShrinkBench {
    static let round = [
        "  - edit: { title: Bread }",
        "  - see: { done: enabled, cancel: enabled, sheet: none }",
        "  - swipe: down",
        "  - see: { sheet: { title: null, actions: [Discard Changes, Cancel] } }",
        "  - choose: Cancel",
        "  - see: { sheet: none, dismissed: false }",
        "  - edit: { title: Milk }",
        "  - see: { done: enabled }",
        "  - tap: Cancel",
        "  - see: { dismissed: true, saved: false }",
        "  - present: Edit reminder",
        "  - see: { done: enabled, cancel: enabled }",
    ]

    static let ending = [
        "  - see: { done: enabled }",
        "  - edit: { title: Eggs }",
        "  - swipe: down",
        "  - see: { sheet: { title: null, actions: [Discard Changes, Keep Editing] } }",
    ]

    /// The session as a trace file of exactly `length` steps.
    static func trace(length: Int) -> String {
        var steps: [String] = []
        while steps.count + round.count + ending.count <= length { steps += round }
        while steps.count + ending.count < length { steps.append("  - see: { done: enabled }") }
        steps += ending
        let header = ["conform: 1", "trace: long-session", "app: MakeItSo", "policy: makeitso", "form: { title: Milk }", "steps:"]
        return (header + steps).joined(separator: "\n") + "\n"
    }
}
