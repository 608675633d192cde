import ConformCore

/// Reads a YAML scalar as a typed expression of the policy language; errors land on the exact column.
struct ExpressionReader {
    let scope: ExpressionScope
    /// Where the `form.FIELD` names of every expression read are written down (for lint).
    var fieldReads: FieldReadLog? = nil

    /// A YAML boolean or number is a literal; a string is parsed as an expression.
    func read(_ node: YNode, expecting type: ExprType, what: String, problems: inout ProblemCollector) -> SourceExpression? {
        guard let text = node.scalarText else {
            problems.add("\(what) must be an expression, not \(node.kindDescription)", at: node.position)
            return nil
        }
        let start = node.position.advanced(by: node.isQuoted ? 1 : 0)
        // Columns inside a one-line scalar are exact; a block scalar's text starts on a later line,
        // so its errors point at the scalar itself.
        let locatesInside: Bool
        // The byte search first: without a line feed byte there is no "\n" character, and a byte search
        // is cheaper than walking the text by `Character` (which a "\r\n" needs: it is one character).
        if case .scalar(_, .block) = node.kind {
            locatesInside = false
        } else {
            locatesInside = !(text.utf8.contains(0x0A) && text.contains("\n"))
        }
        do {
            let expression: Expression
            switch node.scalarValue {
            case .bool(let value)?: expression = Expression(.literal(.bool(value)), at: 0)
            case .number(let value)?: expression = Expression(.literal(.number(value)), at: 0)
            case .null?:
                problems.add("\(what) is empty; write an expression", at: node.position)
                return nil
            default: expression = try ExpressionParser.parse(text)
            }
            let actual = try TypeChecker.check(expression, fits: type, in: scope, what: what)
            if let fieldReads {
                for (field, offset) in Self.fieldNames(in: expression) {
                    fieldReads.reads.append(FieldRead(field: field, position: locatesInside ? start.advanced(by: offset) : node.position))
                }
            }
            return SourceExpression(text: text, expression: expression, type: actual)
        } catch {
            problems.add("\(error.message) (in \(what): \(text))", at: locatesInside ? start.advanced(by: error.offset) : node.position)
            return nil
        }
    }
}

extension ExpressionReader {
    /// `form.FIELD` names in an expression, with their offsets.
    static func fieldNames(in expression: Expression) -> [(String, Int)] {
        switch expression.kind {
        case .literal: return []
        case .name(let name): return name.hasPrefix("form.") ? [(String(name.dropFirst(5)), expression.offset)] : []
        case .unary(_, let operand): return fieldNames(in: operand)
        case .binary(_, let left, let right): return fieldNames(in: left) + fieldNames(in: right)
        case .conditional(let a, let b, let c): return fieldNames(in: a) + fieldNames(in: b) + fieldNames(in: c)
        case .call(_, let arguments): return arguments.flatMap(fieldNames(in:))
        }
    }
}

/// The `form.FIELD` reads of one policy's expressions, gathered while it loads.
final class FieldReadLog {
    var reads: [FieldRead] = []
}
