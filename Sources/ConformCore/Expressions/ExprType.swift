/// The static type of an expression, checked when a policy loads.
public enum ExprType: Hashable, Sendable {
    /// `true` or `false`.
    case bool
    /// A number (a `Double`).
    case number
    /// A text.
    case string
    /// The type of `null` alone.
    case null
    /// A named enumeration with its cases, e.g. a button's `enabled | disabled | absent`.
    case enumeration(name: String, cases: [String])
    /// Enumeration cases written alone (`enabled`, or `edited ? enabled : disabled`): they fit any
    /// enumeration that has every one of them.
    case symbols(Set<String>)
    /// A value the trace supplies whose type is known only at run time (a form field's value).
    case any

    /// How the type reads in a message.
    public var description: String {
        switch self {
        case .bool: return "bool"
        case .number: return "number"
        case .string: return "string"
        case .null: return "null"
        case .enumeration(let name, let cases): return "\(name) (\(cases.joined(separator: " | ")))"
        case .symbols(let cases): return cases.sorted().joined(separator: " | ")
        case .any: return "any value"
        }
    }

    /// The type both sides share, or `nil` when a value of one can never equal a value of the other.
    public func unified(with other: ExprType) -> ExprType? {
        switch (self, other) {
        case _ where self == other: return self
        case (.any, _): return other
        case (_, .any): return self
        case (.null, .string), (.string, .null): return .string
        case (.symbols(let a), .symbols(let b)): return .symbols(a.union(b))
        case (.symbols(let used), .enumeration(_, let cases)), (.enumeration(_, let cases), .symbols(let used)):
            return used.isSubset(of: Set(cases)) ? (self.isEnumeration ? self : other) : nil
        case (.enumeration(_, let a), .enumeration(_, let b)):
            // Enumerations are structural: two with common cases can be compared, one within another assigned.
            return Set(a).isDisjoint(with: b) ? nil : .symbols(Set(a).intersection(b))
        default: return nil
        }
    }

    /// Whether a value of this type may stand where `expected` is wanted.
    public func fits(_ expected: ExprType) -> Bool {
        if case .enumeration(_, let cases) = self, case .enumeration(_, let wanted) = expected {
            return Set(cases).isSubset(of: wanted)
        }
        return unified(with: expected) != nil
    }

    private var isEnumeration: Bool {
        if case .enumeration = self { return true }
        return false
    }
}
