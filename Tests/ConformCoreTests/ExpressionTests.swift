import Testing

@testable import ConformCore

@Suite("Core: Expression language")
struct ExpressionTests {
    let scope = ExpressionScope(
        names: ["edited": .bool, "height": .number, "mode": .enumeration(name: "mode", cases: ["compact", "regular"])],
        openPrefixes: ["form.": .any],
        symbols: ["enabled", "disabled", "absent", "compact", "regular"])

    func evaluate(_ text: String, _ values: [String: Value] = [:]) throws -> Value {
        let expression = try ExpressionParser.parse(text)
        _ = try TypeChecker.type(of: expression, in: scope)
        return try Evaluator.evaluate(expression) { values[$0] }
    }

    @Test("arithmetic follows the usual precedence")
    func precedence() throws {
        #expect(try evaluate("1 + 2 * 3") == .number(7))
        #expect(try evaluate("(1 + 2) * 3") == .number(9))
        #expect(try evaluate("10 - 4 - 3") == .number(3))
        #expect(try evaluate("12 / 4 / 3") == .number(1))
        #expect(try evaluate("-height + 5", ["height": .number(2)]) == .number(3))
    }

    @Test("comparisons, logic and the conditional")
    func logic() throws {
        #expect(try evaluate("height > 300 && !edited", ["height": .number(336), "edited": .bool(false)]) == .bool(true))
        #expect(try evaluate("height >= 10 || edited", ["height": .number(1), "edited": .bool(false)]) == .bool(false))
        #expect(try evaluate("edited ? enabled : disabled", ["edited": .bool(true)]) == .symbol("enabled"))
        #expect(try evaluate("false ? 1 : true ? 2 : 3") == .number(2))
        #expect(try evaluate("mode == compact", ["mode": .symbol("compact")]) == .bool(true))
        #expect(try evaluate("form.notes == null", ["form.notes": .null]) == .bool(true))
        #expect(try evaluate("form.notes == ''", ["form.notes": .null]) == .bool(false))
    }

    @Test("min and max take any number of arguments")
    func functions() throws {
        #expect(try evaluate("max(0, 500 + 10 - 448)") == .number(62))
        #expect(try evaluate("min(3, 1, 2)") == .number(1))
    }

    /// IQKeyboardManager `IQKeyboardManager+Position.swift` `getMoveUpDistance` (a55dbfc9):
    /// `moveUp = CGFloat(Int(moveUp))`, so 145.33 moves 145 points and -0.5 moves none.
    @Test("trunc cuts toward zero to a whole number, as Swift's Int(x) does")
    func truncation() throws {
        #expect(try evaluate("trunc(145.33)") == .number(145))
        #expect(try evaluate("trunc(0.99)") == .number(0))
        #expect(try evaluate("trunc(-1.5)") == .number(-1))
        #expect(try evaluate("trunc(-0.5) == 0") == .bool(true))
    }

    @Test("numbers compare within rounding")
    func tolerance() throws {
        #expect(try evaluate("0.1 + 0.2 == 0.3") == .bool(true))
    }

    @Test("division by zero is a run-time error, not a crash")
    func divisionByZero() throws {
        #expect(throws: EvaluationError("division by zero")) { try evaluate("height / 0", ["height": .number(1)]) }
    }

    @Test(
        "parse errors point at the offending column",
        arguments: [
            ("1 +", 3, "expected a value, found the end of the expression"),
            ("(1 + 2", 6, "expected ')'"),
            ("1 # 2", 2, "unexpected character '#'"),
            ("edited ? 1", 10, "expected ':' in a '?:' expression"),
            ("'open", 0, "this string has no closing '"),
            ("1 2", 2, "unexpected number 2 after the expression"),
        ])
    func parseErrors(text: String, offset: Int, message: String) {
        #expect(throws: ExpressionError(message, at: offset)) { try ExpressionParser.parse(text) }
    }

    /// The lexer reads UTF-8 bytes; an offset still counts Unicode scalars (libyaml's columns do), past
    /// white space beyond ASCII, a string holding a scalar of four bytes, and an escaped one.
    @Test(
        "offsets count Unicode scalars, whatever the bytes",
        arguments: [
            ("\u{00A0}\u{3000}1 # 2", 4, "unexpected character '#'"),
            ("'é\\'x' == 1 && é", 15, "unexpected character 'é'"),
            ("\"𝄞\" + 1 # 2", 8, "unexpected character '#'"),
            ("e\u{301}", 1, "unexpected character '\u{301}'"),
            ("'\\é", 0, "this string has no closing '"),
            ("height & 1", 7, "unexpected character '&'; did you mean '&&'?"),
        ])
    func scalarOffsets(text: String, offset: Int, message: String) {
        #expect(throws: ExpressionError(message, at: offset)) { try ExpressionParser.parse(text) }
    }

    @Test("a string keeps what it holds; a backslash takes the scalar after it")
    func stringContents() throws {
        #expect(try evaluate("'a\\'b𝄞' + \"\\é\"") == .string("a'b𝄞é"))
        #expect(try evaluate("\"x\\\\\" + ''") == .string("x\\"))
    }

    @Test(
        "type errors and unknown names are found before any trace runs",
        arguments: [
            ("editd", 0, "unknown name 'editd'; did you mean 'edited'?"),
            ("edited + 1", 0, "'+' needs number, not bool"),
            ("height && edited", 0, "'&&' needs bool, not number"),
            ("edited ? 1 : enabled", 13, "the branches of '?:' differ in type: number and enabled"),
            ("mode == enabled", 8, "cannot compare mode (compact | regular) with enabled"),
            ("sqrt(4)", 0, "unknown function 'sqrt' (known: min, max, trunc)"),
            ("max()", 0, "'max' needs at least one argument"),
            ("trunc(1, 2)", 0, "'trunc' takes 1 argument, not 2"),
        ])
    func typeErrors(text: String, offset: Int, message: String) throws {
        let expression = try ExpressionParser.parse(text)
        #expect(throws: ExpressionError(message, at: offset)) { try TypeChecker.type(of: expression, in: scope) }
    }

    @Test("nesting is bounded so that parsing cannot exhaust the stack")
    func depthLimit() {
        let deep = String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500)
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(deep) }
        let negations = String(repeating: "!", count: 10_000) + "true"
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse(negations) }
    }

    @Test("an enumeration case fits an enumeration that has it")
    func enumerationFit() {
        let button = ExprType.enumeration(name: "button", cases: ["enabled", "disabled", "absent"])
        #expect(ExprType.symbols(["enabled", "disabled"]).fits(button))
        #expect(!ExprType.symbols(["enabled", "shown"]).fits(button))
        #expect(!ExprType.number.fits(button))
    }
}

@Suite("Core: YAML scalar typing")
struct ScalarTests {
    @Test("plain scalars follow the YAML 1.2 core schema")
    func coreSchema() {
        #expect(Value.resolvingPlainScalar("") == .null)
        #expect(Value.resolvingPlainScalar("~") == .null)
        #expect(Value.resolvingPlainScalar("true") == .bool(true))
        #expect(Value.resolvingPlainScalar("yes") == .string("yes"))
        #expect(Value.resolvingPlainScalar("336") == .number(336))
        #expect(Value.resolvingPlainScalar("-1.5e2") == .number(-150))
        #expect(Value.resolvingPlainScalar("0x1F") == .number(31))
        #expect(Value.resolvingPlainScalar("1.2.3") == .string("1.2.3"))
        #expect(Value.resolvingPlainScalar("Milk") == .string("Milk"))
    }
}
