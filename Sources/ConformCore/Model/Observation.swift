/// What a `see` step records: a subset of the observation keys, each with where it was written.
public struct Observation: Sendable {
    public var items: [ObservedItem]

    public init(items: [ObservedItem]) {
        self.items = items
    }
}

/// One key of a `see` step.
public struct ObservedItem: Sendable {
    public var key: String
    public var value: ObservedValue
    public var position: TextPosition

    public init(key: String, value: ObservedValue, position: TextPosition) {
        self.key = key
        self.value = value
        self.position = position
    }
}

/// The value of one observation key.
public enum ObservedValue: Sendable {
    /// A scalar: `done: enabled` (a symbol), `dismissed: true`, `offset: 120`.
    case scalar(Value)
    case sheet(SheetObservation)
    /// `form: { FIELD: VALUE }` as displayed.
    case fields([NamedValue])

    public var json: JSONValue {
        switch self {
        case .scalar(let value): return value.json
        case .sheet(let sheet): return sheet.json
        case .fields(let fields): return .object(fields.map { ($0.name, $0.value.json) })
        }
    }

    public var display: String {
        switch self {
        case .scalar(let value): return value.display
        case .sheet(let sheet): return sheet.display
        case .fields(let fields): return "{ " + fields.map { "\($0.name): \($0.value.display)" }.joined(separator: ", ") + " }"
        }
    }
}

/// What a trace saw of an action sheet or confirmation dialog.
public enum SheetObservation: Sendable {
    case none
    case shown
    /// Any of the parts may be left out (`nil`), and is then not checked.
    case details(title: TextObservation?, message: TextObservation?, actions: [SheetActionObservation]?)

    public var json: JSONValue {
        switch self {
        case .none: return .string("none")
        case .shown: return .string("shown")
        case .details(let title, let message, let actions):
            var members: [(String, JSONValue)] = []
            if let title { members.append(("title", title.json)) }
            if let message { members.append(("message", message.json)) }
            if let actions { members.append(("actions", .array(actions.map(\.json)))) }
            return .object(members)
        }
    }

    public var display: String {
        switch self {
        case .none: return "none"
        case .shown: return "shown"
        case .details(let title, let message, let actions):
            // Appended in place: a JSON report writes this for every departure at a sheet.
            var text = "{ "
            if let title { text += "title " + title.display }
            if let message { text += (title == nil ? "message " : "; message ") + message.display }
            if let actions {
                text += title == nil && message == nil ? "actions [" : "; actions ["
                for index in actions.indices {
                    if index > 0 { text += ", " }
                    text += actions[index].display
                }
                text += "]"
            }
            return text + " }"
        }
    }
}

/// A sheet's title or message: a text, or explicitly none (`title: null`).
public enum TextObservation: Hashable, Sendable {
    case absent
    case text(String)

    public var json: JSONValue {
        switch self {
        case .absent: return .null
        case .text(let text): return .string(text)
        }
    }

    public var display: String {
        switch self {
        case .absent: return "none"
        case .text(let text): return "'\(text)'"
        }
    }
}

/// One action seen on a sheet: its title and, where the trace gives it, its role.
public struct SheetActionObservation: Hashable, Sendable {
    public var title: String
    public var role: SheetRole?
    public var position: TextPosition

    public init(title: String, role: SheetRole?, position: TextPosition) {
        self.title = title
        self.role = role
        self.position = position
    }

    public var json: JSONValue {
        guard let role else { return .string(title) }
        return .object([("title", .string(title)), ("role", .string(role.rawValue))])
    }

    public var display: String {
        guard let role else { return "'\(title)'" }
        return "'\(title)' (\(role.rawValue))"
    }
}

/// The role of an action-sheet action, as UIKit's `UIAlertAction.Style` and SwiftUI's `ButtonRole` give it.
public enum SheetRole: String, CaseIterable, Hashable, Sendable {
    case `default`
    case destructive
    case cancel
}
