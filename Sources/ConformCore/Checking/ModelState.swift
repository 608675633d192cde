/// Where a policy's model stands while a trace is replayed: its control state, its variables and,
/// for forms, the built-ins the trace supplies.
struct ModelState: Hashable {
    var state: String
    /// The position of `state` in the policy's states (`nil` when it names none).
    var index: Int?
    /// The variables' values by the slots `PolicyTables` gives them; `nil` for a name that transitions set
    /// but the policy does not declare, until one sets it.
    var variables: [Value?]
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

    init(policy: Policy, trace: Trace) {
        self.init(tables: policy.tables, form: trace.form)
    }

    init(tables: PolicyTables, form: [String: Value]) {
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
        baseline = form
        fields = form
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
    mutating func reopen(_ tables: PolicyTables, saved: Bool) {
        if saved { baseline = fields } else { fields = baseline }
        differing = []
        edited = false
        state = tables.initialState
        index = tables.initialIndex
        variables = tables.initialVariables
    }
}
