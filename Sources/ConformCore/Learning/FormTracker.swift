/// Whether a trace's form is modified (fields differ from their opening values) and edited (some edit
/// since it opened), step by step: the checker's own form tracking (`ModelState`), so that the learner
/// splits edits exactly as a replay of the learned policy will.
struct FormTracker {
    private var model: ModelState
    private let tables: PolicyTables

    /// A form opening with `form`'s values.
    init(form: [String: Value]) {
        tables = Self.tables
        model = ModelState(tables: tables, form: form, settings: [:])
    }

    var modified: Bool { model.modified }
    var edited: Bool { model.edited }

    mutating func apply(_ edits: FieldEdits) {
        model.apply(edits)
    }

    /// The form opens again; after a save it shows the saved values (as the checker reopens it).
    mutating func reopen(saved: Bool) {
        model.reopen(tables, saved: saved)
    }

    /// A one-state form policy: the tracking needs a model, not its states.
    private static let tables: PolicyTables = Policy(
        id: "form-tracking", file: "", title: "", summary: "", domain: FormDomain.name, sources: [], vocabulary: .form, buttons: [:],
        variables: [], initialState: "editing",
        states: [
            PolicyState(
                name: "editing", position: .start, isFinal: false, expectations: [:], transitions: [], ignored: [],
                provenance: Provenance(), note: nil)
        ], defaults: [:]
    ).tables
}
