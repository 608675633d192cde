/// A reference model of one design rule: an extended state machine, loaded from YAML and kept as data
/// so that it can be checked against, explored and compared.
public struct Policy: Sendable {
    public var id: String
    public var file: String
    public var title: String
    public var summary: String
    public let domain: String
    /// Citations by short id, in the order the file gives them.
    public var sources: [NamedText]
    public var vocabulary: Vocabulary
    /// Labels of the bar buttons by role (`done`, `cancel`), for the form domain.
    public var buttons: [String: String]
    public var variables: [VariableDeclaration]
    public var initialState: String
    public let states: [PolicyState]
    /// Expectations that hold in every non-final state unless the state says otherwise.
    public let defaults: [String: Expectation]
    /// States by name and their merged expectations, computed once: the checker asks for them at every step.
    private let lookup: PolicyLookup

    public init(
        id: String, file: String, title: String, summary: String, domain: String, sources: [NamedText],
        vocabulary: Vocabulary, buttons: [String: String], variables: [VariableDeclaration], initialState: String,
        states: [PolicyState], defaults: [String: Expectation]
    ) {
        self.id = id
        self.file = file
        self.title = title
        self.summary = summary
        self.domain = domain
        self.sources = sources
        self.vocabulary = vocabulary
        self.buttons = buttons
        self.variables = variables
        self.initialState = initialState
        self.states = states
        self.defaults = defaults
        self.lookup = PolicyLookup(domain: domain, states: states, defaults: defaults)
    }

    public func state(named name: String) -> PolicyState? {
        lookup.index[name].map { states[$0] }
    }

    /// What the policy expects in a state: the state's own expectations over the policy's defaults
    /// (non-final states only) over the form domain's (no sheet; dismissed exactly in final states).
    public func expectations(in stateName: String) -> [String: Expectation] {
        lookup.index[stateName].map { lookup.expectations[$0] } ?? [:]
    }

    /// Whether the state shows an action sheet.
    public func showsSheet(in stateName: String) -> Bool {
        lookup.index[stateName].map { lookup.showsSheet[$0] } ?? false
    }

    public var isFormDomain: Bool { domain == FormDomain.name }

    // By position in `states`: the checker keeps where the model stands as a position, so that a step
    // costs no lookup by name.

    /// The position of the state named `name` in `states`.
    func stateIndex(named name: String) -> Int? {
        lookup.index[name]
    }

    func expectations(at index: Int) -> [String: Expectation] {
        lookup.expectations[index]
    }

    func showsSheet(at index: Int) -> Bool {
        lookup.showsSheet[index]
    }

    /// What the expectations of the state at `index` read (`PointKey`).
    func predictionInputs(at index: Int) -> PredictionInputs {
        lookup.predictionInputs[index]
    }

    /// Where a branch leads, as a position in `states` (`nil` for a target that names no state).
    func target(state: Int, transition: Int, branch: Int) -> Int? {
        lookup.targets[state][transition][branch]
    }
}

/// A short id and its text: a source citation.
public struct NamedText: Sendable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}

/// A policy variable with its type and initial value.
public struct VariableDeclaration: Sendable {
    public var name: String
    public var type: ExprType
    public var initial: Value
    public var position: TextPosition

    public init(name: String, type: ExprType, initial: Value, position: TextPosition) {
        self.name = name
        self.type = type
        self.initial = initial
        self.position = position
    }
}

/// Provenance of a state or transition: which sources it rests on and whether it is verified.
public struct Provenance: Sendable {
    public var sources: [String]
    /// Why the behaviour is not verified, when it is not (an empty string when the file just says `unverified: true`).
    public var unverified: String?

    public init(sources: [String] = [], unverified: String? = nil) {
        self.sources = sources
        self.unverified = unverified
    }
}

/// A control state: what the screen shows there and what each action leads to.
public struct PolicyState: Sendable {
    public var name: String
    public var position: TextPosition
    /// In the form domain a final state means the form is dismissed: only `present` and `see` follow.
    public var isFinal: Bool
    public var expectations: [String: Expectation]
    public var transitions: [Transition]
    /// Actions that change nothing here (Contacts ignores the swipe).
    public var ignored: [ActionPattern]
    public var provenance: Provenance
    public var note: String?
    /// The provenance and note of an ignored action, when its `ignore` entry gives them
    /// (`- { action: swipe, source: SG-EN, unverified: ... }`).
    public var ignoredDetails: [ActionPattern: Annotation]
    /// Why the sheet this state shows is not verified (`sheet: { ..., unverified: ... }`), its own or
    /// the policy-level `see`'s; `nil` when it is not marked.
    public var sheetUnverified: String?

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
    public var provenance: Provenance
    public var note: String?

    public init(provenance: Provenance = Provenance(), note: String? = nil) {
        self.provenance = provenance
        self.note = note
    }
}

/// `VERB` or `VERB ARGUMENT`: the key of a transition, e.g. `swipe`, `tap done`, `choose Cancel changes`.
public struct ActionPattern: Hashable, Sendable, Codable {
    public var verb: String
    public var argument: String?

    public init(verb: String, argument: String?) {
        self.verb = verb
        self.argument = argument
    }

    public var display: String { argument.map { "\(verb) \($0)" } ?? verb }
}

/// The branches taken on one action pattern in one state; the first whose guard holds is taken.
public struct Transition: Sendable {
    public var pattern: ActionPattern
    public var position: TextPosition
    public var branches: [Branch]

    public init(pattern: ActionPattern, position: TextPosition, branches: [Branch]) {
        self.pattern = pattern
        self.position = position
        self.branches = branches
    }
}

/// One guarded outcome of a transition.
public struct Branch: Sendable {
    public var condition: SourceExpression?
    public var updates: [VariableUpdate]
    /// The next state; the same state when the file gives none.
    public var target: String
    public var position: TextPosition
    public var provenance: Provenance
    public var note: String?

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
    public var variable: String
    public var value: SourceExpression

    public init(variable: String, value: SourceExpression) {
        self.variable = variable
        self.value = value
    }
}

/// The indexes a policy keeps beside its data.
private final class PolicyLookup: Sendable {
    let index: [String: Int]
    let expectations: [[String: Expectation]]
    let showsSheet: [Bool]
    let predictionInputs: [PredictionInputs]
    /// Per state, per transition, per branch: the position of the branch's target.
    let targets: [[[Int?]]]

    init(domain: String, states: [PolicyState], defaults: [String: Expectation]) {
        index = Dictionary(states.enumerated().map { ($1.name, $0) }) { first, _ in first }
        targets = states.map { [index] state in state.transitions.map { $0.branches.map { index[$0.target] } } }
        expectations = states.map { state in
            var merged: [String: Expectation] = [:]
            if domain == FormDomain.name {
                merged["sheet"] = .sheet(.none)
                merged["dismissed"] = .value(Literal.bool(state.isFinal))
            }
            if !state.isFinal { merged.merge(defaults) { $1 } }
            merged.merge(state.expectations) { $1 }
            return merged
        }
        showsSheet = expectations.map { merged in
            if case .sheet(let sheet)? = merged["sheet"] { return sheet.isShown }
            return false
        }
        predictionInputs = expectations.map(PredictionInputs.init)
    }
}
