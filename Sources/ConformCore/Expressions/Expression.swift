/// A parsed expression of the policy language, with the offset (in Unicode scalars) of each node in its source text.
public struct Expression: Sendable {
    public indirect enum Kind: Sendable {
        case literal(Value)
        /// A variable, a built-in (`edited`, `form.title`, `arg.height`) or an enumeration case (`enabled`).
        case name(String)
        case unary(UnaryOperator, Expression)
        case binary(BinaryOperator, Expression, Expression)
        case conditional(Expression, Expression, Expression)
        case call(String, [Expression])
    }

    public var kind: Kind
    public var offset: Int
    /// Levels of nesting below and including this node; the parser refuses trees deeper than its limit,
    /// so that checking and evaluating (which recurse) stay shallow.
    public let depth: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
        switch kind {
        case .literal, .name: depth = 1
        case .unary(_, let operand): depth = operand.depth + 1
        case .binary(_, let left, let right): depth = max(left.depth, right.depth) + 1
        case .conditional(let a, let b, let c): depth = max(a.depth, b.depth, c.depth) + 1
        case .call(_, let arguments): depth = (arguments.map(\.depth).max() ?? 0) + 1
        }
    }
}

public enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

public enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&", or = "||"
}

/// The functions the language knows.
public enum BuiltinFunction: String, CaseIterable, Sendable {
    case min
    case max
    /// One number truncated toward zero to a whole number, as Swift's `Int(x)` does (`trunc(-1.5)` is -1):
    /// IQKeyboardManager moves by `CGFloat(Int(moveUp))`.
    case trunc

    /// How many arguments the function takes: `nil` for any number from one up.
    var arity: Int? { self == .trunc ? 1 : nil }
}

/// An expression together with the text it was parsed from, for messages and tables.
public struct SourceExpression: Sendable {
    public var text: String
    public var expression: Expression
    public var type: ExprType

    public init(text: String, expression: Expression, type: ExprType) {
        self.text = text
        self.expression = expression
        self.type = type
    }
}
