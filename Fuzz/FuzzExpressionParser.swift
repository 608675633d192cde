// libFuzzer target: the expression parser, type checker and evaluator on arbitrary text.
import ConformCore

let scope = ExpressionScope(
    names: ["edited": .bool, "n": .number, "s": .string, "e": .enumeration(name: "e", cases: ["x", "y"])],
    openPrefixes: ["form.": .any], symbols: ["x", "y", "enabled", "disabled"])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressionParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let expression = try? ExpressionParser.parse(text) else { return 0 }
    precondition(expression.depth <= ExpressionParser.maximumDepth)
    guard (try? TypeChecker.type(of: expression, in: scope)) != nil else { return 0 }
    let values: [String: Value] = ["edited": .bool(true), "n": .number(3), "s": .string("a"), "e": .symbol("x"), "form.a": .number(1e308)]
    _ = try? Evaluator.evaluate(expression) { values[$0] }
    return 0
}
