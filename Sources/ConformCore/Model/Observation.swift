/// What a `see` step records: a subset of the observation keys, each with where it was written.
public struct Observation: Sendable {
    /// The keys the step names, in the order written; a key left out is not checked.
    public var items: ObservedItems

    /// An observation of these keys.
    public init(items: [ObservedItem]) {
        self.items = ObservedItems(items)
    }

    /// An observation of these keys, which may share their buffer with the rest of the trace's (`TraceSlice`).
    public init(items: ObservedItems) {
        self.items = items
    }
}

/// A `see` step's keys (`Observation.items`).
public typealias ObservedItems = TraceSlice<ObservedItem>

/// The fields seen under `form:` (`ObservedValue.fields`).
public typealias ObservedFields = TraceSlice<NamedValue>

/// The actions seen on a sheet (`SheetObservation.details`).
public typealias SheetActions = TraceSlice<SheetActionObservation>

/// One key of a `see` step.
public struct ObservedItem: Sendable {
    /// The observation key: `done`, `sheet`, `dismissed`, ... or one of a policy's vocabulary.
    public var key: String
    /// What was seen under the key.
    public var value: ObservedValue
    /// Where the key is written in the trace file.
    public var position: TextPosition

    /// The key seen with `value`, written at `position`.
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
    /// `sheet:`: what was seen of an action sheet or confirmation dialog.
    case sheet(SheetObservation)
    /// `form: { FIELD: VALUE }` as displayed.
    case fields(ObservedFields)

    /// The value as JSON reports show it under `observed`.
    public var json: JSONValue {
        switch self {
        case .scalar(let value): return value.json
        case .sheet(let sheet): return sheet.json
        case .fields(let fields): return .object(fields.map { ($0.name, $0.value.json) })
        }
    }

    /// The value as messages show it: `enabled`, `true`, `{ title: 'Milk' }`.
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
    /// `sheet: none`: no sheet is shown.
    case none
    /// `sheet: shown`: a sheet is shown; nothing more about it is checked.
    case shown
    /// Any of the parts may be left out (`nil`), and is then not checked. `outsideCancels` (`outside: cancel`
    /// in a trace): the sheet shows no button for its cancel action and a tap outside it cancels, as a
    /// confirmation dialog shown as a popover does on iOS 26 iPhones and on iPad; `actions` then lists
    /// only the buttons shown.
    case details(
        title: TextObservation?, message: TextObservation?, actions: SheetActions?, outsideCancels: Bool = false)

    /// The observation as JSON reports show it: `"none"`, `"shown"` or an object of the parts given.
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

    /// The observation as messages show it: `none`, `shown` or `{ title 'Discard changes?'; actions [...] }`.
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
    /// Explicitly none: the sheet shows no title (or no message).
    case absent
    /// This text is shown.
    case text(String)

    /// `null` or the text, as JSON reports show it.
    public var json: JSONValue {
        switch self {
        case .absent: return .null
        case .text(let text): return .string(text)
        }
    }

    /// `none` or the text in single quotes, as messages show it.
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
    /// The action's title as shown.
    public var title: String
    /// The action's role where the trace gives it; `nil` leaves it unchecked.
    public var role: SheetRole?
    /// Where the action is written in the trace.
    public var position: TextPosition

    /// An action seen with `title`, and `role` where known, written at `position`.
    public init(title: String, role: SheetRole?, position: TextPosition) {
        self.title = title
        self.role = role
        self.position = position
    }

    /// The title alone, or `{ "title", "role" }` when the role is known, as JSON reports show it.
    public var json: JSONValue {
        guard let role else { return .string(title) }
        return .object([("title", .string(title)), ("role", .string(role.rawValue))])
    }

    /// `'TITLE'` or `'TITLE' (ROLE)`, as messages show it.
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
    /// A plain action.
    case `default`
    /// An action that destroys something, such as discarding the changes.
    case destructive
    /// The action that cancels the sheet.
    case cancel
}
