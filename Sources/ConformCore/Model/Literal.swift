/// Expressions that conform builds itself, for the form domain's built-in expectations.
enum Literal {
    static func bool(_ value: Bool) -> SourceExpression {
        SourceExpression(text: value ? "true" : "false", expression: Expression(.literal(.bool(value)), at: 0), type: .bool)
    }
}
