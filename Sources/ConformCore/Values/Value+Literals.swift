/// Literals for values written in Swift (`TraceRecorder`, tests): `"Milk"` is a string, `336` a number,
/// `true` a boolean, `nil` the null value.
extension Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    /// `"Milk"`: a string.
    public init(stringLiteral text: String) { self = .string(text) }
    /// `0.5`: a number.
    public init(floatLiteral number: Double) { self = .number(number) }
    /// `336`: a number.
    public init(integerLiteral number: Int) { self = .number(Double(number)) }
    /// `true` or `false`: a boolean.
    public init(booleanLiteral flag: Bool) { self = .bool(flag) }
    /// `nil`: the null value.
    public init(nilLiteral: ()) { self = .null }
}

/// A sheet's title or message written in Swift: `"Discard changes?"`.
extension TextObservation: ExpressibleByStringLiteral {
    /// `"Discard changes?"`: this text is shown.
    public init(stringLiteral text: String) { self = .text(text) }
}
