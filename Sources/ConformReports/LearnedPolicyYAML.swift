import ConformCore

/// Writes a learned model as a policy file (Docs/PolicyFormat.md): the form domain, `buttons:` from the
/// labels the traces tap, `sources:` naming every trace, each state and branch citing the traces that
/// pass through it. Every text from a trace is written as a YAML scalar that reads back as itself.
public enum LearnedPolicyYAML {
    /// At most this many traces are cited by one state or branch; its note says how many there are.
    public static let citedTraces = 8

    /// The policy file of `model`, with the id `id`.
    /// - Parameter guardExample: when the guard is undetermined, the first scenario that decides it, in
    ///   `compare`'s words: a comment at the top and the summary name it.
    public static func text(of model: LearnedModel, id: String, guardExample: String? = nil) -> String {
        let question = LearnWording.guardUndetermined(model, example: guardExample)
        var lines = ["conform: 1"]
        // A comment for whoever opens the file; one line, with nothing a YAML reader could take for more.
        if let question { lines.append("# " + oneLine(question)) }
        lines += [
            "policy: \(Escaping.yaml(id))",
            "title: \(Escaping.yaml(title(of: model)))",
            "summary: \(Escaping.yaml(summary(of: model, question: question)))",
            "domain: form",
            "sources:",
        ]
        for (index, trace) in model.traces.enumerated() {
            lines.append("  \(sourceID(index)): \(Escaping.yaml("\(trace.file) (trace \(trace.id))"))")
        }
        if !model.buttons.isEmpty {
            lines.append("buttons:")
            for button in model.buttons { lines.append("  \(button.role): \(Escaping.yaml(button.label))") }
        }
        lines.append("initial: \(Escaping.yaml(model.states.first?.name ?? "editing"))")
        lines.append("states:")
        for state in model.states { lines += self.state(state, editGuard: model.editGuard) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with every control character and line or paragraph separator as a space: a YAML comment ends at
    /// a line break, and YAML 1.1 readers take U+2028 and U+2029 for one.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .lineSeparator, .paragraphSeparator: return " "
                    default: return scalar
                    }
                }))
    }

    static func title(of model: LearnedModel) -> String {
        model.app.map { "\($0), as learnt from its traces" } ?? "A form, as learnt from its traces"
    }

    private static func summary(of model: LearnedModel, question: String?) -> String {
        var text = "Learned by `conform learn` from \(Plural.count(model.traces.count, "trace"))"
        if !model.settings.isEmpty { text += " recorded with settings " + settingsText(model.settings) }
        switch model.editGuard {
        case .modified: text += ". Edits are told apart by whether they leave the form modified (values compared)"
        case .edited: text += ". Once edited, the form stays edited (a sticky flag)"
        case .none: text += ". Edits change nothing the traces show"
        }
        text += "."
        if let question { text += " " + question.prefix(1).uppercased() + question.dropFirst() }
        return text
            + " Each state and branch cites the traces that show it; a branch marked unverified was completed by the learner."
    }

    /// `{ interactiveDismissDisabled: true }`.
    public static func settingsText(_ settings: [String: Value]) -> String {
        "{ " + settings.keys.sorted().map { "\($0): \(settings[$0].map(TraceYAML.value) ?? "null")" }.joined(separator: ", ") + " }"
    }

    static func sourceID(_ index: Int) -> String { "T\(index + 1)" }

    private static func citation(_ traces: [Int], indent: String, what: String) -> [String] {
        guard !traces.isEmpty else { return [] }
        let cited = traces.prefix(citedTraces).map(sourceID)
        var lines = ["\(indent)source: [" + cited.joined(separator: ", ") + "]"]
        if traces.count > citedTraces {
            lines.append(
                "\(indent)note: \(Escaping.yaml("\(Plural.count(traces.count, "trace")) \(what); the first \(citedTraces) are cited"))")
        }
        return lines
    }

    private static func state(_ state: LearnedState, editGuard: EditGuard) -> [String] {
        var lines = ["  \(Escaping.yaml(state.name)):"]
        if state.isFinal { lines.append("    final: true") }
        lines += citation(state.traces, indent: "    ", what: "pass through this state")
        var see: [String] = []
        if let done = state.done { see.append("done: \(Escaping.yaml(done))") }
        if let cancel = state.cancel { see.append("cancel: \(Escaping.yaml(cancel))") }
        if state.isFinal { see.append("dismissed: true") }
        if let saved = state.saved { see.append("saved: \(saved)") }
        let sheet = state.sheet.map(sheetLines) ?? []
        if !see.isEmpty || !sheet.isEmpty {
            lines.append("    see:")
            lines += see.map { "      " + $0 }
            lines += sheet
        }
        guard !state.isFinal, !state.transitions.isEmpty else { return lines }
        // Quoted: YAML 1.1 readers (PyYAML) take a bare `on` for the boolean true (Docs/PolicyFormat.md).
        lines.append("    \"on\":")
        for transition in state.transitions {
            lines.append("      \(Escaping.yaml(transition.pattern.display)):")
            if transition.branches.count == 1, transition.branches[0].condition == nil {
                lines += branch(transition.branches[0], indent: "        ", editGuard: editGuard)
            } else {
                for item in transition.branches {
                    var branchLines = branch(item, indent: "          ", editGuard: editGuard)
                    branchLines[0] = "        - " + branchLines[0].dropFirst(10)
                    lines += branchLines
                }
            }
        }
        return lines
    }

    private static func branch(_ branch: LearnedBranch, indent: String, editGuard: EditGuard) -> [String] {
        var lines: [String] = []
        if let condition = branch.condition { lines.append("\(indent)if: \(Escaping.yaml(condition))") }
        lines.append("\(indent)to: \(Escaping.yaml(branch.target))")
        if branch.inferred {
            lines.append(
                "\(indent)unverified: "
                    + Escaping.yaml("no trace shows it: conform learn assumed that an edit changes nothing but \(assumption(editGuard))")
            )
        } else {
            lines += citation(branch.traces, indent: indent, what: "take this branch")
        }
        return lines
    }

    private static func assumption(_ editGuard: EditGuard) -> String {
        switch editGuard {
        case .modified: return "whether the form is modified"
        case .edited: return "whether the form is edited"
        case .none: return "what the traces show (nothing)"
        }
    }

    private static func sheetLines(_ sheet: SheetExpectation) -> [String] {
        guard case .shown(let title, let message, let actions) = sheet else { return ["      sheet: none"] }
        var lines = ["      sheet:"]
        func text(_ expectation: TextExpectation) -> String? {
            switch expectation {
            case .open: return nil
            case .absent: return "null"
            case .text(let words): return Escaping.yaml(words)
            }
        }
        if let title = text(title) { lines.append("        title: \(title)") }
        if let message = text(message) { lines.append("        message: \(message)") }
        if let actions {
            lines.append("        actions:")
            for action in actions {
                var parts: [String] = []
                if let title = action.title { parts.append("title: \(Escaping.yaml(title))") }
                if let role = action.role { parts.append("role: \(role.rawValue)") }
                lines.append("          - { " + parts.joined(separator: ", ") + " }")
            }
        }
        if lines.count == 1 { return ["      sheet: shown"] }
        return lines
    }
}
