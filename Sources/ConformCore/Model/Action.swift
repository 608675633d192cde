/// An action a person took, in the fixed form-dismissal vocabulary or in a policy-defined one.
public enum Action: Sendable {
    /// Fields set to values, or (`.changed`) to some new value that differs from the opening one.
    case edit(FieldEdits)
    /// `tap: LABEL`: a tap on the button with that label (`tap: Done`).
    case tap(String)
    /// `swipe: DIRECTION`: a swipe (`swipe: down`, which tries to dismiss the form).
    case swipe(String)
    /// `choose: TITLE`: the action with that title picked on an action sheet or confirmation dialog.
    case choose(String)
    /// `tap-outside:`: a tap outside the visible sheet, which runs its cancel action (the only way to
    /// cancel a confirmation dialog shown as a popover, iOS 26 iPhone and iPad). The text says where, if given.
    case tapOutside(String?)
    /// `present: SCREEN` or `present:`: the form was (re)opened, and the model starts again from its
    /// initial state. The screen is free text and not checked.
    case present(String?)
    /// A verb of a vocabulary that a policy defines (keyboard, disclosure, ...).
    case custom(verb: String, argument: ActionArgument)

    /// The verb as a trace writes it: `edit`, `tap`, `tap-outside`, ... or the policy's own verb.
    public var verb: String {
        switch self {
        case .edit: return "edit"
        case .tap: return "tap"
        case .swipe: return "swipe"
        case .choose: return "choose"
        case .tapOutside: return Action.tapOutsideVerb
        case .present: return "present"
        case .custom(let verb, _): return verb
        }
    }

    /// The step as a person reads it: `tap Done`, `edit title`, `keyboard-show height=336`.
    public var display: String {
        switch self {
        case .edit(let edits): return "edit " + edits.map(\.field).joined(separator: ", ")
        case .tap(let label): return "tap \(label)"
        case .swipe(let direction): return "swipe \(direction)"
        case .choose(let title): return "choose \(title)"
        case .tapOutside(let place): return place.map { "tap outside \($0)" } ?? "tap outside"
        case .present(let screen): return screen.map { "present \($0)" } ?? "present"
        case .custom(let verb, let argument):
            switch argument {
            case .none: return verb
            case .scalar(let value): return "\(verb) \(value.display)"
            case .record(let fields):
                return ([verb] + fields.map { "\($0.name)=\($0.value.display)" }).joined(separator: " ")
            }
        }
    }

    /// The action with every value it carries, as step tables show it: `edit title → "Milk and eggs"`
    /// (`display`, which messages use, names the edited fields only).
    public var detailed: String {
        guard case .edit(let edits) = self else { return display }
        return "edit "
            + edits.map { edit in
                guard let value = edit.value else { return "\(edit.field) → (a new value)" }
                if case .string(let text) = value { return "\(edit.field) → " + JSONValue.quoted(text) }
                return "\(edit.field) → \(value.display)"
            }.joined(separator: ", ")
    }

    /// The step as the JSON `observed` object shows it: `{ "tap": "Cancel" }`.
    public var json: JSONValue {
        switch self {
        case .edit(let edits):
            return .object([("edit", .object(edits.map { ($0.field, $0.value?.json ?? .string("(a new value)")) }))])
        case .tap(let label): return .object([("tap", .string(label))])
        case .swipe(let direction): return .object([("swipe", .string(direction))])
        case .choose(let title): return .object([("choose", .string(title))])
        case .tapOutside(let place): return .object([(Action.tapOutsideVerb, place.map(JSONValue.string) ?? .null)])
        case .present(let screen): return .object([("present", screen.map(JSONValue.string) ?? .null)])
        case .custom(let verb, let argument):
            switch argument {
            case .none: return .object([(verb, .null)])
            case .scalar(let value): return .object([(verb, value.json)])
            case .record(let fields): return .object([(verb, .object(fields.map { ($0.name, $0.value.json) }))])
            }
        }
    }
}

extension Action {
    /// The verb of `tapOutside` as a trace writes it.
    public static let tapOutsideVerb = "tap-outside"
}

/// The fields of an `edit` step, in the order written.
public typealias FieldEdits = TraceSlice<FieldEdit>

/// One field of an `edit` step.
public struct FieldEdit: Sendable {
    /// The field's name.
    public var field: String
    /// `nil` for `edit: FIELD`: some new value, different from the opening one.
    public var value: Value?

    /// The field set to `value`, or (`nil`) to some new value.
    public init(field: String, value: Value?) {
        self.field = field
        self.value = value
    }
}

/// The argument of a policy-defined action.
public enum ActionArgument: Sendable {
    /// No argument (`hide-keyboard:` with nothing after it).
    case none
    /// One value (`keyboard-show: 336`).
    case scalar(Value)
    /// Named parameters in the file's order (`keyboard-show: { height: 336 }`).
    case record([NamedValue])
}

/// A name and a value, in the order the file gives them.
public struct NamedValue: Sendable {
    /// The name as written.
    public var name: String
    /// Its value.
    public var value: Value

    /// A name and its value.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
