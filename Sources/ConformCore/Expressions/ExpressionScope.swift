/// The names an expression may use, with their types: a policy's variables, the built-ins the trace
/// supplies, the action's arguments and the enumeration cases known to the policy.
public struct ExpressionScope: Sendable {
    /// Names known exactly: variables and built-ins (`edited`, `arg`), with their types.
    public var names: [String: ExprType]
    /// Prefixes whose every dotted name is known, e.g. `form.` for field values of any name.
    public var openPrefixes: [String: ExprType]
    /// Every enumeration case the policy knows; such a name written alone is that case.
    public var symbols: Set<String>

    /// A scope of these names, prefixes and enumeration cases.
    public init(names: [String: ExprType] = [:], openPrefixes: [String: ExprType] = [:], symbols: Set<String> = []) {
        self.names = names
        self.openPrefixes = openPrefixes
        self.symbols = symbols
    }

    /// The type of `name`, or `nil` when the name is unknown.
    public func type(of name: String) -> ExprType? {
        if let type = names[name] { return type }
        for (prefix, type) in openPrefixes where name.hasPrefix(prefix) && name.count > prefix.count {
            return type
        }
        if symbols.contains(name) { return .symbols([name]) }
        return nil
    }
}
