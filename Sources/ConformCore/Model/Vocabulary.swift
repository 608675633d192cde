/// The action verbs and observation keys a policy knows, with the shape of their values.
public struct Vocabulary: Sendable {
    public var actions: [String: ArgumentSpec]
    public var observations: [String: ObservationType]

    public init(actions: [String: ArgumentSpec], observations: [String: ObservationType]) {
        self.actions = actions
        self.observations = observations
    }

    /// The fixed form-dismissal vocabulary of PRODUCT §3.
    public static let form = Vocabulary(
        actions: [
            "edit": .fields, "tap": .scalar(.string), "swipe": .scalar(.string),
            "choose": .scalar(.string), "present": .optionalScalar(.string),
        ],
        observations: [
            "done": .value(FormDomain.buttonType), "cancel": .value(FormDomain.buttonType), "sheet": .sheet,
            "dismissed": .value(.bool), "saved": .value(.bool), "form": .fields,
        ])
}

/// What an action verb takes as its argument.
public enum ArgumentSpec: Sendable {
    /// No argument (`hide-keyboard:` with nothing after it).
    case none
    case scalar(ExprType)
    case optionalScalar(ExprType)
    /// A map of named parameters: `keyboard-show: { height: 336 }`.
    case record([String: ExprType])
    /// `edit`'s `{ FIELD: VALUE }` or a bare field name.
    case fields
}

/// What an observation key holds.
public enum ObservationType: Sendable {
    case value(ExprType)
    case sheet
    case fields
}

/// Names and types that the form-dismissal domain fixes.
public enum FormDomain {
    public static let name = "form"
    public static let buttonType = ExprType.enumeration(name: "button", cases: ["enabled", "disabled", "absent"])
    /// The roles of the two bar buttons, keyed as their observation keys are.
    public static let buttonRoles = ["done", "cancel"]
    public static let defaultLabels = ["done": "Done", "cancel": "Cancel"]
}
