/// An expression whose names are resolved against one policy once, when the policy is made, so that a
/// replay evaluates it without looking any name up: a variable is a slot, `edited` reads the flag, an
/// enumeration case is its symbol.
///
/// It evaluates exactly as `Evaluator` does with `ModelState.lookup` (the same operators, the same
/// errors, the same order): a variable first, then the built-ins, then `form.FIELD` and `arg.NAME`, and
/// any other name is an enumeration case.
indirect enum CompiledExpression: Sendable {
    case literal(Value)
    /// A variable's slot in `ModelState.variables`; `otherwise` is what the name means while the slot is
    /// empty (a name that transitions set but the policy does not declare).
    case variable(slot: Int, otherwise: CompiledExpression)
    case edited
    case modified
    /// `arg`: the action's scalar argument, else null.
    case argument
    /// `form.FIELD`: the field's current value, else null.
    case field(String)
    /// `arg.NAME`: a parameter of the action's record argument (null when the record lacks it); when the
    /// argument is not a record, `name` is an enumeration case, as an unknown name is.
    case parameter(String, name: String)
    /// `settings.NAME`: the trace's setting, else null.
    case setting(String)
    case symbol(String)
    case unary(UnaryOperator, CompiledExpression)
    case binary(BinaryOperator, CompiledExpression, CompiledExpression)
    case conditional(CompiledExpression, CompiledExpression, CompiledExpression)
    /// A built-in function, found by name when the policy is made (`nil`: no such function, an error
    /// when evaluated, as `Evaluator` gives it).
    case call(String, BuiltinFunction?, [CompiledExpression])

    /// - Parameter slots: the slot of each variable name (declared ones, and any a transition sets).
    init(_ expression: Expression, slots: [String: Int]) {
        switch expression.kind {
        case .literal(let value): self = .literal(value)
        case .name(let name):
            let meaning = Self.builtIn(name)
            self = slots[name].map { .variable(slot: $0, otherwise: meaning) } ?? meaning
        case .unary(let op, let operand): self = .unary(op, CompiledExpression(operand, slots: slots))
        case .binary(let op, let left, let right):
            self = .binary(op, CompiledExpression(left, slots: slots), CompiledExpression(right, slots: slots))
        case .conditional(let condition, let then, let otherwise):
            self = .conditional(
                CompiledExpression(condition, slots: slots), CompiledExpression(then, slots: slots),
                CompiledExpression(otherwise, slots: slots))
        case .call(let name, let arguments):
            self = .call(name, BuiltinFunction(rawValue: name), arguments.map { CompiledExpression($0, slots: slots) })
        }
    }

    /// What a name that is no variable means (`ModelState.lookup` after the variables).
    private static func builtIn(_ name: String) -> CompiledExpression {
        switch name {
        case "edited": return .edited
        case "modified": return .modified
        case "arg": return .argument
        default: break
        }
        if name.hasPrefix("form.") { return .field(String(name.dropFirst(5))) }
        if name.hasPrefix("arg.") { return .parameter(String(name.dropFirst(4)), name: name) }
        if name.hasPrefix("settings.") { return .setting(String(name.dropFirst(9))) }
        return .symbol(name)
    }

    /// The value in `model`, for an action's `argument` (`nil` outside an action).
    /// - Parameter model: `inout` only so that reading it copies nothing; it is not changed.
    func evaluate(_ model: inout ModelState, argument: ActionArgument?) throws(EvaluationError) -> Value {
        switch self {
        case .literal(let value): return value
        case .variable(let slot, let otherwise):
            if let value = model.variables[slot] { return value }
            return try otherwise.evaluate(&model, argument: argument)
        case .edited: return .bool(model.edited)
        case .modified: return .bool(model.modified)
        case .argument:
            if case .scalar(let value)? = argument { return value }
            return .null
        case .field(let field): return model.value(of: field) ?? .null
        case .parameter(let parameter, let name):
            guard case .record(let values)? = argument else { return .symbol(name) }
            // By position: a generic search allocates in a debug build (the replay's allocation test counts there).
            for index in 0..<values.count where values[index].name == parameter { return values[index].value }
            return .null
        case .setting(let name): return model.settings[name] ?? .null
        case .symbol(let name): return .symbol(name)
        case .unary(.not, let operand): return .bool(!(try operand.bool(&model, argument)))
        case .unary(.negate, let operand): return .number(-(try operand.number(&model, argument)))
        case .binary(let op, let left, let right): return try Self.binary(op, left, right, &model, argument)
        case .conditional(let condition, let then, let otherwise):
            return try (try condition.bool(&model, argument) ? then : otherwise).evaluate(&model, argument: argument)
        case .call(let name, let function, let arguments):
            return try Self.call(name, function, arguments, &model, argument)
        }
    }

    /// `Evaluator.call` without an array of the arguments' values: every argument evaluated in order (its
    /// error first), then `min` and `max` folded from the left as `reduce` folds them, `trunc` of the first.
    private static func call(
        _ name: String, _ function: BuiltinFunction?, _ arguments: [CompiledExpression], _ model: inout ModelState,
        _ argument: ActionArgument?
    ) throws(EvaluationError) -> Value {
        var first: Double?
        var folded = 0.0
        for index in 0..<arguments.count {
            let value = try arguments[index].number(&model, argument)
            guard first != nil else {
                first = value
                folded = value
                continue
            }
            switch function {
            case .min?: folded = Swift.min(folded, value)
            case .max?: folded = Swift.max(folded, value)
            case .trunc?, nil: break
            }
        }
        guard let first else { throw EvaluationError("'\(name)' needs an argument") }
        switch function {
        case .min?, .max?: return .number(folded)
        case .trunc?: return .number(first.rounded(.towardZero))
        case nil: throw EvaluationError("unknown function '\(name)'")
        }
    }

    private static func binary(
        _ op: BinaryOperator, _ left: CompiledExpression, _ right: CompiledExpression, _ model: inout ModelState,
        _ argument: ActionArgument?
    ) throws(EvaluationError) -> Value {
        switch op {
        case .and:
            guard try left.bool(&model, argument) else { return .bool(false) }
            return .bool(try right.bool(&model, argument))
        case .or:
            if try left.bool(&model, argument) { return .bool(true) }
            return .bool(try right.bool(&model, argument))
        case .equal:
            return .bool(try left.evaluate(&model, argument: argument).matches(try right.evaluate(&model, argument: argument)))
        case .notEqual:
            return .bool(!(try left.evaluate(&model, argument: argument).matches(try right.evaluate(&model, argument: argument))))
        case .add:
            return try Evaluator.add(try left.evaluate(&model, argument: argument), try right.evaluate(&model, argument: argument))
        default:
            return try Evaluator.arithmetic(op, try left.number(&model, argument), try right.number(&model, argument))
        }
    }

    private func bool(_ model: inout ModelState, _ argument: ActionArgument?) throws(EvaluationError) -> Bool {
        try Evaluator.boolean(try evaluate(&model, argument: argument))
    }

    private func number(_ model: inout ModelState, _ argument: ActionArgument?) throws(EvaluationError) -> Double {
        try Evaluator.numeric(try evaluate(&model, argument: argument))
    }
}
