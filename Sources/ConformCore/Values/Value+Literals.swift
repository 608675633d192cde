/// Literals for values written in Swift (`TraceRecorder`, tests): `"Milk"` is a string, `336` a number,
/// `true` a boolean, `nil` the null value.
extension Value: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral text: String) { self = .string(text) }
    public init(floatLiteral number: Double) { self = .number(number) }
    public init(integerLiteral number: Int) { self = .number(Double(number)) }
    public init(booleanLiteral flag: Bool) { self = .bool(flag) }
    public init(nilLiteral: ()) { self = .null }
}

/// A sheet's title or message written in Swift: `"Discard changes?"`.
extension TextObservation: ExpressibleByStringLiteral {
    public init(stringLiteral text: String) { self = .text(text) }
}
