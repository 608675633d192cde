/// Evaluates a type-checked expression. The only run-time failures left are arithmetic ones
/// (division by zero) and trace-supplied values of an unexpected type; they become the `error` verdict.
public enum Evaluator {
    /// The longest string an expression may make (64 KiB of UTF-8): a policy whose `s + s` doubles a
    /// variable on every step would otherwise exhaust memory in a few dozen steps.
    public static let maximumStringBytes = 65_536
    /// The value of `expression`, or the arithmetic or type failure that stops it.
    /// - Parameter expression: a type-checked expression.
    /// - Parameter lookup: the value of a variable or built-in; `nil` for a name that is an enumeration case.
    public static func evaluate(_ expression: Expression, lookup: (String) -> Value?) throws(EvaluationError) -> Value {
        switch expression.kind {
        case .literal(let value):
            return value
        case .name(let name):
            return lookup(name) ?? .symbol(name)
        case .unary(.not, let operand):
            return .bool(!(try bool(operand, lookup)))
        case .unary(.negate, let operand):
            return .number(-(try number(operand, lookup)))
        case .binary(let op, let left, let right):
            return try binary(op, left, right, lookup)
        case .conditional(let condition, let then, let otherwise):
            return try evaluate(try bool(condition, lookup) ? then : otherwise, lookup: lookup)
        case .call(let name, let arguments):
            var values: [Double] = []
            for argument in arguments { values.append(try number(argument, lookup)) }
            return try call(name, values)
        }
    }

    private static func binary(_ op: BinaryOperator, _ left: Expression, _ right: Expression, _ lookup: (String) -> Value?)
        throws(EvaluationError) -> Value
    {
        switch op {
        case .and:
            guard try bool(left, lookup) else { return .bool(false) }
            return .bool(try bool(right, lookup))
        case .or:
            if try bool(left, lookup) { return .bool(true) }
            return .bool(try bool(right, lookup))
        case .equal: return .bool(try evaluate(left, lookup: lookup).matches(try evaluate(right, lookup: lookup)))
        case .notEqual: return .bool(!(try evaluate(left, lookup: lookup).matches(try evaluate(right, lookup: lookup))))
        case .add: return try add(try evaluate(left, lookup: lookup), try evaluate(right, lookup: lookup))
        default: return try arithmetic(op, try number(left, lookup), try number(right, lookup))
        }
    }

    private static func bool(_ expression: Expression, _ lookup: (String) -> Value?) throws(EvaluationError) -> Bool {
        try boolean(try evaluate(expression, lookup: lookup))
    }

    private static func number(_ expression: Expression, _ lookup: (String) -> Value?) throws(EvaluationError) -> Double {
        try numeric(try evaluate(expression, lookup: lookup))
    }

    // MARK: - The operators, shared with `CompiledExpression`

    /// `min` or `max` of the evaluated arguments.
    static func call(_ name: String, _ values: [Double]) throws(EvaluationError) -> Value {
        guard let first = values.first else { throw EvaluationError("'\(name)' needs an argument") }
        switch BuiltinFunction(rawValue: name) {
        case .min?: return .number(values.dropFirst().reduce(first, Swift.min))
        case .max?: return .number(values.dropFirst().reduce(first, Swift.max))
        case .trunc?: return .number(first.rounded(.towardZero))
        case nil: throw EvaluationError("unknown function '\(name)'")
        }
    }

    /// `+`: strings are joined (within `maximumStringBytes`), anything else is added as numbers.
    static func add(_ a: Value, _ b: Value) throws(EvaluationError) -> Value {
        if case .string(let x) = a, case .string(let y) = b {
            let length = x.utf8.count + y.utf8.count
            guard length <= maximumStringBytes else {
                throw EvaluationError("'+' would make a string of \(length) bytes; strings may have at most \(maximumStringBytes)")
            }
            return .string(x + y)
        }
        return .number(try numeric(a) + numeric(b))
    }

    /// The operators on two numbers: `-`, `*`, `/` and the comparisons.
    static func arithmetic(_ op: BinaryOperator, _ a: Double, _ b: Double) throws(EvaluationError) -> Value {
        switch op {
        case .subtract: return .number(a - b)
        case .multiply: return .number(a * b)
        case .divide:
            guard b != 0 else { throw EvaluationError("division by zero") }
            return .number(a / b)
        case .less: return .bool(a < b)
        case .lessOrEqual: return .bool(a <= b)
        case .greater: return .bool(a > b)
        default: return .bool(a >= b)
        }
    }

    static func boolean(_ value: Value) throws(EvaluationError) -> Bool {
        guard case .bool(let b) = value else { throw EvaluationError("expected a boolean, got \(value.display)") }
        return b
    }

    static func numeric(_ value: Value) throws(EvaluationError) -> Double {
        guard case .number(let n) = value else {
            // Digits in quotes: most often a form field, which holds the trace's text.
            if case .string(let text) = value, Double(text) != nil {
                throw EvaluationError(
                    "expected a number, got the text \(value.display) (a form field holds text unless the trace writes an unquoted "
                        + "number: write \(text), not \"\(text)\", or compare it as text in the policy)")
            }
            throw EvaluationError("expected a number, got \(value.display)")
        }
        return n
    }
}

/// A failure while evaluating an expression against a trace.
public struct EvaluationError: Error, Equatable, Sendable {
    /// What went wrong, as the `error` verdict says it.
    public var message: String

    /// A failure saying `message`.
    public init(_ message: String) {
        self.message = message
    }
}
