import ConformCore

/// What `conform record` says to the person at each turn: the texts only (the command prints them on
/// standard error). Everything from policies and answers passes through `Terminal.printable`.
public struct RecordingTranscript: Sendable {
    public let terminal: Terminal

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    public func opening(policy: String, app: String, path: String) -> String {
        terminal.bold("Recording a trace of \(Terminal.printable(app)) that claims '\(policy)'") + " into \(Terminal.printable(path)).\n"
            + "Answer with a menu number, a step (`swipe: down`, `see: { done: enabled }`), an empty line to accept\n"
            + "what the policy predicts, `note: TEXT` or `evidence: PATH` for the last step, or `.` to finish.\n"
    }

    /// The question of one turn: the prediction (if any) and the menu, then the prompt.
    public func turn(number: Int, policy: String, state: String, prediction: Observation?, menu: [Action]) -> String {
        var lines = [""]
        if let prediction {
            let seen = TraceYAML.observation(prediction)
            lines.append("Step \(number): '\(policy)' predicts the screen shows")
            lines.append("    " + terminal.bold(Terminal.printable(seen)))
            if seen.contains(" action)\"") {
                lines.append("  (a title in parentheses is a role whose words no source gives: type the sheet as it shows,")
                lines.append("   e.g. `see: { sheet: { actions: [{ title: Delete, role: destructive }, { title: Cancel, role: cancel }] } }`)")
            }
            lines.append("  Enter: it does · or type what it shows (`see: { ... }`) · or the next action:")
        } else {
            lines.append("Step \(number): what did the person do? (state '\(Terminal.printable(state))')")
        }
        let width = String(menu.count).count
        for (index, action) in menu.enumerated() {
            let label = String(index + 1)
            lines.append("  " + String(repeating: " ", count: width - label.count) + label + "  " + Terminal.printable(TraceYAML.action(action)))
        }
        if menu.isEmpty { lines.append("  (the policy allows no action here; `present: SCREEN` reopens the form)") }
        lines.append("  .  finish")
        return lines.joined(separator: "\n") + "\n> "
    }

    /// - Parameter departure: where the trace now departs from `policy`, when this step made it depart.
    public func recorded(_ step: Step, policy: String, departure: String?) -> String {
        var text = "  recorded step \(step.number): " + Terminal.printable(Self.text(step)) + "\n"
        if let departure {
            text += "  " + terminal.yellow("the trace now departs from '\(policy)'") + " " + Terminal.printable(departure) + "\n"
        }
        return text
    }

    public func annotated(_ step: Step) -> String {
        let parts = [step.note.map { "note: \($0)" }, step.evidence.map { "evidence: \($0)" }].compactMap { $0 }
        return "  step \(step.number) now has " + parts.map(Terminal.printable).joined(separator: ", ") + "\n"
    }

    public func rejected(_ reason: String) -> String {
        "  " + terminal.red("not recorded:") + " " + Terminal.printable(reason) + "\n> "
    }

    /// - Parameter departure: where the trace departs from `policy`, if it does.
    public func closing(steps: Int, path: String, policy: String, departure: String?) -> String {
        var text = "\nWrote \(Plural.count(steps, "step")) to \(Terminal.printable(path)).\n"
        if steps == 0 {
            // A claim checked on no step holds on nothing: run and lint refuse such a trace.
            text += terminal.yellow("It has no steps, so it cannot be checked yet") + ": record at least one step (conform run refuses a trace without steps)\n"
        } else if let departure {
            text += terminal.yellow("It departs from '\(policy)'") + " " + Terminal.printable(departure) + "\n"
        } else {
            text += terminal.green("It conforms to '\(policy)'") + ". Check it with: conform run \(Terminal.printable(path))\n"
        }
        return text
    }

    private static func text(_ step: Step) -> String {
        switch step.kind {
        case .action(let action): return TraceYAML.action(action)
        case .see(let observation): return TraceYAML.observation(observation)
        }
    }
}
