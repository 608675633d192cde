/// The concrete actions an exploration tries in every state: a finite stand-in for everything a person
/// could do on the screen.
///
/// For forms: one field set to a new value and back (value-compared policies tell the two apart),
/// a tap on each bar button's label and on every other label a transition names, the swipe, every
/// sheet action (by title, or by a role placeholder where the source gives none), and reopening.
/// For vocabularies a policy defines: the policy's `examples` for a verb, otherwise every value of its
/// booleans and enumerations and, for numbers, 0 and the constants the policy's expressions use.
public struct ActionAlphabet: Sendable {
    public var actions: [Action]
    /// The form's fields when it opens (form domain).
    public var form: [String: Value]

    /// The field that edits change, its opening value and the new one.
    public static let field = "title"
    public static let openingValue = Value.string("Buy milk")
    public static let newValue = Value.string("Buy bread")
    public static let screen = "Edit form"

    public init(policies: [Policy]) {
        var actions: [Action] = []
        var seen: Set<String> = []
        func add(_ action: Action) {
            if seen.insert(action.json.serialized(pretty: false)).inserted { actions.append(action) }
        }
        let formPolicies = policies.filter(\.isFormDomain)
        if !formPolicies.isEmpty {
            form = [Self.field: Self.openingValue]
            add(.edit([FieldEdit(field: Self.field, value: Self.newValue)]))
            add(.edit([FieldEdit(field: Self.field, value: Self.openingValue)]))
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
        let constants = NumericConstants(policy).values
        return policy.vocabulary.actions.keys.sorted().flatMap { verb -> [Action] in
            let arguments: [ActionArgument]
            if let examples = policy.vocabulary.examples[verb], !examples.isEmpty {
                arguments = examples
            } else {
                arguments = guessedArguments(verb, policy.vocabulary.actions[verb] ?? .none, policy: policy, numbers: constants)
            }
            return arguments.map { Action.custom(verb: verb, argument: $0) }
        }
    }

    /// At most this many arguments are guessed for one verb (a record multiplies its parameters' values).
    static let maximumGuesses = 16

    private static func guessedArguments(_ verb: String, _ spec: ArgumentSpec, policy: Policy, numbers: [Double]) -> [ActionArgument] {
        let words = policy.states.flatMap { state in
            (state.transitions.map(\.pattern) + state.ignored).filter { $0.verb == verb }.compactMap(\.argument)
        }
        func values(_ type: ExprType) -> [Value] {
            switch type {
            case .bool: return [.bool(false), .bool(true)]
            case .number: return numbers.map(Value.number)
            case .enumeration(_, let cases): return cases.map(Value.symbol)
            default: return (words.isEmpty ? ["text"] : words).map(Value.string)
            }
        }
        switch spec {
        case .none, .fields: return [.none]
        case .scalar(let type): return values(type).map(ActionArgument.scalar)
        case .optionalScalar(let type): return values(type).map(ActionArgument.scalar) + [.scalar(.null)]
        case .record(let parameters):
            var records: [[NamedValue]] = [[]]
            for name in parameters.keys.sorted() {
                let options = values(parameters[name] ?? .any)
                records = records.flatMap { record in options.map { record + [NamedValue(name: name, value: $0)] } }
                if records.count > maximumGuesses { records = Array(records.prefix(maximumGuesses)) }
            }
            return records.map(ActionArgument.record)
        }
    }
}

/// 0 and the number literals a policy's guards, updates and expectations use, in ascending order:
/// the values at which a guessed comparison can change its answer.
struct NumericConstants {
    var values: [Double]

    init(_ policy: Policy) {
        var found: Set<Double> = [0]
        var expressions: [Expression] = policy.defaults.values.compactMap(Self.expression)
        for state in policy.states {
            expressions += state.expectations.values.compactMap(Self.expression)
            for branch in state.transitions.flatMap(\.branches) {
                expressions += branch.updates.map(\.value.expression)
                if let condition = branch.condition { expressions.append(condition.expression) }
            }
        }
        for expression in expressions { expression.collectNumbers(into: &found) }
        values = found.sorted()
    }

    private static func expression(_ expectation: Expectation) -> Expression? {
        if case .value(let source) = expectation { return source.expression }
        return nil
    }
}

extension Expression {
    /// Adds every number literal in the expression to `numbers`.
    func collectNumbers(into numbers: inout Set<Double>) {
        switch kind {
        case .literal(.number(let value)): numbers.insert(value)
        case .literal, .name: break
        case .unary(_, let operand): operand.collectNumbers(into: &numbers)
        case .binary(_, let left, let right):
            left.collectNumbers(into: &numbers)
            right.collectNumbers(into: &numbers)
        case .conditional(let a, let b, let c):
            for part in [a, b, c] { part.collectNumbers(into: &numbers) }
        case .call(_, let arguments):
            for argument in arguments { argument.collectNumbers(into: &numbers) }
        }
    }
}
