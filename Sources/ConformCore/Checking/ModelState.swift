/// Where a policy's model stands while a trace is replayed: its control state, its variables and,
/// for forms, the built-ins the trace supplies.
struct ModelState: Hashable {
    var state: String
    /// The position of `state` in the policy's states (`nil` when it names none).
    var index: Int?
    var variables: [String: Value]
    /// Field values when the form (last) opened.
    var baseline: [String: Value]
    /// Field values now (the opening ones, then as edited).
    var fields: [String: Value]
    /// Sticky: some edit happened since the form opened.
    var edited = false
    /// The fields that differ from their value when the form opened, kept as edits come so that
    /// `modified` costs nothing however wide the form (200,000 fields and 20,000 edits stay linear).
    private var differing: Set<String> = []
    /// The titles of sheet actions mapped to the roles the trace gave them in its latest `see` naming them.
    var learnedRoles: [String: SheetRole] = [:]
    /// Source of the distinct values that `edit: FIELD` stands for.
    var nextOpaque = 0
    /// The trace's `settings:`, read as `settings.NAME`.
    let settings: [String: Value]

    init(policy: Policy, trace: Trace) {
        state = policy.initialState
        index = policy.stateIndex(named: policy.initialState)
        variables = Self.initialVariables(policy)
        baseline = trace.form
        fields = trace.form
        settings = trace.settings
    }

    /// True while some field differs from its value when the form opened (a field whose opening
    /// value the trace does not give counts as changed once edited).
    var modified: Bool { !differing.isEmpty }

    /// Applies an edit to the fields and the sticky flag.
    mutating func apply(_ edits: [FieldEdit]) {
        for edit in edits {
            let value: Value
            if let given = edit.value {
                value = given
            } else {
                nextOpaque += 1
                value = .opaque(nextOpaque)
            }
            fields[edit.field] = value
            if let original = baseline[edit.field], value.matches(original) {
                differing.remove(edit.field)
            } else {
                differing.insert(edit.field)
            }
        }
        edited = true
    }

    /// The form opens again: after a save it shows the saved values, after a discard the old ones.
    mutating func reopen(policy: Policy, saved: Bool) {
        if saved { baseline = fields } else { fields = baseline }
        differing = []
        edited = false
        state = policy.initialState
        index = policy.stateIndex(named: policy.initialState)
        variables = Self.initialVariables(policy)
    }

    /// A policy built in code may repeat a name; the last declaration wins rather than trapping.
    private static func initialVariables(_ policy: Policy) -> [String: Value] {
        Dictionary(policy.variables.map { ($0.name, $0.initial) }) { _, last in last }
    }

    /// The value of a name in an expression; `nil` when the name is an enumeration case.
    func lookup(_ name: String, argument: ActionArgument?) -> Value? {
        if let value = variables[name] { return value }
        switch name {
        case "edited": return .bool(edited)
        case "modified": return .bool(modified)
        case "arg":
            if case .scalar(let value)? = argument { return value }
            return .null
        default: break
        }
        if name.hasPrefix("form.") {
            let field = String(name.dropFirst(5))
            return fields[field] ?? .null
        }
        if name.hasPrefix("arg."), case .record(let values)? = argument {
            let parameter = String(name.dropFirst(4))
            return values.first { $0.name == parameter }?.value ?? .null
        }
        if name.hasPrefix("settings.") {
            return settings[String(name.dropFirst(9))] ?? .null
        }
        return nil
    }
}
