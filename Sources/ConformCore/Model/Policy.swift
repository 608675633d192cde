/// A reference model of one design rule: an extended state machine, loaded from YAML and kept as data
/// so that it can be checked against, explored and compared.
public struct Policy: Sendable {
    /// The policy id: what traces claim (`policy:`) and `--policy` names.
    public var id: String {
        get { storage.fields.id }
        set { update { $0.id = newValue } }
    }
    /// The file the policy was loaded from, named in messages about it.
    public var file: String {
        get { storage.fields.file }
        set { update(keepingTables: true) { $0.file = newValue } }
    }
    /// A one-line name (`title:`).
    public var title: String {
        get { storage.fields.title }
        set { update(keepingTables: true) { $0.title = newValue } }
    }
    /// What the policy expects, in prose (`summary:`).
    public var summary: String {
        get { storage.fields.summary }
        set { update(keepingTables: true) { $0.summary = newValue } }
    }
    /// `form` (the fixed form-dismissal vocabulary), or the word of a domain the policy's `vocabulary` defines.
    public var domain: String { storage.fields.domain }
    /// Citations by short id, in the order the file gives them.
    public var sources: [NamedText] {
        get { storage.fields.sources }
        set { update(keepingTables: true) { $0.sources = newValue } }
    }
    /// The verbs and keys the policy can judge; a trace that uses others is `inapplicable` to it.
    public var vocabulary: Vocabulary {
        get { storage.fields.vocabulary }
        set { update { $0.vocabulary = newValue } }
    }
    /// Labels of the bar buttons by role (`done`, `cancel`), for the form domain.
    public var buttons: [String: String] {
        get { storage.fields.buttons }
        set { update { $0.buttons = newValue } }
    }
    /// The policy's own variables, with their types and initial values.
    public var variables: [VariableDeclaration] {
        get { storage.fields.variables }
        set { update { $0.variables = newValue } }
    }
    /// The state the model starts in, and starts again in at every `present`.
    public var initialState: String {
        get { storage.fields.initialState }
        set { update { $0.initialState = newValue } }
    }
    /// The control states, in the file's order.
    public var states: [PolicyState] { storage.fields.states }
    /// The form fields the policy declares it reads (`fields:`), with example values; `nil` when it declares none.
    public var formFields: [FormFieldDeclaration]? {
        get { storage.fields.formFields }
        set { update(keepingTables: true) { $0.formFields = newValue } }
    }
    /// Every `form.FIELD` the policy's expressions read, where it is written: lint compares them with the
    /// fields the traces declare.
    public var fieldReads: [FieldRead] {
        get { storage.fields.fieldReads }
        set { update(keepingTables: true) { $0.fieldReads = newValue } }
    }
    /// Where the file writes the id (the value of `policy:`): a duplicate id is reported there.
    public var idPosition: TextPosition? {
        get { storage.fields.idPosition }
        set { update(keepingTables: true) { $0.idPosition = newValue } }
    }
    /// Where the file writes `initial:`'s value; `nil` when it leaves the first state as the initial one.
    public var initialPosition: TextPosition? {
        get { storage.fields.initialPosition }
        set { update(keepingTables: true) { $0.initialPosition = newValue } }
    }
    /// Expectations that hold in every non-final state unless the state says otherwise.
    public var defaults: [String: Expectation] { storage.fields.defaults }

    /// What the checker reads at every step, worked out once (and again when a property changes).
    var tables: PolicyTables { storage.tables }

    /// The policy's contents, shared by its copies: a policy is copied for every trace and pair in places,
    /// and a copy is then one reference rather than some fifty.
    private var storage: Storage

    private struct Fields: Sendable {
        var id: String
        var file: String
        var title: String
        var summary: String
        var domain: String
        var sources: [NamedText]
        var vocabulary: Vocabulary
        var buttons: [String: String]
        var variables: [VariableDeclaration]
        var initialState: String
        var states: [PolicyState]
        var defaults: [String: Expectation]
        var formFields: [FormFieldDeclaration]? = nil
        var fieldReads: [FieldRead] = []
        var idPosition: TextPosition? = nil
        var initialPosition: TextPosition? = nil
    }

    /// Never changed once made: a change makes a new one (policies are changed rarely, if ever, after loading).
    private final class Storage: Sendable {
        let fields: Fields
        let tables: PolicyTables

        init(_ fields: Fields, tables: PolicyTables? = nil) {
            self.fields = fields
            self.tables =
                tables
                ?? PolicyTables(
                    id: fields.id, domain: fields.domain, vocabulary: fields.vocabulary, buttons: fields.buttons,
                    variables: fields.variables,
                    initialState: fields.initialState, states: fields.states, defaults: fields.defaults)
        }
    }

    /// Changes the fields; `keepingTables` when the change is to a field the tables are not made from
    /// (the loader sets four such after making a policy: making the tables again each time was a
    /// quarter of loading the built-in policies).
    private mutating func update(keepingTables: Bool = false, _ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields, tables: keepingTables ? storage.tables : nil)
    }

    /// A policy from its parts, as the loader makes one; what the checker reads at every step is worked out here.
    public init(
        id: String, file: String, title: String, summary: String, domain: String, sources: [NamedText],
        vocabulary: Vocabulary, buttons: [String: String], variables: [VariableDeclaration], initialState: String,
        states: [PolicyState], defaults: [String: Expectation]
    ) {
        storage = Storage(
            Fields(
                id: id, file: file, title: title, summary: summary, domain: domain, sources: sources, vocabulary: vocabulary,
                buttons: buttons,
                variables: variables, initialState: initialState, states: states, defaults: defaults))
    }

    /// The state with this name, or `nil` when there is none.
    public func state(named name: String) -> PolicyState? {
        tables.index[name].map { states[$0] }
    }

    /// What the policy expects in a state: the state's own expectations over the policy's defaults
    /// (non-final states only) over the form domain's (no sheet; dismissed exactly in final states).
    public func expectations(in stateName: String) -> [String: Expectation] {
        tables.index[stateName].map { tables.states[$0].expectations } ?? [:]
    }

    /// Whether the state shows an action sheet.
    public func showsSheet(in stateName: String) -> Bool {
        tables.index[stateName].map { tables.states[$0].showsSheet } ?? false
    }

    /// Whether the policy speaks the fixed form-dismissal vocabulary (`domain: form`).
    public var isFormDomain: Bool { domain == FormDomain.name }
}

/// A short id and its text: a source citation.
public struct NamedText: Sendable {
    /// The short id that states and branches cite with `source:`.
    public var name: String
    /// The citation.
    public var text: String

    /// A citation with its id.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A policy variable with its type and initial value.
public struct VariableDeclaration: Sendable {
    /// The name expressions read it by.
    public var name: String
    /// Its type.
    public var type: ExprType
    /// The value the model starts with.
    public var initial: Value
    /// Where it is declared.
    public var position: TextPosition

    /// A variable of `type` starting at `initial`, declared at `position`.
    public init(name: String, type: ExprType, initial: Value, position: TextPosition) {
        self.name = name
        self.type = type
        self.initial = initial
        self.position = position
    }
}

/// Provenance of a state or transition: which sources it rests on and whether it is verified.
public struct Provenance: Sendable {
    /// The ids of the policy's `sources` this rests on (`source:`).
    public var sources: [String]
    /// Why the behaviour is not verified, when it is not (an empty string when the file just says `unverified: true`).
    public var unverified: String?

    /// Provenance resting on `sources`; verified unless `unverified` is given.
    public init(sources: [String] = [], unverified: String? = nil) {
        self.sources = sources
        self.unverified = unverified
    }
}

/// A control state: what the screen shows there and what each action leads to.
public struct PolicyState: Sendable {
    /// The state's name, as transitions' `to:` give it.
    public var name: String
    /// Where the state is declared.
    public var position: TextPosition
    /// In the form domain a final state means the form is dismissed: only `present` and `see` follow.
    public var isFinal: Bool
    /// What the state itself says it shows (`see:`), by observation key; `Policy.expectations(in:)` adds the defaults.
    public var expectations: [String: Expectation]
    /// What each action leads to from here (`on:`).
    public var transitions: [Transition]
    /// Actions that change nothing here (Contacts ignores the swipe).
    public var ignored: [ActionPattern]
    /// The sources the state rests on, and whether it is verified.
    public var provenance: Provenance
    /// A comment for people (`note:`).
    public var note: String?
    /// The provenance and note of an ignored action, when its `ignore` entry gives them
    /// (`- { action: swipe, source: SG-EN, unverified: ... }`).
    public var ignoredDetails: [ActionPattern: Annotation]
    /// Why the sheet this state shows is not verified (`sheet: { ..., unverified: ... }`), its own or
    /// the policy-level `see`'s; `nil` when it is not marked.
    public var sheetUnverified: String?

    /// A state from its parts, as the loader makes one.
    public init(
        name: String, position: TextPosition, isFinal: Bool, expectations: [String: Expectation],
        transitions: [Transition], ignored: [ActionPattern], provenance: Provenance, note: String?,
        ignoredDetails: [ActionPattern: Annotation] = [:], sheetUnverified: String? = nil
    ) {
        self.name = name
        self.position = position
        self.isFinal = isFinal
        self.expectations = expectations
        self.transitions = transitions
        self.ignored = ignored
        self.provenance = provenance
        self.note = note
        self.ignoredDetails = ignoredDetails
        self.sheetUnverified = sheetUnverified
    }
}

/// Provenance and a comment attached to a part of a policy that has no other place for them.
public struct Annotation: Sendable {
    /// The sources it rests on, and whether it is verified.
    public var provenance: Provenance
    /// A comment for people.
    public var note: String?

    /// An annotation; by default no sources, verified and no note.
    public init(provenance: Provenance = Provenance(), note: String? = nil) {
        self.provenance = provenance
        self.note = note
    }
}

/// `VERB` or `VERB ARGUMENT`: the key of a transition, e.g. `swipe`, `tap done`, `choose Cancel changes`.
public struct ActionPattern: Hashable, Sendable, Codable {
    /// The action verb.
    public var verb: String
    /// The argument the action must have; `nil` for the bare verb (Docs/PolicyFormat.md says which actions it matches).
    public var argument: String?

    /// A pattern of `verb`, and of `argument` when given.
    public init(verb: String, argument: String?) {
        self.verb = verb
        self.argument = argument
    }

    /// The pattern as a policy file writes it: `swipe`, `tap done`.
    public var display: String { argument.map { "\(verb) \($0)" } ?? verb }
}

/// The branches taken on one action pattern in one state; the first whose guard holds is taken.
public struct Transition: Sendable {
    /// The action the transition is taken on.
    public var pattern: ActionPattern
    /// Where the transition is written.
    public var position: TextPosition
    /// The guarded outcomes, tried in order.
    public var branches: [Branch]

    /// A transition on `pattern` with its branches.
    public init(pattern: ActionPattern, position: TextPosition, branches: [Branch]) {
        self.pattern = pattern
        self.position = position
        self.branches = branches
    }
}

/// One guarded outcome of a transition.
public struct Branch: Sendable {
    /// The guard (`if:`); a branch without one always holds.
    public var condition: SourceExpression?
    /// The variable updates (`set:`) made when the branch is taken.
    public var updates: [VariableUpdate]
    /// The next state; the same state when the file gives none.
    public var target: String
    /// Where the branch is written.
    public var position: TextPosition
    /// The sources the branch rests on, and whether it is verified.
    public var provenance: Provenance
    /// A comment for people.
    public var note: String?

    /// A branch from its parts, as the loader makes one.
    public init(
        condition: SourceExpression?, updates: [VariableUpdate], target: String, position: TextPosition,
        provenance: Provenance, note: String?
    ) {
        self.condition = condition
        self.updates = updates
        self.target = target
        self.position = position
        self.provenance = provenance
        self.note = note
    }
}

extension Branch {
    /// `swipe down [edited]`: the action of a transition, with this branch's condition when it has one.
    public func label(for pattern: ActionPattern) -> String {
        condition.map { "\(pattern.display) [\($0.text)]" } ?? pattern.display
    }
}

/// `set: { NAME: EXPRESSION }`; all right-hand sides see the values from before the transition.
public struct VariableUpdate: Sendable {
    /// The declared variable it sets.
    public var variable: String
    /// The new value, computed from the values before the transition.
    public var value: SourceExpression

    /// An update of `variable` to `value`.
    public init(variable: String, value: SourceExpression) {
        self.variable = variable
        self.value = value
    }
}

/// A form field a policy reads, as its `fields:` declares it: the name, and values to try it with.
public struct FormFieldDeclaration: Sendable {
    /// The field, as `form.NAME` reads it.
    public var name: String
    /// Values to try the field with (`conform generate`, `compare`); they change no verdict.
    public var examples: [Value]
    /// Where the field is declared.
    public var position: TextPosition

    /// A declared field with its examples.
    public init(name: String, examples: [Value], position: TextPosition) {
        self.name = name
        self.examples = examples
        self.position = position
    }
}

/// `form.FIELD` in one of a policy's expressions, and where it is written.
public struct FieldRead: Sendable, Hashable {
    /// The field read (`to` for `form.to`).
    public var field: String
    /// Where `form.FIELD` is written.
    public var position: TextPosition

    /// A read of `field` at `position`.
    public init(field: String, position: TextPosition) {
        self.field = field
        self.position = position
    }
}
