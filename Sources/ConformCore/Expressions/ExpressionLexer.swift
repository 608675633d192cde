/// A token of the expression language and the offset where it starts.
struct Token: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case string(String)
        case identifier(String)
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int
}

/// Splits expression text into tokens; offsets count Unicode scalars so they line up with libyaml's columns.
struct ExpressionLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func tokens() throws(ExpressionError) -> [Token] {
        var result: [Token] = []
        while true {
            let token = try next()
            result.append(token)
            if token.kind == .end { return result }
        }
    }

    private static let twoCharacterSymbols: Set<String> = ["==", "!=", "<=", ">=", "&&", "||"]
    private static let oneCharacterSymbols: Set<Unicode.Scalar> = [
        "+", "-", "*", "/", "<", ">", "!", "?", ":", "(", ")", ",",
    ]

    private mutating func next() throws(ExpressionError) -> Token {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        let start = index
        guard index < scalars.count else { return Token(kind: .end, offset: start) }
        let scalar = scalars[index]
        if isDigit(scalar) || (scalar == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
            return try number(from: start)
        }
        if scalar == "'" || scalar == "\"" { return try string(quote: scalar, from: start) }
        if isIdentifierStart(scalar) { return identifier(from: start) }
        if index + 1 < scalars.count {
            let pair = String(String.UnicodeScalarView([scalar, scalars[index + 1]]))
            if Self.twoCharacterSymbols.contains(pair) {
                index += 2
                return Token(kind: .symbol(pair), offset: start)
            }
        }
        if Self.oneCharacterSymbols.contains(scalar) {
            index += 1
            return Token(kind: .symbol(String(scalar)), offset: start)
        }
        // `a = b`, `a & b`, `a | b`: the doubled operator is the likely meaning.
        let doubled = ["=": "==", "&": "&&", "|": "||"][String(scalar)].map { "; did you mean '\($0)'?" } ?? ""
        throw ExpressionError("unexpected character '\(scalar)'\(doubled)", at: start)
    }

    private mutating func number(from start: Int) throws(ExpressionError) -> Token {
        while index < scalars.count, isDigit(scalars[index]) || scalars[index] == "." { index += 1 }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
        }
        let text = String(String.UnicodeScalarView(scalars[start..<index]))
        guard let value = Double(text), value.isFinite else {
            throw ExpressionError("'\(text)' is not a number", at: start)
        }
        return Token(kind: .number(value), offset: start)
    }

    private mutating func string(quote: Unicode.Scalar, from start: Int) throws(ExpressionError) -> Token {
        index += 1
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == quote { return Token(kind: .string(String(text)), offset: start) }
            if scalar == "\\", index < scalars.count {
                text.append(scalars[index])
                index += 1
            } else {
                text.append(scalar)
            }
        }
        throw ExpressionError("this string has no closing \(quote)", at: start)
    }

    private mutating func identifier(from start: Int) -> Token {
        // Dots join segments: `form.title`, `arg.height`.
        while index < scalars.count,
            isIdentifierPart(scalars[index])
                || (scalars[index] == "." && index + 1 < scalars.count && isIdentifierStart(scalars[index + 1]))
        {
            index += 1
        }
        return Token(kind: .identifier(String(String.UnicodeScalarView(scalars[start..<index]))), offset: start)
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
    }

    private func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || isDigit(scalar)
    }
}

/// A problem in an expression, at an offset (in Unicode scalars) into its text.
public struct ExpressionError: Error, Equatable, Sendable {
    /// What is wrong.
    public var message: String
    /// Where, in Unicode scalars from the start of the expression's text.
    public var offset: Int

    /// A problem saying `message`, at `offset`.
    public init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }
}
