/// A parsed expression of the policy language, with the offset (in Unicode scalars) of each node in its source text.
public struct Expression: Sendable {
    /// What a node of the expression is.
    public indirect enum Kind: Sendable {
        /// A literal: a number, a quoted string, `true`, `false` or `null`.
        case literal(Value)
        /// A variable, a built-in (`edited`, `form.title`, `arg.height`) or an enumeration case (`enabled`).
        case name(String)
        /// `!x` or `-x`.
        case unary(UnaryOperator, Expression)
        /// `x OP y`.
        case binary(BinaryOperator, Expression, Expression)
        /// `condition ? then : otherwise`.
        case conditional(Expression, Expression, Expression)
        /// A call of a built-in function: `max(0, y - 10)`.
        case call(String, [Expression])
    }

    /// What the node is.
    public var kind: Kind
    /// Where the node starts in its source text, in Unicode scalars; messages point there.
    public var offset: Int
    /// Levels of nesting below and including this node; the parser refuses trees deeper than its limit,
    /// so that checking and evaluating (which recurse) stay shallow.
    public let depth: Int

    /// A node of `kind` starting at `offset`; its `depth` is worked out from its children.
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

/// The operators written before one operand.
public enum UnaryOperator: String, Sendable {
    /// `!`: boolean not.
    case not = "!"
    /// `-`: the number negated.
    case negate = "-"
}

/// The operators written between two operands, as the policy language spells them.
public enum BinaryOperator: String, Sendable {
    /// `+`: strings joined, or numbers added.
    case add = "+"
    /// `-`: subtraction.
    case subtract = "-"
    /// `*`: multiplication.
    case multiply = "*"
    /// `/`: division; by zero it is the `error` verdict.
    case divide = "/"
    /// `==`: equal, as `Value.matches(_:)` compares.
    case equal = "=="
    /// `!=`: not equal.
    case notEqual = "!="
    /// `<`: less than (numbers).
    case less = "<"
    /// `<=`: less than or equal (numbers).
    case lessOrEqual = "<="
    /// `>`: greater than (numbers).
    case greater = ">"
    /// `>=`: greater than or equal (numbers).
    case greaterOrEqual = ">="
    /// `&&`: both; the right operand is evaluated only when the left holds.
    case and = "&&"
    /// `||`: either; the right operand is evaluated only when the left does not hold.
    case or = "||"
}

/// The functions the language knows.
public enum BuiltinFunction: String, CaseIterable, Sendable {
    /// The least of one or more numbers.
    case min
    /// The greatest of one or more numbers.
    case max
    /// One number truncated toward zero to a whole number, as Swift's `Int(x)` does (`trunc(-1.5)` is -1):
    /// IQKeyboardManager moves by `CGFloat(Int(moveUp))`.
    case trunc

    /// How many arguments the function takes: `nil` for any number from one up.
    var arity: Int? { self == .trunc ? 1 : nil }
}

/// An expression together with the text it was parsed from, for messages and tables.
public struct SourceExpression: Sendable {
    /// The expression as the policy file writes it.
    public var text: String
    /// The parsed expression.
    public var expression: Expression
    /// Its type, as the type checker found it when the policy loaded.
    public var type: ExprType

    /// A parsed, type-checked expression with the text it came from.
    public init(text: String, expression: Expression, type: ExprType) {
        self.text = text
        self.expression = expression
        self.type = type
    }
}
