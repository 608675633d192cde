/// What a replay reads of a policy, worked out once when the policy is made: policies are loaded once a
/// run, and each is replayed against thousands of traces. States by position, each state's expectations
/// merged and found by observation key without hashing, transitions with their verbs as numbers, names in
/// expressions resolved, the vocabulary's form words as bits.
///
/// A class with constant contents: a replay holds one reference, not a copy of the policy.
final class PolicyTables: Sendable {
    let id: String
    let isFormDomain: Bool
    let buttons: [String: String]
    let vocabulary: Vocabulary
    /// The policy's states as written (departures quote them).
    let source: [PolicyState]
    let states: [StateTable]
    let index: [String: Int]
    let initialState: String
    let initialIndex: Int?
    /// Variables by slot: the declared ones (the last declaration of a name wins), then names that
    /// transitions set without declaring them, which start unset.
    let slots: [String: Int]
    let initialVariables: [Value?]
    /// The bar buttons' labels in `FormDomain.buttonRoles` order, with their observation keys' slots.
    let buttonLabels: [(role: String, slot: Int, label: String)]
    /// The form words the vocabulary knows (bits of `FormWords`).
    let knownFormVerbs: UInt16
    let knownFormKeys: UInt16
    /// Verbs other than the form's, numbered after them (`FormWords.verbCount` and up).
    let otherVerbs: [String: Int]
    /// Why a trace is inapplicable when the first word this policy does not know is a form word used at step
    /// 1 to 4 (`Applicability`'s sentence), for each form word (verbs, then keys): a form trace gets such a
    /// sentence from every policy of another domain, nearly always for its first step.
    private let formSentences: [String]
    private static let sentenceSteps = 4

    /// One state, ready for replay. A class, so that reading one of its parts does not copy all the others.
    final class StateTable: Sendable {
        let name: String
        let isFinal: Bool
        let showsSheet: Bool
        /// The merged expectations (the state's over the defaults over the form domain's).
        let expectations: [String: Expectation]
        /// The same, found by key: the form's keys by `FormWords` slot, other keys by name.
        let formExpectations: [CompiledExpectation?]
        /// Which of `formExpectations` are there, as bits by slot: asking a slot copied its expectation.
        let formKeysExpected: UInt16
        let otherExpectations: [String: CompiledExpectation]
        /// The state's own `saved:` (not the merged one): whether a final state saved, when the form opens again.
        let saved: CompiledExpression?
        let transitions: [TransitionTable]
        let ignored: [(verb: Int, argument: String?)]
        /// What the expectations read (`PointKey`, for `run --coverage`).
        let predictionInputs: PredictionInputs

        init(
            name: String, isFinal: Bool, showsSheet: Bool, expectations: [String: Expectation], formExpectations: [CompiledExpectation?],
            otherExpectations: [String: CompiledExpectation], saved: CompiledExpression?, transitions: [TransitionTable],
            ignored: [(verb: Int, argument: String?)], predictionInputs: PredictionInputs
        ) {
            self.name = name
            self.isFinal = isFinal
            self.showsSheet = showsSheet
            self.expectations = expectations
            self.formExpectations = formExpectations
            var expected: UInt16 = 0
            for slot in formExpectations.indices where formExpectations[slot] != nil { expected |= 1 << slot }
            formKeysExpected = expected
            self.otherExpectations = otherExpectations
            self.saved = saved
            self.transitions = transitions
            self.ignored = ignored
            self.predictionInputs = predictionInputs
        }

        func expectation(for key: String) -> CompiledExpectation? {
            if let slot = FormWords.keySlot(key) { return formExpectations[slot] }
            return otherExpectations.isEmpty ? nil : otherExpectations[key]
        }

        /// Whether the state expects anything of `key`: `expectation(for:) != nil` without copying it.
        func expects(_ key: String) -> Bool {
            if let slot = FormWords.keySlot(key) { return formKeysExpected & (1 << slot) != 0 }
            return !otherExpectations.isEmpty && otherExpectations.index(forKey: key) != nil
        }
    }

    struct TransitionTable: Sendable {
        let verb: Int
        let argument: String?
        let branches: [BranchTable]
    }

    struct BranchTable: Sendable {
        let condition: CompiledExpression?
        let updates: [(slot: Int, value: CompiledExpression)]
        let target: String
        let targetIndex: Int?
    }

    /// The transition at `place`, as a path names it (`step` is the action's step).
    func takenTransition(_ place: TransitionPlace, step: Int) -> TakenTransition {
        TakenTransition(
            step: step, from: states[place.state].name, pattern: source[place.state].transitions[place.transition].pattern,
            branch: place.branch, to: states[place.state].transitions[place.transition].branches[place.branch].target)
    }

    /// The transition at `place`, as coverage names it.
    func transitionID(_ place: TransitionPlace) -> TransitionID {
        TransitionID(
            state: states[place.state].name, pattern: source[place.state].transitions[place.transition].pattern, branch: place.branch)
    }

    enum CompiledExpectation: Sendable {
        case value(CompiledExpression)
        case sheet(SheetExpectation)
    }

    init(
        id: String, domain: String, vocabulary: Vocabulary, buttons: [String: String], variables: [VariableDeclaration],
        initialState: String, states: [PolicyState], defaults: [String: Expectation]
    ) {
        self.id = id
        isFormDomain = domain == FormDomain.name
        self.buttons = buttons
        self.vocabulary = vocabulary
        source = states
        let index = Dictionary(states.enumerated().map { ($1.name, $0) }) { first, _ in first }
        self.index = index
        self.initialState = initialState
        initialIndex = index[initialState]

        var slots: [String: Int] = [:]
        var initial: [Value?] = []
        for variable in variables {
            if let slot = slots[variable.name] {
                initial[slot] = variable.initial
            } else {
                slots[variable.name] = initial.count
                initial.append(variable.initial)
            }
        }
        for state in states {
            for transition in state.transitions {
                for branch in transition.branches {
                    for update in branch.updates where slots[update.variable] == nil {
                        slots[update.variable] = initial.count
                        initial.append(nil)
                    }
                }
            }
        }
        self.slots = slots
        initialVariables = initial

        buttonLabels = FormDomain.buttonRoles.compactMap { role in
            guard let label = buttons[role] ?? FormDomain.defaultLabels[role], let slot = FormWords.keySlot(role) else { return nil }
            return (role, slot, label)
        }
        var verbs: UInt16 = 0
        var others: [String: Int] = [:]
        func verbNumber(_ verb: String) -> Int {
            if let number = FormWords.verbNumber(verb) { return number }
            if let number = others[verb] { return number }
            others[verb] = FormWords.verbCount + others.count
            return others[verb] ?? 0
        }
        for verb in vocabulary.actions.keys.sorted() {
            if let number = FormWords.verbNumber(verb) { verbs |= 1 << number } else { _ = verbNumber(verb) }
        }
        var keys: UInt16 = 0
        for key in vocabulary.observations.keys {
            if let slot = FormWords.keySlot(key) { keys |= 1 << slot }
        }
        knownFormVerbs = verbs
        knownFormKeys = keys
        var sentences: [String] = []
        for (number, verb) in FormWords.verbs.enumerated() {
            for step in 1...Self.sentenceSteps {
                sentences.append(verbs & (1 << number) != 0 ? "" : Applicability.sentence(step, "uses", verb, id))
            }
        }
        for (slot, key) in FormWords.keys.enumerated() {
            for step in 1...Self.sentenceSteps {
                sentences.append(keys & (1 << slot) != 0 ? "" : Applicability.sentence(step, "observes", key, id))
            }
        }
        formSentences = sentences

        let isFormDomain = self.isFormDomain
        self.states = states.map { state in
            var merged: [String: Expectation] = [:]
            if isFormDomain {
                merged["sheet"] = .sheet(.none)
                merged["dismissed"] = .value(Literal.bool(state.isFinal))
            }
            if !state.isFinal { merged.merge(defaults) { $1 } }
            merged.merge(state.expectations) { $1 }
            var formExpectations = [CompiledExpectation?](repeating: nil, count: FormWords.keys.count)
            var otherExpectations: [String: CompiledExpectation] = [:]
            for (key, expectation) in merged {
                let compiled: CompiledExpectation
                switch expectation {
                case .value(let source): compiled = .value(CompiledExpression(source.expression, slots: slots))
                case .sheet(let sheet): compiled = .sheet(sheet)
                }
                if let slot = FormWords.keySlot(key) { formExpectations[slot] = compiled } else { otherExpectations[key] = compiled }
            }
            var showsSheet = false
            if case .sheet(let sheet)? = merged["sheet"] { showsSheet = sheet.isShown }
            var saved: CompiledExpression?
            if state.isFinal, case .value(let source)? = state.expectations["saved"] {
                saved = CompiledExpression(source.expression, slots: slots)
            }
            let transitions = state.transitions.map { transition in
                TransitionTable(
                    verb: verbNumber(transition.pattern.verb), argument: transition.pattern.argument,
                    branches: transition.branches.map { branch in
                        BranchTable(
                            condition: branch.condition.map { CompiledExpression($0.expression, slots: slots) },
                            updates: branch.updates.map {
                                (slots[$0.variable] ?? 0, CompiledExpression($0.value.expression, slots: slots))
                            },
                            target: branch.target, targetIndex: index[branch.target])
                    })
            }
            return StateTable(
                name: state.name, isFinal: state.isFinal, showsSheet: showsSheet, expectations: merged, formExpectations: formExpectations,
                otherExpectations: otherExpectations, saved: saved, transitions: transitions,
                ignored: state.ignored.map { (verbNumber($0.verb), $0.argument) }, predictionInputs: PredictionInputs(merged, slots: slots))
        }
        otherVerbs = others
    }

    /// `Applicability`'s sentence for the form word `formWord` (a verb's number, or `FormWords.verbCount`
    /// plus a key's slot), which this policy does not know, first used at step `number`.
    func sentence(_ number: Int, formWord: Int) -> String {
        if number >= 1, number <= Self.sentenceSteps { return formSentences[formWord * Self.sentenceSteps + number - 1] }
        let isVerb = formWord < FormWords.verbCount
        let word = isVerb ? FormWords.verbs[formWord] : FormWords.keys[formWord - FormWords.verbCount]
        return Applicability.sentence(number, isVerb ? "uses" : "observes", word, id)
    }

    /// The number of an action's verb: a form verb's place, another verb's number here, or -1 for a verb
    /// no transition of this policy names.
    func verbNumber(of action: Action) -> Int {
        switch action {
        case .edit: return FormWords.edit
        case .tap: return FormWords.tap
        case .swipe: return FormWords.swipe
        // A tap outside a sheet is its cancel action: transitions keyed by `choose` take it.
        case .choose, .tapOutside: return FormWords.choose
        case .present: return FormWords.present
        case .custom(let verb, _): return FormWords.verbNumber(verb) ?? otherVerbs[verb] ?? -1
        }
    }
}

/// The form domain's verbs and observation keys as small numbers, found from a word's length and a
/// comparison or two: cheaper than hashing it, for the words a replay meets at every step.
enum FormWords {
    static let verbs = ["edit", "tap", "swipe", "choose", "present"]
    static let verbCount = verbs.count
    static let edit = 0, tap = 1, swipe = 2, choose = 3, present = 4
    static let keys = ["done", "cancel", "sheet", "dismissed", "saved", "form"]
    static let done = 0, cancel = 1, sheet = 2, dismissed = 3, saved = 4, form = 5

    /// The number of an action's verb when it is a form verb.
    static func verbNumber(of action: Action) -> Int? {
        switch action {
        case .edit: return edit
        case .tap: return tap
        case .swipe: return swipe
        case .choose, .tapOutside: return choose
        case .present: return present
        case .custom(let verb, _): return verbNumber(verb)
        }
    }

    static func verbNumber(_ word: String) -> Int? {
        // By length, then one or two comparisons (an equal short string compares in one step).
        switch word.utf8.count {
        case 4: return word == "edit" ? edit : nil
        case 3: return word == "tap" ? tap : nil
        case 5: return word == "swipe" ? swipe : nil
        case 6: return word == "choose" ? choose : nil
        case 7: return word == "present" ? present : nil
        default: return nil
        }
    }

    static func keySlot(_ word: String) -> Int? {
        switch word.utf8.count {
        case 4: return word == "done" ? done : word == "form" ? form : nil
        case 6: return word == "cancel" ? cancel : nil
        case 5: return word == "sheet" ? sheet : word == "saved" ? saved : nil
        case 9: return word == "dismissed" ? dismissed : nil
        default: return nil
        }
    }
}

/// A transition taken, by its position in the tables: three numbers to pass around during a replay, named
/// (`PolicyTables.takenTransition`, `transitionID`) only where a path or a disagreement needs the names.
struct TransitionPlace: Sendable {
    var state: Int
    var transition: Int
    var branch: Int
}
