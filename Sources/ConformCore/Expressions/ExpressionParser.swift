/// Parses the policy expression language by precedence climbing.
///
/// From loosest to tightest: `?:` (right-associative), `||`, `&&`, `==` `!=`, `<` `<=` `>` `>=`,
/// `+` `-`, `*` `/`, prefix `!` `-`, then literals, names, calls and parentheses.
public struct ExpressionParser {
    /// Deep enough for any policy a person writes, shallow enough that parsing can never exhaust the stack.
    public static let maximumDepth = 64
    /// The longest expression text accepted.
    public static let maximumLength = 4_096

    private var tokens: [Token]
    /// Each token's binary operator and its level, worked out once: each operand climbs through every
    /// level, and asked each time, naming the operator from its text was a fifth of parsing.
    private let operators: [(op: BinaryOperator, level: Int)?]
    private var index = 0
    private var depth = 0

    /// Parses `text` as one expression.
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        // No more UTF-8 bytes than the limit means no more scalars: most expressions need no count of them.
        guard text.utf8.count <= maximumLength || text.unicodeScalars.count <= maximumLength else {
            throw ExpressionError("expression longer than \(maximumLength) characters", at: 0)
        }
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens())
        let expression = try parser.conditional()
        guard case .end = parser.current.kind else {
            throw ExpressionError("unexpected \(parser.current.kind.description) after the expression", at: parser.current.offset)
        }
        guard expression.depth <= maximumDepth else {
            throw ExpressionError("expression nested more than \(maximumDepth) deep", at: 0)
        }
        return expression
    }

    private init(tokens: [Token]) {
        self.tokens = tokens
        operators = tokens.map { token in
            guard case .symbol(let symbol) = token.kind, let op = BinaryOperator(rawValue: symbol) else { return nil }
            return (op, Self.level(of: op))
        }
    }

    private var current: Token { tokens[min(index, tokens.count - 1)] }

    private mutating func advance() { index += 1 }

    private mutating func accept(_ symbol: String) -> Bool {
        if current.kind == .symbol(symbol) {
            advance()
            return true
        }
        return false
    }

    private mutating func nested<T>(_ body: (inout ExpressionParser) throws(ExpressionError) -> T) throws(ExpressionError) -> T {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ExpressionError("expression nested more than \(Self.maximumDepth) deep", at: current.offset)
        }
        return try body(&self)
    }

    private mutating func conditional() throws(ExpressionError) -> Expression {
        try nested { (parser: inout ExpressionParser) throws(ExpressionError) -> Expression in
            let condition = try parser.binary(level: 0)
            guard parser.current.kind == .symbol("?") else { return condition }
            parser.advance()
            let then = try parser.conditional()
            guard parser.accept(":") else {
                throw ExpressionError("expected ':' in a '?:' expression", at: parser.current.offset)
            }
            let otherwise = try parser.conditional()
            return Expression(.conditional(condition, then, otherwise), at: condition.offset)
        }
    }

    /// How many levels of binary operators there are; `level(of:)` numbers them from loosest to tightest.
    private static let levelCount = 6

    private static func level(of op: BinaryOperator) -> Int {
        switch op {
        case .or: return 0
        case .and: return 1
        case .equal, .notEqual: return 2
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return 3
        case .add, .subtract: return 4
        case .multiply, .divide: return 5
        }
    }

    private mutating func binary(level: Int) throws(ExpressionError) -> Expression {
        guard level < Self.levelCount else { return try unary() }
        var left = try binary(level: level + 1)
        while let entry = operators[min(index, operators.count - 1)], entry.level == level {
            advance()
            let right = try binary(level: level + 1)
            left = Expression(.binary(entry.op, left, right), at: left.offset)
        }
        return left
    }

    private mutating func unary() throws(ExpressionError) -> Expression {
        let offset = current.offset
        if accept("!") {
            return try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
                Expression(.unary(.not, try parser.unary()), at: offset)
            }
        }
        if accept("-") {
            return try nested { (parser: inout ExpressionParser) throws(ExpressionError) in
                Expression(.unary(.negate, try parser.unary()), at: offset)
            }
        }
        return try primary()
    }

    private mutating func primary() throws(ExpressionError) -> Expression {
        let token = current
        switch token.kind {
        case .number(let value):
            advance()
            return Expression(.literal(.number(value)), at: token.offset)
        case .string(let text):
            advance()
            return Expression(.literal(.string(text)), at: token.offset)
        case .identifier(let name):
            advance()
            switch name {
            case "true": return Expression(.literal(.bool(true)), at: token.offset)
            case "false": return Expression(.literal(.bool(false)), at: token.offset)
            case "null": return Expression(.literal(.null), at: token.offset)
            default: break
            }
            guard accept("(") else { return Expression(.name(name), at: token.offset) }
            return Expression(.call(name, try arguments()), at: token.offset)
        case .symbol("("):
            advance()
            let inner = try conditional()
            guard accept(")") else { throw ExpressionError("expected ')'", at: current.offset) }
            return inner
        case .end:
            throw ExpressionError("expected a value, found the end of the expression", at: token.offset)
        case .symbol:
            throw ExpressionError("expected a value, found \(token.kind.description)", at: token.offset)
        }
    }

    private mutating func arguments() throws(ExpressionError) -> [Expression] {
        var arguments: [Expression] = []
        if accept(")") { return arguments }
        repeat {
            arguments.append(try conditional())
        } while accept(",")
        guard accept(")") else { throw ExpressionError("expected ',' or ')' in the argument list", at: current.offset) }
        return arguments
    }
}

extension Token.Kind {
    var description: String {
        switch self {
        case .number(let value): return "number \(Value.format(value))"
        case .string(let text): return "string '\(text)'"
        case .identifier(let name): return "'\(name)'"
        case .symbol(let symbol): return "'\(symbol)'"
        case .end: return "the end"
        }
    }
}
