/// One step of a path into a JSON document: a member of an object or an element of an array.
public enum JSONPathStep: Hashable, Sendable, CustomStringConvertible {
    /// The member named so.
    case key(String)
    /// The element at this 0-based position.
    case index(Int)

    /// `.key` or `[3]`, as a path is written in messages (`outcomes[3].outcome.summary`).
    public var description: String {
        switch self {
        case .key(let key): return "." + key
        case .index(let index): return "[\(index)]"
        }
    }

    /// The step a decoder's coding key stands for (an array's keys have an integer value).
    public init(_ key: any CodingKey) {
        self = key.intValue.map(Self.index) ?? .key(key.stringValue)
    }

    /// `outcomes[3].outcome.summary`: the steps as one text, without a leading dot.
    public static func text(_ path: [JSONPathStep]) -> String {
        let joined = path.map(\.description).joined()
        return joined.hasPrefix(".") ? String(joined.dropFirst()) : joined
    }
}

/// A number read from a document that its place does not allow (out of its bounds, or at odds with
/// another number of the document): the path to it and why, so that the reader can say where.
public struct NumberOutOfRange: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the number is written.
    public var path: [JSONPathStep]
    /// Why it is refused, a clause that starts with its value: `is 0, and a run is split into 1 to 10000 shards`.
    public var reason: String

    /// A refusal of the number at `path`.
    public init(_ path: [JSONPathStep], _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The same refusal thrown from a decoder at `codingPath` (and `steps` further in).
    public init(codingPath: [any CodingKey], _ steps: [JSONPathStep] = [], _ reason: String) {
        self.init(codingPath.map(JSONPathStep.init) + steps, reason)
    }

    /// `shard.count is 0, and a run is split into 1 to 10000 shards`.
    public var description: String { "\(JSONPathStep.text(path)) \(reason)" }
}
