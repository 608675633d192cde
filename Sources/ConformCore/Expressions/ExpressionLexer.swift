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
///
/// It reads the text's UTF-8 bytes: the language's own characters are ASCII, so a token is a slice of
/// bytes made into one `String` at its end, not a string appended a scalar at a time (which was most of
/// the lexer's time, and the lexer a tenth of loading the built-in policies). `offset` counts the
/// scalars passed (the bytes that start one), so every offset is the one a scalar-by-scalar reading gives.
struct ExpressionLexer {
    private let bytes: [UInt8]
    /// The byte being read, and how many Unicode scalars stand before it.
    private var index = 0
    private var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func tokens() throws(ExpressionError) -> [Token] {
        var result: [Token] = []
        while true {
            let token = try next()
            result.append(token)
            if token.kind == .end { return result }
        }
    }

    private mutating func next() throws(ExpressionError) -> Token {
        skipWhitespace()
        let start = offset
        guard index < bytes.count else { return Token(kind: .end, offset: start) }
        let byte = bytes[index]
        if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && index + 1 < bytes.count && Self.isDigit(bytes[index + 1])) {
            return try number(from: start)
        }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { return try string(quote: byte, from: start) }
        if Self.isIdentifierStart(byte) { return identifier(from: start) }
        if index + 1 < bytes.count, let pair = Self.twoCharacterSymbol(byte, bytes[index + 1]) {
            advance(by: 2)
            return Token(kind: .symbol(pair), offset: start)
        }
        if let symbol = Self.oneCharacterSymbol(byte) {
            advance(by: 1)
            return Token(kind: .symbol(symbol), offset: start)
        }
        let scalar = scalar(at: index).scalar
        // `a = b`, `a & b`, `a | b`: the doubled operator is the likely meaning.
        let doubled = ["=": "==", "&": "&&", "|": "||"][String(scalar)].map { "; did you mean '\($0)'?" } ?? ""
        throw ExpressionError("unexpected character '\(scalar)'\(doubled)", at: start)
    }

    /// Skips white space as Unicode defines it (a no-break space too), as the scalar-by-scalar lexer did.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                guard byte == 0x20 || (0x09...0x0D).contains(byte) else { return }
                advance(by: 1)
            } else {
                let (scalar, length) = scalar(at: index)
                guard scalar.properties.isWhitespace else { return }
                index += length
                offset += 1
            }
        }
    }

    /// Moves past `count` ASCII bytes (one scalar each).
    private mutating func advance(by count: Int) {
        index += count
        offset += count
    }

    private mutating func number(from start: Int) throws(ExpressionError) -> Token {
        let first = index
        while index < bytes.count, Self.isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        offset += index - first
        let text = String(decoding: bytes[first..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw ExpressionError("'\(text)' is not a number", at: start)
        }
        return Token(kind: .number(value), offset: start)
    }

    /// A quoted string; `\` takes the scalar after it as it is. The quote and the backslash are ASCII,
    /// so no byte of a longer scalar is taken for either, and its bytes are copied as they stand.
    private mutating func string(quote: UInt8, from start: Int) throws(ExpressionError) -> Token {
        let first = index
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == quote {
                offset += Self.scalarCount(bytes[first..<index])
                return Token(kind: .string(String(decoding: text, as: UTF8.self)), offset: start)
            }
            if byte == UInt8(ascii: "\\"), index < bytes.count {
                let length = scalar(at: index).length
                text.append(contentsOf: bytes[index..<(index + length)])
                index += length
            } else {
                text.append(byte)
            }
        }
        throw ExpressionError("this string has no closing \(Unicode.Scalar(quote))", at: start)
    }

    private mutating func identifier(from start: Int) -> Token {
        let first = index
        // Dots join segments: `form.title`, `arg.height`.
        while index < bytes.count,
            Self.isIdentifierPart(bytes[index])
                || (bytes[index] == UInt8(ascii: ".") && index + 1 < bytes.count && Self.isIdentifierStart(bytes[index + 1]))
        {
            index += 1
        }
        offset += index - first
        return Token(kind: .identifier(String(decoding: bytes[first..<index], as: UTF8.self)), offset: start)
    }

    /// The scalar whose UTF-8 starts at `index`, and its length in bytes (the bytes are a `String`'s, so valid).
    private func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (0x7F >> length)
        for next in bytes[(index + 1)..<(index + length)] { value = value << 6 | UInt32(next & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// How many Unicode scalars some UTF-8 bytes hold: the bytes that are not continuation bytes.
    private static func scalarCount(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    private static func twoCharacterSymbol(_ first: UInt8, _ second: UInt8) -> String? {
        switch (first, second) {
        case (UInt8(ascii: "="), UInt8(ascii: "=")): return "=="
        case (UInt8(ascii: "!"), UInt8(ascii: "=")): return "!="
        case (UInt8(ascii: "<"), UInt8(ascii: "=")): return "<="
        case (UInt8(ascii: ">"), UInt8(ascii: "=")): return ">="
        case (UInt8(ascii: "&"), UInt8(ascii: "&")): return "&&"
        case (UInt8(ascii: "|"), UInt8(ascii: "|")): return "||"
        default: return nil
        }
    }

    private static func oneCharacterSymbol(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "+"): return "+"
        case UInt8(ascii: "-"): return "-"
        case UInt8(ascii: "*"): return "*"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "<"): return "<"
        case UInt8(ascii: ">"): return ">"
        case UInt8(ascii: "!"): return "!"
        case UInt8(ascii: "?"): return "?"
        case UInt8(ascii: ":"): return ":"
        case UInt8(ascii: "("): return "("
        case UInt8(ascii: ")"): return ")"
        case UInt8(ascii: ","): return ","
        default: return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
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
