import ConformCore

/// What `conform record` says to the person at each turn: the texts only (the command prints them on
/// standard error). Everything from policies and answers passes through `Escaping.terminal`.
public struct RecordingTranscript: Sendable {
    public let terminal: Terminal

    public init(terminal: Terminal) {
        self.terminal = terminal
    }

    public func opening(policy: String, app: String, path: String) -> String {
        terminal.bold("Recording a trace of \(Escaping.terminal(app)) that claims '\(policy)'") + " into \(Escaping.terminal(path)).\n"
            + "Answer with a menu number, a step (`swipe: down`, `see: { done: enabled }`), an empty line to accept\n"
            + "what the policy predicts, `note: TEXT` or `evidence: PATH` for the last step, `undo` to take back\n"
            + "the last step, or `.` to finish.\n"
    }

    /// The question of one turn: the prediction (if any) and the menu, then the prompt.
    /// - Parameters:
    ///   - departed: the trace departs from `policy`: nothing is predicted, and the state is not the app's.
    ///   - titlesGivenAt: the step whose titles the predicted sheet shows, where the policy knows them by role only.
    public func turn(
        number: Int, policy: String, state: String, prediction: Observation?, menu: [RecordingMenuItem], departed: Bool = false,
        titlesGivenAt: Int? = nil
    ) -> String {
        var lines = [""]
        if let prediction {
            lines.append("Step \(number): '\(policy)' predicts the screen shows")
            lines += predicted(prediction)
            if let titlesGivenAt { lines.append("  (the sheet's titles as given at step \(titlesGivenAt))") }
            lines.append("  Enter: it does · or type what it shows (`see: { ... }`) · or the next action:")
        } else if departed {
            lines.append("Step \(number): what does the screen show (`see: { ... }`), or what did the person do?")
        } else {
            lines.append("Step \(number): what did the person do? (state '\(Escaping.terminal(state))')")
        }
        let width = String(menu.count).count
        for (index, item) in menu.enumerated() {
            let label = String(index + 1)
            lines.append("  " + String(repeating: " ", count: width - label.count) + label + "  " + Self.menuText(item))
        }
        if menu.isEmpty { lines.append("  (the policy allows no action here; `present: SCREEN` reopens the form)") }
        lines.append("  .  finish")
        return lines.joined(separator: "\n") + "\n> "
    }

    /// A question the recorder asks before it records anything else (`RecordingSession.question`).
    /// - Parameter prediction: what the policy predicts the screen shows now.
    public func question(_ question: RecordingQuestion, policy: String, prediction: Observation?) -> String {
        var lines: [String] = []
        switch question {
        case .observation(let before):
            lines.append("  First: what did the screen show before \(Self.pickText(before))?")
            if let prediction {
                lines.append("  '\(policy)' predicts")
                lines += predicted(prediction)
            }
            lines.append("  Enter: it does · or type what it shows (`see: { ... }`) · or `.` to finish")
        case .title(let role, let number, let count, _):
            if number == 1 {
                lines.append(
                    "  '\(policy)' knows \(count == 1 ? "this sheet action" : "these sheet actions") by role only: type the title the screen shows."
                )
            }
            lines.append("  Title of the sheet's \(Self.roleName(role)) (\(number) of \(count)):")
        }
        return lines.joined(separator: "\n") + "\n> "
    }

    /// - Parameters:
    ///   - steps: the steps this answer recorded (an observation asked for, then the action picked before it).
    ///   - departure: where the trace now departs from `policy`, when one of these steps made it depart.
    ///   - skipped: why the action picked before the observation was not recorded, if it was not.
    public func recorded(_ steps: [Step], policy: String, departure: String?, skipped: String? = nil) -> String {
        var text = ""
        for step in steps { text += "  recorded step \(step.number): " + Escaping.terminal(Self.text(step)) + "\n" }
        if let departure {
            text += "  " + terminal.yellow("the trace now departs from '\(policy)'") + " " + Escaping.terminal(departure) + "\n"
            // Said once: from here the policy's model no longer follows the app, so it predicts nothing.
            text +=
                "  From here on nothing is predicted: type what the screen shows (`see: { ... }`) and what the person does"
                + " (`undo` takes back the step).\n"
        }
        if let skipped { text += "  " + terminal.red("not recorded:") + " " + Escaping.terminal(skipped) + "\n" }
        return text
    }

    /// `undo` took back `step`; `remaining` steps are left.
    /// - Parameter departureUndone: the trace departed from `policy` with that step and no longer does.
    public func undone(_ step: Step, remaining: Int, policy: String, departureUndone: Bool) -> String {
        let left = remaining == 0 ? "no step is left" : "\(Plural.count(remaining, "step")) left"
        var text = "  undone: step \(step.number), " + Escaping.terminal(Self.text(step)) + " (\(left))\n"
        if departureUndone { text += "  The trace no longer departs from '\(policy)': its predictions are offered again.\n" }
        return text
    }

    /// `undo` took back the answer in progress, for which no step had been recorded.
    public func withdrawn(_ question: RecordingQuestion) -> String {
        switch question {
        case .observation(let before):
            return "  undone: the pick of \(Self.pickText(before)) (nothing had been recorded for it)\n"
        case .title(_, _, _, let before?):
            return
                "  undone: the sheet's titles given so far and the pick of \(Self.pickText(before)) (nothing had been recorded for them)\n"
        case .title:
            return "  undone: the sheet's titles given so far (nothing had been recorded for them)\n"
        }
    }

    public func annotated(_ step: Step) -> String {
        let parts = [step.note.map { "note: \($0)" }, step.evidence.map { "evidence: \($0)" }].compactMap { $0 }
        return "  step \(step.number) now has " + parts.map(Escaping.terminal).joined(separator: ", ") + "\n"
    }

    /// - Parameter question: the question that stands, asked again in full (its prompt ends the text).
    public func rejected(_ reason: String, question: String? = nil) -> String {
        "  " + terminal.red("not recorded:") + " " + Escaping.terminal(reason) + "\n" + (question ?? "> ")
    }

    /// - Parameters:
    ///   - departure: where the trace departs from `policy`, if it does.
    ///   - unanswered: the question the recording ended on, whose steps were not written.
    ///   - checkArguments: words after `conform run FILE` that load the policy (`--policies DIR`), shell-quoted.
    ///   - everyStepUndone: steps were recorded, and `undo` took every one back.
    public func closing(
        steps: Int, path: String, policy: String, departure: String?, unanswered: RecordingQuestion? = nil, checkArguments: [String] = [],
        everyStepUndone: Bool = false
    ) -> String {
        // A recording with no step writes nothing: an empty trace is refused by run and lint, and a file
        // already at the path is the person's (put back as it was when every step was undone).
        let shown = Escaping.terminal(path)
        var text =
            steps == 0
            ? "\n" + terminal.yellow("Nothing written") + ": "
                + (everyStepUndone
                    ? "every step was undone, so \(shown) is as it was before the recording; record at least one step\n"
                    : "no step was recorded, so \(shown) was not written (a file already there is left as it was); record at least one step\n")
            : "\nWrote \(Plural.count(steps, "step")) to \(shown).\n"
        switch unanswered {
        case .observation(let before)?, .title(_, _, _, let before?)?:
            text += terminal.yellow("Not written") + ": \(Self.pickText(before)), asked before what the screen showed was given\n"
        case .title?:
            text += terminal.yellow("Not written") + ": the sheet whose titles were asked\n"
        case nil:
            break
        }
        if steps == 0 {
            return text
        } else if let departure {
            text += terminal.yellow("It departs from '\(policy)'") + " " + Escaping.terminal(departure) + "\n"
        } else {
            text +=
                terminal.green("It conforms to '\(policy)'") + ". Check it with: conform run "
                + Escaping.terminal(([ShellWord.quoted(path)] + checkArguments).joined(separator: " ")) + "\n"
        }
        return text
    }

    /// A menu entry: the step it records, and what it does where the step alone does not say.
    public static func menuText(_ item: RecordingMenuItem) -> String {
        switch item {
        case .action(let action):
            let step = Escaping.terminal(TraceYAML.action(action))
            // `present:` alone reads as an empty action; it reopens the form, which starts again as it opened.
            if case .present = action { return step + "  (reopens the form as it first opened; unsaved edits are gone)" }
            return step
        case .sheetAction(_, let role):
            return "choose: the sheet's \(roleName(role))  (its title is asked first)"
        }
    }

    /// A picked menu entry within a sentence: `` `swipe: down` ``, or `the person chose the sheet's cancel action`.
    public static func pickText(_ item: RecordingMenuItem) -> String {
        switch item {
        case .action(let action): return "`" + Escaping.terminal(TraceYAML.action(action)) + "`"
        case .sheetAction(_, let role): return "the person chose the sheet's " + roleName(role)
        }
    }

    /// `destructive action`, or `action without a role`.
    public static func roleName(_ role: SheetRole?) -> String {
        role.map { "\($0.rawValue) action" } ?? "action without a role"
    }

    /// A prediction, indented and bold, with a word on the titles it gives by role only.
    private func predicted(_ prediction: Observation) -> [String] {
        let seen = TraceYAML.observation(prediction)
        var lines = ["    " + terminal.bold(Escaping.terminal(seen))]
        if Self.hasPlaceholder(prediction) {
            lines.append("  (a title in parentheses stands for a role whose words no source gives: Enter asks what the screen shows)")
        }
        return lines
    }

    /// Whether a sheet in `observation` names an action by the placeholder of its role, `(destructive action)`.
    public static func hasPlaceholder(_ observation: Observation) -> Bool {
        observation.items.contains { item in
            guard case .sheet(.details(_, _, let actions?, _)) = item.value else { return false }
            return actions.contains { PolicySimulator.isPlaceholder($0.title) }
        }
    }

    private static func text(_ step: Step) -> String {
        switch step.kind {
        case .action(let action): return TraceYAML.action(action)
        case .see(let observation): return TraceYAML.observation(observation)
        }
    }
}
