/// Where a policy's model stands while a trace is replayed: its control state, its variables and,
/// for forms, the built-ins the trace supplies.
struct ModelState: Hashable {
    var state: String
    /// The position of `state` in the policy's states (`nil` when it names none).
    var index: Int?
    /// The variables' values by the slots `PolicyTables` gives them; `nil` for a name that transitions set
    /// but the policy does not declare, until one sets it.
    var variables: [Value?]
    /// Each field's value now and when the form (last) opened: one entry a field, so that an edit looks its
    /// field up once. Every field the form opened with has one, and so has every field edited since.
    private(set) var fields: [String: Field]
    /// Sticky: some edit happened since the form opened.
    var edited = false
    /// How many fields differ from their value when the form opened, kept as edits come so that
    /// `modified` costs nothing however wide the form (200,000 fields and 20,000 edits stay linear).
    private var differing = 0
    /// The titles of sheet actions mapped to the roles the trace gave them in its latest `see` naming them.
    var learnedRoles: [String: SheetRole] = [:]
    /// Source of the distinct values that `edit: FIELD` stands for.
    var nextOpaque = 0

    init(policy: Policy, trace: Trace) {
        self.init(tables: policy.tables, form: trace.form)
    }

    init(tables: PolicyTables, form: [String: Value]) {
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
        fields = form.mapValues { Field(value: $0, opening: $0) }
    }

    /// A field's value now, and when the form opened (`nil` when the trace did not give it then).
    struct Field: Hashable {
        var value: Value
        var opening: Value?
        /// Whether the last edit left it different from its opening value (a field without one differs once edited).
        var differs = false
    }

    /// A field's value now.
    func value(of field: String) -> Value? {
        fields[field]?.value
    }

    /// True while some field differs from its value when the form opened (a field whose opening
    /// value the trace does not give counts as changed once edited).
    var modified: Bool { differing > 0 }

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
            // Read and written back: changing the entry in place (`[key, default:]`) allocated twice an edit.
            var field = fields[edit.field] ?? Field(value: value, opening: nil)
            differing += Self.set(&field, to: value)
            fields[edit.field] = field
        }
        edited = true
    }

    /// Sets a field to an edit's value; returns how the number of differing fields changes (-1, 0 or 1).
    private static func set(_ field: inout Field, to value: Value) -> Int {
        field.value = value
        var differs = true
        if let opening = field.opening, value.matches(opening) { differs = false }
        defer { field.differs = differs }
        return field.differs == differs ? 0 : differs ? 1 : -1
    }

    /// The form opens again: after a save it shows the saved values, after a discard the old ones.
    mutating func reopen(_ tables: PolicyTables, saved: Bool) {
        if saved {
            fields = fields.mapValues { Field(value: $0.value, opening: $0.value) }
        } else {
            // The fields edited without an opening value close with the form.
            fields = fields.compactMapValues { field in field.opening.map { Field(value: $0, opening: $0) } }
        }
        differing = 0
        edited = false
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
    }
}
