/// The concrete actions an exploration tries in every state: a finite stand-in for everything a person
/// could do on the screen.
///
/// For forms: every field the policy reads (`form.X`) or declares (`fields:`) set to each value that can
/// change a guard on it (the declared examples, a new value, the literals compared with it, empty,
/// null), the form opening with every such field empty; a policy that names no field gets one stand-in
/// field (`title`) set to a new value and back (value-compared policies tell the two apart). Then a
/// tap on each bar button's label and on every other label a transition names, the swipe, every
/// sheet action (by title, or by a role placeholder where the source gives none), and reopening.
/// For vocabularies a policy defines: the policy's `examples` for a verb, otherwise every value of its
/// booleans and enumerations, the strings the policy's expressions use and, for numbers, 0 and the
/// constants its expressions use, each with its neighbours.
public struct ActionAlphabet: Sendable {
    /// The actions to try, each once, in the order found.
    public var actions: [Action]
    /// The form's fields when it opens (form domain).
    public var form: [String: Value]

    /// The stand-in field that edits change when the policies name none, its opening value and the new one.
    public static let field = "title"
    /// The field's value when the form opens.
    public static let openingValue = Value.string("Buy milk")
    /// The value an edit sets it to.
    public static let newValue = Value.string("Buy bread")
    /// The screen `present` reopens.
    public static let screen = "Edit form"

    /// The alphabet that explores `policies` together: the actions of each, once.
    public init(policies: [Policy]) {
        var actions: [Action] = []
        var seen: Set<String> = []
        func add(_ action: Action) {
            if seen.insert(action.json.serialized(pretty: false)).inserted { actions.append(action) }
        }
        let formPolicies = policies.filter(\.isFormDomain)
        if !formPolicies.isEmpty {
            let fields = FieldValues(formPolicies)
            if fields.names.isEmpty {
                form = [Self.field: Self.openingValue]
                add(.edit([FieldEdit(field: Self.field, value: Self.newValue)]))
                add(.edit([FieldEdit(field: Self.field, value: Self.openingValue)]))
            } else {
                form = fields.opening
                for name in fields.names {
                    // No edit to null: the form opens with every field empty, and on a device clearing an
                    // empty field changes nothing, so a planned `edit: { amount: null }` would depart there.
                    for value in fields.values[name] ?? [] where value != .null { add(.edit([FieldEdit(field: name, value: value)])) }
                }
            }
            for policy in formPolicies { Self.formActions(of: policy).forEach(add) }
            add(.present(Self.screen))
        } else {
            form = [:]
        }
        for policy in policies where !policy.isFormDomain {
            Self.customActions(of: policy).forEach(add)
        }
        self.actions = actions
    }

    private static func formActions(of policy: Policy) -> [Action] {
        var actions: [Action] = []
        for role in FormDomain.buttonRoles {
            if let label = policy.buttons[role] ?? FormDomain.defaultLabels[role] { actions.append(.tap(label)) }
        }
        actions.append(.swipe("down"))
        for state in policy.states {
            for pattern in state.transitions.map(\.pattern) + state.ignored {
                guard let argument = pattern.argument else { continue }
                switch pattern.verb {
                case "tap" where !FormDomain.buttonRoles.contains(argument): actions.append(.tap(argument))
                case "swipe": actions.append(.swipe(argument))
                default: break
                }
            }
            if case .sheet(let sheet)? = policy.expectations(in: state.name)["sheet"] {
                for spec in sheet.actions {
                    actions.append(.choose(spec.title ?? PolicySimulator.placeholderTitle(for: spec.role)))
                }
            }
        }
        return actions
    }

    private static func customActions(of policy: Policy) -> [Action] {
        let constants = PolicyConstants(policy)
        return policy.vocabulary.actions.keys.sorted().flatMap { verb -> [Action] in
            let arguments: [ActionArgument]
            if let examples = policy.vocabulary.examples[verb], !examples.isEmpty {
                arguments = examples
            } else {
                arguments = guessedArguments(verb, policy.vocabulary.actions[verb] ?? .none, policy: policy, constants: constants)
            }
            return arguments.map { Action.custom(verb: verb, argument: $0) }
        }
    }

    /// At most this many arguments are guessed for one verb (a record multiplies its parameters' values).
    static let maximumGuesses = 16

    private static func guessedArguments(_ verb: String, _ spec: ArgumentSpec, policy: Policy, constants: PolicyConstants)
        -> [ActionArgument]
    {
        var words = policy.states.flatMap { state in
            (state.transitions.map(\.pattern) + state.ignored).filter { $0.verb == verb }.compactMap(\.argument)
        }
        for text in constants.strings + ["text"] where !words.contains(text) { words.append(text) }
        func values(_ type: ExprType) -> [Value] {
            switch type {
            case .bool: return [.bool(false), .bool(true)]
            case .number: return constants.numbers.map(Value.number)
            case .enumeration(_, let cases): return cases.map(Value.symbol)
            default: return words.map(Value.string)
            }
        }
        switch spec {
        case .none, .fields: return [.none]
        case .scalar(let type): return values(type).map(ActionArgument.scalar)
        case .optionalScalar(let type): return values(type).map(ActionArgument.scalar) + [.scalar(.null)]
        case .record(let parameters, let optional):
            var records: [[NamedValue]] = [[]]
            // An optional parameter is left out of guesses: give it in `examples` to have it tried.
            for name in parameters.keys.sorted() where !optional.contains(name) {
                let options = values(parameters[name] ?? .any)
                records = records.flatMap { record in options.map { record + [NamedValue(name: name, value: $0)] } }
                if records.count > maximumGuesses { records = Array(records.prefix(maximumGuesses)) }
            }
            return records.map(ActionArgument.record)
        }
    }
}

/// The literals of a policy's guards, updates and expectations: the values at which a guessed
/// comparison can change its answer. Numbers: 0, and each literal with its neighbours one below and
/// one above (`arg.value > 3` needs 3 and 4), ascending. Strings: in the order first used.
struct PolicyConstants {
    var numbers: [Double]
    var strings: [String]

    init(_ policy: Policy) {
        var expressions: [Expression] = policy.defaults.values.compactMap(Self.expression)
        for state in policy.states {
            expressions += state.expectations.values.compactMap(Self.expression)
            for branch in state.transitions.flatMap(\.branches) {
                expressions += branch.updates.map(\.value.expression)
                if let condition = branch.condition { expressions.append(condition.expression) }
            }
        }
        var literals: [Value] = []
        for expression in expressions { expression.collectLiterals(into: &literals) }
        var found: Set<Double> = [0]
        var strings: [String] = []
        for literal in literals {
            switch literal {
            case .number(let number) where number.isFinite: found.formUnion([number - 1, number, number + 1])
            case .string(let text) where !strings.contains(text): strings.append(text)
            default: break
            }
        }
        numbers = found.sorted()
        self.strings = strings
    }

    private static func expression(_ expectation: Expectation) -> Expression? {
        if case .value(let source) = expectation { return source.expression }
        return nil
    }
}

extension Expression {
    /// Appends every literal in the expression to `literals`, left to right.
    func collectLiterals(into literals: inout [Value]) {
        switch kind {
        case .literal(let value): literals.append(value)
        case .name: break
        case .unary(_, let operand): operand.collectLiterals(into: &literals)
        case .binary(_, let left, let right):
            left.collectLiterals(into: &literals)
            right.collectLiterals(into: &literals)
        case .conditional(let a, let b, let c):
            for part in [a, b, c] { part.collectLiterals(into: &literals) }
        case .call(_, let arguments):
            for argument in arguments { argument.collectLiterals(into: &literals) }
        }
    }
}
