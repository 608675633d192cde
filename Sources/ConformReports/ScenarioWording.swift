import ConformCore

/// Actions and observations in the words a tester follows on a device: `Tap "Done"`, `Done is greyed out`.
public struct ScenarioWording: Sendable {
    /// Labels of the bar buttons by role, for the policy whose view is described.
    public var buttons: [String: String]
    /// The form's fields when it opens: an edit back to one of these values is worded as such.
    public var form: [String: Value]

    public init(policy: Policy, form: [String: Value] = [:]) {
        buttons = FormDomain.defaultLabels.merging(policy.buttons) { $1 }
        self.form = form
    }

    public func action(_ action: Action) -> String {
        switch action {
        case .edit(let edits):
            return edits.map { edit in
                guard let value = edit.value else { return "Change \(edit.field)" }
                let back = form[edit.field].map { $0.matches(value) } ?? false
                // Empty and null are both a cleared field on screen; a trace tells them apart.
                if value == .string("") { return "Clear \(edit.field)" + (back ? " (empty, as when the form opened)" : " (empty)") }
                if value == .null { return "Clear \(edit.field) (no value: null)" }
                if back {
                    return "Set \(edit.field) back to \(quoted(value)) (its value when the form opened)"
                }
                return "Change \(edit.field) to \(quoted(value))"
            }.joined(separator: "; ")
        case .tap(let label): return "Tap \(quoted(label))"
        case .tapOutside: return "Tap outside the action sheet (its cancel action)"
        case .swipe("down"): return "Swipe the form down"
        case .swipe(let direction): return "Swipe \(direction)"
        case .choose(let title):
            if PolicySimulator.isPlaceholder(title) {
                return "Choose the \(title.dropFirst().dropLast()) in the sheet (its title is not known: write down what it says)"
            }
            return "Choose \(quoted(title)) in the sheet"
        case .present(let screen): return screen.map { "Open \(quoted($0)) again" } ?? "Open the form again"
        case .custom(let verb, .none): return verb
        case .custom(let verb, .scalar(let value)): return "\(verb) \(value.display)"
        case .custom(let verb, .record(let fields)):
            return verb + " (" + fields.map { "\($0.name) \($0.value.display)" }.joined(separator: ", ") + ")"
        }
    }

    /// `Done is greyed out, Cancel is enabled, no action sheet`.
    public func observation(_ observation: Observation) -> String {
        guard !observation.items.isEmpty else { return "nothing to check" }
        return observation.items.map(item).joined(separator: ", ")
    }

    private func item(_ item: ObservedItem) -> String {
        switch (item.key, item.value) {
        case ("done", .scalar(let state)), ("cancel", .scalar(let state)):
            let label = quoted(buttons[item.key] ?? item.key)
            switch state {
            case .symbol("enabled"), .string("enabled"): return "\(label) is enabled"
            case .symbol("disabled"), .string("disabled"): return "\(label) is greyed out"
            case .symbol("absent"), .string("absent"): return "no \(label) button"
            default: return "\(label) is \(state.display)"
            }
        case ("dismissed", .scalar(.bool(let gone))): return gone ? "the form is dismissed" : "the form is still shown"
        case ("saved", .scalar(.bool(let saved))): return saved ? "the changes are saved" : "the changes are discarded"
        case ("sheet", .sheet(let sheet)): return self.sheet(sheet)
        case (let key, .scalar(let value)): return "\(key) \(value.display)"
        case (let key, let value): return "\(key) \(value.display)"
        }
    }

    private func sheet(_ sheet: SheetObservation) -> String {
        switch sheet {
        case .none: return "no action sheet"
        case .shown: return "an action sheet"
        case .details(let title, let message, let actions, let outside):
            var parts: [String] = []
            switch title {
            case .text(let text)?: parts.append("titled \(quoted(text))")
            case .absent?: parts.append("without a title")
            case nil: break
            }
            if case .text(let text)? = message { parts.append("saying \(quoted(text))") }
            if let actions {
                let names = actions.map { action in
                    PolicySimulator.isPlaceholder(action.title) ? "a \(action.role?.rawValue ?? "") action" : quoted(action.title)
                }
                parts.append("offering " + names.joined(separator: ", "))
            }
            if outside { parts.append("that a tap outside cancels") }
            return (["an action sheet"] + parts).joined(separator: " ")
        }
    }

    private func quoted(_ value: Value) -> String {
        if case .string(let text) = value { return quoted(text) }
        return value.display
    }

    /// A text from a policy or the alphabet in double quotes, with JSON's escapes: a quote or a line
    /// break inside cannot break the line it stands in.
    public func quoted(_ text: String) -> String {
        JSONValue.string(text).serialized()
    }
}
