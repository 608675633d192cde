import ConformCore
import ConformReports

/// One key of a `see` step, for `TraceRecorder.see(_:)`: `.done(.enabled)`, `.sheet(.none)`,
/// `.dismissed(true)`, `.offset(202)`, `.indicators(false)`, or any key with `.key(_:_:)`.
public struct Seen: Sendable {
    /// The observation item this builds: the key, its value, no position.
    public var item: ObservedItem

    /// Any observation key with any value, e.g. `Seen("sheet", .sheet(.none))`.
    public init(_ key: String, _ value: ObservedValue) {
        item = ObservedItem(key: key, value: value, position: .start)
    }

    /// Any observation key a policy defines, with a scalar value.
    public static func key(_ key: String, _ value: Value) -> Seen { Seen(key, .scalar(value)) }

    /// How a bar button is shown.
    public enum Button: String, Sendable {
        /// Shown and tappable.
        case enabled
        /// Shown, greyed out.
        case disabled
        /// Not shown.
        case absent
    }

    /// `done:` the confirming bar button.
    public static func done(_ state: Button) -> Seen { Seen("done", .scalar(.symbol(state.rawValue))) }
    /// `cancel:` the cancelling bar button.
    public static func cancel(_ state: Button) -> Seen { Seen("cancel", .scalar(.symbol(state.rawValue))) }
    /// `dismissed:` whether the form is gone.
    public static func dismissed(_ flag: Bool) -> Seen { Seen("dismissed", .scalar(.bool(flag))) }
    /// `saved:` whether the edits were persisted (`true`) or dropped (`false`).
    public static func saved(_ flag: Bool) -> Seen { Seen("saved", .scalar(.bool(flag))) }
    /// `form:` the fields as displayed, in this order.
    public static func form(_ fields: KeyValuePairs<String, Value>) -> Seen {
        Seen("form", .fields(ObservedFields(fields.map { NamedValue(name: $0.key, value: $0.value) })))
    }

    /// `sheet:` no action sheet (`.none`), one whose details are not checked (`.shown`), or its parts.
    public static func sheet(_ sheet: SheetObservation) -> Seen { Seen("sheet", .sheet(sheet)) }

    /// `sheet: { title:, message:, actions:, outside: cancel }`; a part left `nil` is not checked, `.absent`
    /// means none is shown. `outsideCancels`: the sheet has no button for its cancel action, a tap outside
    /// it cancels (a popover dialog on iOS 26 iPhone and iPad); `actions` then lists the buttons shown.
    public static func sheet(
        title: TextObservation? = nil, message: TextObservation? = nil, actions: [SheetAction]? = nil, outsideCancels: Bool = false
    ) -> Seen {
        let seen = actions.map { actions in
            SheetActions(actions.map { SheetActionObservation(title: $0.title, role: $0.role, position: .start) })
        }
        return Seen("sheet", .sheet(.details(title: title, message: message, actions: seen, outsideCancels: outsideCancels)))
    }

    /// `offset:` the scroll view's `contentOffset.y` (keyboard vocabulary).
    public static func offset(_ points: Double) -> Seen { Seen("offset", .scalar(.number(points))) }
    /// `inset:` the scroll view's `contentInset.bottom` (keyboard vocabulary).
    public static func inset(_ points: Double) -> Seen { Seen("inset", .scalar(.number(points))) }
    /// `indicators:` whether the visible disclosable rows show the indicator (disclosure vocabulary).
    public static func indicators(_ shown: Bool) -> Seen { Seen("indicators", .scalar(.bool(shown))) }
}

/// An action of a sheet as seen: its title and, where the platform shows it, its role.
public struct SheetAction: Sendable, ExpressibleByStringLiteral {
    /// The action's title as shown.
    public var title: String
    /// Its role (`destructive`, `cancel`), where the platform shows it; `nil` when not observed.
    public var role: SheetRole?

    /// An action titled `title`, with its role when it is known.
    public init(_ title: String, role: SheetRole? = nil) {
        self.title = title
        self.role = role
    }

    /// An action given by its title alone: `["Discard Changes", "Cancel"]`.
    public init(stringLiteral title: String) {
        self.init(title)
    }
}
