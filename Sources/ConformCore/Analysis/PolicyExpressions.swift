/// Every expression of a policy, and the names and literals in them: what lint's checks read.
enum PolicyExpressions {
    /// The expressions of the policy-level `see`, every state's `see`, every guard and every `set`.
    static func all(in policy: Policy) -> [SourceExpression] {
        var expressions = policy.defaults.values.compactMap(\.value)
        for state in policy.states {
            expressions += state.expectations.values.compactMap(\.value)
            for branch in state.transitions.flatMap(\.branches) {
                expressions += (branch.condition.map { [$0] } ?? []) + branch.updates.map(\.value)
            }
        }
        return expressions
    }

    static func names(in expression: Expression) -> [String] {
        switch expression.kind {
        case .literal: return []
        case .name(let name): return [name]
        case .unary(_, let operand): return names(in: operand)
        case .binary(_, let left, let right): return names(in: left) + names(in: right)
        case .conditional(let a, let b, let c): return names(in: a) + names(in: b) + names(in: c)
        case .call(_, let arguments): return arguments.flatMap(names(in:))
        }
    }

    static func literals(in expression: Expression) -> [Value] {
        switch expression.kind {
        case .literal(let value): return [value]
        case .name: return []
        case .unary(_, let operand): return literals(in: operand)
        case .binary(_, let left, let right): return literals(in: left) + literals(in: right)
        case .conditional(let a, let b, let c): return literals(in: a) + literals(in: b) + literals(in: c)
        case .call(_, let arguments): return arguments.flatMap(literals(in:))
        }
    }
}

extension Expectation {
    /// The expression of a scalar expectation; `nil` for a sheet.
    var value: SourceExpression? {
        if case .value(let expression) = self { return expression }
        return nil
    }
}
