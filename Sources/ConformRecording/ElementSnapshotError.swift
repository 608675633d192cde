/// Why a JSON snapshot could not be read: where (a path such as `children[0].frame`) and what.
public struct ElementSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path to the offending value from the root element; empty for the document itself.
    public var path: String
    /// What is wrong there.
    public var message: String

    /// An error at `path` (empty: the document), saying `message`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `snapshot, PATH: MESSAGE` (or `snapshot: MESSAGE` for the document).
    public var description: String {
        path.isEmpty ? "snapshot: \(message)" : "snapshot, \(path): \(message)"
    }

    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath), message: "'\(key.stringValue)' is required")
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "expected \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self.init(path: Self.path(context.codingPath), message: "expected \(Self.describe(type)), found null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                self.init(path: "", message: "not valid JSON")
            } else if context.codingPath.last?.stringValue == "type" {
                let known = UIElementKind.allCases.map(\.rawValue).joined(separator: ", ")
                self.init(path: Self.path(context.codingPath), message: "unknown element type (expected one of: \(known))")
            } else {
                self.init(path: Self.path(context.codingPath), message: context.debugDescription)
            }
        @unknown default:
            self.init(path: "", message: "\(error)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Double.Type: return "a number"
        case is [Double].Type: return "a list of numbers"
        case is [ElementSnapshot].Type: return "a list of elements"
        default: return "an element (a JSON object)"
        }
    }
}
