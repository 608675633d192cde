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
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out` (a JSON report writes it into every message of a departure at a
    /// sheet: made piece by piece, it cost more than the rest of the message).
    public func writeDisplay(to out: inout some TextOutputStream) {
        switch self {
        case .scalar(let value): out.write(value.display)
        case .sheet(let sheet): sheet.writeDisplay(to: &out)
        case .fields(let fields):
            out.write("{ ")
            for index in fields.indices {
                if index > 0 { out.write(", ") }
                out.write(fields[index].name)
                out.write(": ")
                out.write(fields[index].value.display)
            }
            out.write(" }")
        }
    }
}

/// What a trace saw of an action sheet or confirmation dialog.
public enum SheetObservation: Sendable {
    case none
    case shown
    /// Any of the parts may be left out (`nil`), and is then not checked. `outsideCancels` (`outside: cancel`
    /// in a trace): the sheet shows no button for its cancel action and a tap outside it cancels, as a
    /// confirmation dialog shown as a popover does on iOS 26 iPhones and on iPad; `actions` then lists
    /// only the buttons shown.
    case details(
        title: TextObservation?, message: TextObservation?, actions: [SheetActionObservation]?, outsideCancels: Bool = false)

    public var json: JSONValue {
        switch self {
        case .none: return .string("none")
        case .shown: return .string("shown")
        case .details(let title, let message, let actions, let outsideCancels):
            var members: [(String, JSONValue)] = []
            if let title { members.append(("title", title.json)) }
            if let message { members.append(("message", message.json)) }
            if let actions { members.append(("actions", .array(actions.map(\.json)))) }
            if outsideCancels { members.append(("outside", .string("cancel"))) }
            return .object(members)
        }
    }

    public var display: String {
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out`.
    public func writeDisplay(to out: inout some TextOutputStream) {
        switch self {
        case .none: out.write("none")
        case .shown: out.write("shown")
        case .details(let title, let message, let actions, let outsideCancels):
            out.write("{ ")
            if let title {
                out.write("title ")
                title.writeDisplay(to: &out)
            }
            if let message {
                out.write(title == nil ? "message " : "; message ")
                message.writeDisplay(to: &out)
            }
            if let actions {
                out.write(title == nil && message == nil ? "actions [" : "; actions [")
                for index in actions.indices {
                    if index > 0 { out.write(", ") }
                    actions[index].writeDisplay(to: &out)
                }
                out.write("]")
            }
            if outsideCancels { out.write(title == nil && message == nil && actions == nil ? "outside cancel" : "; outside cancel") }
            out.write(" }")
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
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out`.
    public func writeDisplay(to out: inout some TextOutputStream) {
        switch self {
        case .absent: out.write("none")
        case .text(let text):
            out.write("'")
            out.write(text)
            out.write("'")
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
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out`.
    public func writeDisplay(to out: inout some TextOutputStream) {
        out.write("'")
        out.write(title)
        out.write("'")
        guard let role else { return }
        out.write(" (")
        out.write(role.rawValue)
        out.write(")")
    }
}

/// The role of an action-sheet action, as UIKit's `UIAlertAction.Style` and SwiftUI's `ButtonRole` give it.
public enum SheetRole: String, CaseIterable, Hashable, Sendable {
    case `default`
    case destructive
    case cancel
}
