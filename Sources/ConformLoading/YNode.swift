import ConformCore

/// A YAML node as conform reads it: the text of every scalar and where every node stands.
///
/// Scalars keep their raw text and whether they were quoted; typing (null, bool, number, string)
/// follows the YAML 1.2 core schema in `scalarValue`, so a quoted `"true"` stays a string.
public struct YNode: Sendable {
    public enum Kind: Sendable {
        case scalar(String, style: ScalarStyle)
        case sequence([YNode])
        case mapping([YPair])
    }

    public var kind: Kind
    public var position: TextPosition

    public init(_ kind: Kind, at position: TextPosition) {
        self.kind = kind
        self.position = position
    }

    /// The raw text of a scalar, `nil` for a collection.
    public var scalarText: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    public var isQuoted: Bool {
        if case .scalar(_, let style) = kind { return style != .plain }
        return false
    }

    public var sequence: [YNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    public var mapping: [YPair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// What a reader calls this kind of node in a message: "a map", "a list", "a string", ...
    public var kindDescription: String {
        switch kind {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .scalar:
            switch scalarValue {
            case .null: return "null"
            case .bool: return "a boolean"
            case .number: return "a number"
            default: return "a string"
            }
        }
    }

    /// The typed value of a scalar under the YAML 1.2 core schema; `nil` for a collection.
    public var scalarValue: Value? {
        guard case .scalar(let text, let style) = kind else { return nil }
        if style != .plain { return .string(text) }
        return Value.resolvingPlainScalar(text)
    }
}

/// How a scalar was written; anything but plain is a string whatever it looks like.
public enum ScalarStyle: Sendable {
    case plain
    /// `'...'`, `"..."`, or tagged `!!str`.
    case quoted
    /// `|` or `>`: the text starts on the next line.
    case block
}

/// One key and its value in a YAML mapping.
public struct YPair: Sendable {
    public var key: YNode
    public var value: YNode

    public init(key: YNode, value: YNode) {
        self.key = key
        self.value = value
    }
}
