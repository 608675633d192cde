/// What a policy state expects to be seen under one observation key.
public enum Expectation: Sendable {
    /// A scalar computed from the model: `done: "edited ? enabled : disabled"`, `offset: "max(0, y - 10)"`.
    case value(SourceExpression)
    /// `sheet:`: what the state expects of an action sheet or confirmation dialog.
    case sheet(SheetExpectation)
}

/// A policy's expectation of the action sheet.
public enum SheetExpectation: Sendable {
    /// No sheet is shown.
    case none
    /// A sheet is shown; `actions` lists what it offers in display order, `nil` when the source does not say.
    case shown(title: TextExpectation, message: TextExpectation, actions: [SheetActionSpec]?)

    /// Whether a sheet is expected.
    public var isShown: Bool {
        if case .shown = self { return true }
        return false
    }

    /// The actions the sheet offers; empty when no sheet is expected or the source does not list them.
    public var actions: [SheetActionSpec] {
        if case .shown(_, _, let actions) = self { return actions ?? [] }
        return []
    }

    /// The expectation as JSON reports show it under `expected`.
    public var json: JSONValue {
        switch self {
        case .none: return .string("none")
        case .shown(let title, let message, let actions):
            var members: [(String, JSONValue)] = []
            if let title = title.json { members.append(("title", title)) }
            if let message = message.json { members.append(("message", message)) }
            if let actions { members.append(("actions", .array(actions.map(\.json)))) }
            return members.isEmpty ? .string("shown") : .object(members)
        }
    }

    /// The expectation as messages show it: `none`, `shown` or `{ title '...'; actions [...] }`.
    public var display: String {
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out` (a JSON report writes it into every message of a departure at a sheet).
    public func writeDisplay(to out: inout some TextOutputStream) {
        switch self {
        case .none: out.write("none")
        case .shown(let title, let message, let actions):
            if title.isOpen, message.isOpen, actions == nil { return out.write("shown") }
            out.write("{ ")
            var first = true
            func part(_ head: String) {
                if !first { out.write("; ") }
                out.write(head)
                first = false
            }
            if !title.isOpen {
                part("title ")
                title.writeDisplay(to: &out)
            }
            if !message.isOpen {
                part("message ")
                message.writeDisplay(to: &out)
            }
            if let actions {
                part("actions [")
                for index in actions.indices {
                    if index > 0 { out.write(", ") }
                    actions[index].writeDisplay(to: &out)
                }
                out.write("]")
            }
            out.write(" }")
        }
    }
}

/// A sheet's title or message in a policy: exact text, explicitly none, or left open by the source.
public enum TextExpectation: Sendable {
    /// Left open by the source: any title or message is accepted.
    case open
    /// Explicitly none (`title: null`).
    case absent
    /// Exactly this text.
    case text(String)

    var json: JSONValue? {
        switch self {
        case .open: return nil
        case .absent: return .null
        case .text(let text): return .string(text)
        }
    }

    /// Left open by the source: not checked, not shown.
    var isOpen: Bool {
        if case .open = self { return true }
        return false
    }

    var display: String? {
        guard !isOpen else { return nil }
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out` (nothing when open).
    func writeDisplay(to out: inout some TextOutputStream) {
        switch self {
        case .open: break
        case .absent: out.write("none")
        case .text(let text):
            out.write("'")
            out.write(text)
            out.write("'")
        }
    }

    /// Whether an observed title or message agrees.
    public func accepts(_ observed: TextObservation) -> Bool {
        switch (self, observed) {
        case (.open, _): return true
        case (.absent, .absent): return true
        case (.text(let expected), .text(let seen)): return expected == seen
        default: return false
        }
    }
}

/// One action a policy's sheet offers: its title where the source gives one, its role where known.
public struct SheetActionSpec: Sendable {
    /// The action's title; `nil` where the source gives none.
    public var title: String?
    /// The action's role; `nil` where the source does not say.
    public var role: SheetRole?

    /// An action with `title` and `role`, each `nil` where the source does not give it.
    public init(title: String?, role: SheetRole?) {
        self.title = title
        self.role = role
    }

    /// The action as JSON reports show it: an object of the parts known.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let title { members.append(("title", .string(title))) }
        if let role { members.append(("role", .string(role.rawValue))) }
        return .object(members)
    }

    /// `'TITLE' (ROLE)`, `'TITLE'`, `(ROLE)` or `(any)`, as messages show it.
    public var display: String {
        var text = ""
        writeDisplay(to: &text)
        return text
    }

    /// `display`, written into `out` (a JSON report writes it into every message of a departure at a sheet).
    public func writeDisplay(to out: inout some TextOutputStream) {
        if let title {
            out.write("'")
            out.write(title)
            out.write("'")
        }
        // The role in parentheses, after a space when a title is shown; nothing known is `(any)`.
        guard role != nil || title == nil else { return }
        out.write(title == nil ? "(" : " (")
        out.write(role?.rawValue ?? "any")
        out.write(")")
    }
}
