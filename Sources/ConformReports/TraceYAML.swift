import ConformCore

/// Writes actions, observations and whole traces in the trace format, in flow style (`{ done: enabled }`)
/// as people write them by hand. Every text goes through `Escaping.yaml` (a custom verb through
/// `Escaping.yamlKey`).
public enum TraceYAML {
    public static func value(_ value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Value.format(number)
        case .string(let text): return Escaping.yaml(text)
        case .symbol(let word): return Escaping.yaml(word)
        case .opaque: return Escaping.yaml("(a new value)")
        }
    }

    /// `tap: Done`, `edit: { title: Buy bread }`, `keyboard-show: { height: 336 }`, `keyboard-hide:`.
    public static func action(_ action: Action) -> String {
        switch action {
        case .edit(let edits) where edits.count == 1 && edits[0].value == nil:
            // `edit: FIELD`: changed to some new value.
            return "edit: " + Escaping.yaml(edits[0].field)
        case .edit(let edits):
            return "edit: { " + edits.map { "\(Escaping.yaml($0.field)): \($0.value.map(value) ?? "null")" }.joined(separator: ", ") + " }"
        case .tap(let label): return "tap: \(Escaping.yaml(label))"
        case .swipe(let direction): return "swipe: \(Escaping.yaml(direction))"
        case .choose(let title): return "choose: \(Escaping.yaml(title))"
        case .present(let screen): return "present:" + (screen.map { " " + Escaping.yaml($0) } ?? "")
        case .tapOutside(let place): return "\(Action.tapOutsideVerb):" + (place.map { " " + Escaping.yaml($0) } ?? "")
        case .custom(let verb, .none): return "\(Escaping.yamlKey(verb)):"
        case .custom(let verb, .scalar(let argument)): return "\(Escaping.yamlKey(verb)): \(value(argument))"
        case .custom(let verb, .record(let fields)): return "\(Escaping.yamlKey(verb)): " + record(fields)
        }
    }

    /// `see: { done: disabled, sheet: none }`.
    public static func observation(_ observation: Observation) -> String {
        "see: { " + observation.items.map { "\(Escaping.yaml($0.key)): \(observed($0.value))" }.joined(separator: ", ") + " }"
    }

    /// `{ NAME: VALUE, ... }` in flow style, as `form:` and `edit:` are written.
    public static func record(_ fields: [NamedValue]) -> String {
        "{ " + fields.map { "\(Escaping.yaml($0.name)): \(value($0.value))" }.joined(separator: ", ") + " }"
    }

    static func observed(_ value: ObservedValue) -> String {
        switch value {
        case .scalar(let scalar): return self.value(scalar)
        case .fields(let fields): return record(fields.array)
        case .sheet(.none): return "none"
        case .sheet(.shown): return "shown"
        case .sheet(.details(let title, let message, let actions, let outside)):
            var parts: [String] = []
            if let title { parts.append("title: " + text(title)) }
            if let message { parts.append("message: " + text(message)) }
            if let actions { parts.append("actions: [" + actions.map(sheetAction).joined(separator: ", ") + "]") }
            if outside { parts.append("outside: cancel") }
            return "{ " + parts.joined(separator: ", ") + " }"
        }
    }

    /// `Keep Editing`, or `{ title: Keep Editing, role: cancel }` where the role is known.
    static func sheetAction(_ action: SheetActionObservation) -> String {
        action.role.map { "{ title: \(Escaping.yaml(action.title)), role: \($0.rawValue) }" } ?? Escaping.yaml(action.title)
    }

    static func text(_ text: TextObservation) -> String {
        switch text {
        case .absent: return "null"
        case .text(let words): return Escaping.yaml(words)
        }
    }

    /// A whole trace file for a scenario; `app` and `settings` are written when given (`conform learn`'s
    /// suggestions belong to the app they were made for).
    public static func trace(
        id: String, title: String, claims: [String], note: String, form: [String: Value], scenario: Scenario,
        stepNotes: [Int: String] = [:], app: String? = nil, settings: [String: Value] = [:]
    ) -> String {
        var lines = ["conform: 1", "trace: \(Escaping.yaml(id))", "title: \(Escaping.yaml(title))"]
        if let app { lines.append("app: \(Escaping.yaml(app))") }
        // The form's screen, which `present` reopens; other domains name no screen.
        if !form.isEmpty { lines.append("screen: \(Escaping.yaml(ActionAlphabet.screen))") }
        lines += [
            "policy: " + (claims.count == 1 ? Escaping.yaml(claims[0]) : "[" + claims.map(Escaping.yaml).joined(separator: ", ") + "]"),
            "note: \(Escaping.yaml(note))",
        ]
        if !settings.isEmpty {
            lines.append("settings: " + record(settings.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) }))
        }
        if !form.isEmpty {
            lines.append("form: " + record(form.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) }))
        }
        lines.append("steps:")
        if !scenario.opening.items.isEmpty { lines.append("  - " + observation(scenario.opening)) }
        for (index, step) in scenario.steps.enumerated() {
            lines.append("  - " + action(step.action))
            if let note = stepNotes[index] { lines.append("    note: \(Escaping.yaml(note))") }
            if !step.expected.items.isEmpty { lines.append("  - " + observation(step.expected)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
