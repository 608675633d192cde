/// Where a policy's model stands while a trace is replayed: its control state, its variables and,
/// for forms, the built-ins the trace supplies.
struct ModelState: Hashable {
    var state: String
    /// The position of `state` in the policy's states (`nil` when it names none).
    var index: Int?
    /// The variables' values by the slots `PolicyTables` gives them; `nil` for a name that transitions set
    /// but the policy does not declare, until one sets it.
    var variables: [Value?]
    /// Field values when the form (last) opened: the trace's `form:` itself until a save, shared, so that a
    /// replay starts without copying a form however wide.
    private var opening: [String: Value]
    /// The fields whose value now is not their opening value (or that had none): exactly those, so that two
    /// models with the same fields compare equal however their edits went.
    private var changed = NameMap<Value>()
    /// Sticky: some edit happened since the form opened.
    var edited = false
    /// How many fields differ from their value when the form opened (by `Value.matches`), kept as edits come
    /// so that `modified` costs nothing however wide the form (200,000 fields and 20,000 edits stay linear).
    private var differing = 0
    /// The titles of sheet actions mapped to the roles the trace gave them in its latest `see` naming them.
    var learnedRoles = NameMap<SheetRole>()
    /// Source of the distinct values that `edit: FIELD` stands for.
    var nextOpaque = 0
    /// The trace's `settings:`, read as `settings.NAME`.
    let settings: [String: Value]

    init(policy: Policy, trace: Trace) {
        self.init(tables: policy.tables, form: trace.form, settings: trace.settings)
    }

    /// The parts of a trace a model keeps, taken apart: passing the whole trace copied it.
    init(tables: PolicyTables, form: [String: Value], settings: [String: Value]) {
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
        opening = form
        self.settings = settings
    }

    /// The value of a name in an expression, `nil` for a name that is an enumeration case, as an evaluation
    /// finds it (`CompiledExpression`; `read` gives the same for a name resolved beforehand).
    /// - Parameter slot: the name's variable slot, if it is a variable (`PolicyTables.slots`).
    func lookup(_ name: String, slot: Int?, argument: ActionArgument?) -> Value? {
        if let slot, let value = variables[slot] { return value }
        switch name {
        case "edited": return .bool(edited)
        case "modified": return .bool(modified)
        case "arg":
            if case .scalar(let value)? = argument { return value }
            return .null
        default: break
        }
        if name.hasPrefix("form.") { return value(of: String(name.dropFirst(5))) ?? .null }
        if name.hasPrefix("arg."), case .record(let values)? = argument {
            let parameter = String(name.dropFirst(4))
            return values.first { $0.name == parameter }?.value ?? .null
        }
        if name.hasPrefix("settings.") { return settings[String(name.dropFirst(9))] ?? .null }
        return nil
    }

    /// The value `lookup` gives the reader's name outside an action.
    func read(_ reader: InputReader) -> Value? {
        if let slot = reader.slot, let value = variables[slot] { return value }
        switch reader.source {
        case .edited: return .bool(edited)
        case .modified: return .bool(modified)
        case .null: return .null
        case .field(let field): return value(of: field) ?? .null
        case .setting(let name): return settings[name] ?? .null
        case .nothing: return nil
        }
    }

    /// A field's value now.
    func value(of field: String) -> Value? {
        changed.isEmpty ? opening[field] : changed[field] ?? opening[field]
    }

    /// True while some field differs from its value when the form opened (a field whose opening
    /// value the trace does not give counts as changed once edited).
    var modified: Bool { differing > 0 }

    /// Applies an edit to the fields and the sticky flag.
    mutating func apply(_ edits: FieldEdits) {
        // By position: iterating an array generically allocates in a debug build, where the replay's
        // allocation test counts (ReplayAllocationTests).
        for index in 0..<edits.count {
            let edit = edits[index]
            let value: Value
            if let given = edit.value {
                value = given
            } else {
                nextOpaque += 1
                value = .opaque(nextOpaque)
            }
            let original = opening[edit.field]
            // The field's change is written and its previous one read in one look-up (an edit is replayed for
            // every pair of a trace).
            let previous = value == original ? changed.removeValue(forKey: edit.field) : changed.updateValue(value, forKey: edit.field)
            // A field differs when its value does not match the opening one; it counts once.
            let wasDiffering = previous.map { !Self.matches($0, original) } ?? false
            let differs = !Self.matches(value, original)
            if wasDiffering != differs { differing += differs ? 1 : -1 }
        }
        edited = true
    }

    private static func matches(_ value: Value, _ original: Value?) -> Bool {
        guard let original else { return false }
        return value.matches(original)
    }

    /// The form opens again: after a save it shows the saved values, after a discard the old ones.
    mutating func reopen(_ tables: PolicyTables, saved: Bool) {
        if saved { changed.forEveryEntry { opening[$0] = $1 } }
        changed = NameMap()
        differing = 0
        edited = false
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
    }
}
