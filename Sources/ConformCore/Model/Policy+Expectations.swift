extension Policy {
    /// What the policy expects in a state: the state's own expectations over the policy's defaults
    /// (non-final states only) over the form domain's (no sheet; dismissed exactly in final states).
    public func expectations(in stateName: String) -> [String: Expectation] {
        guard let state = state(named: stateName) else { return [:] }
        var merged: [String: Expectation] = [:]
        if isFormDomain {
            merged["sheet"] = .sheet(.none)
            merged["dismissed"] = .value(Literal.bool(state.isFinal))
        }
        if !state.isFinal {
            merged.merge(defaults) { $1 }
        }
        merged.merge(state.expectations) { $1 }
        return merged
    }
}

/// Expressions that conform builds itself, for the form domain's built-in expectations.
enum Literal {
    static func bool(_ value: Bool) -> SourceExpression {
        SourceExpression(text: value ? "true" : "false", expression: Expression(.literal(.bool(value)), at: 0), type: .bool)
    }
}
