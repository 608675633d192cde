/// The action verbs and observation keys a policy knows, with the shape of their values.
public struct Vocabulary: Sendable {
    /// Each action verb with what it takes as its argument.
    public var actions: [String: ArgumentSpec]
    /// Each observation key with what it holds.
    public var observations: [String: ObservationType]
    /// Arguments worth trying for each verb, in the file's order (`vocabulary.examples`): what
    /// `conform generate` and `conform compare` use for numbers, where no value can be guessed well.
    public var examples: [String: [ActionArgument]]
    /// Actions every generated scenario begins with (`vocabulary.setup`), such as the layout that gives
    /// the numbers a real device's size.
    public var setup: [Action]

    /// A vocabulary of these verbs and keys; `examples` and `setup` serve `generate` and `compare` only.
    public init(
        actions: [String: ArgumentSpec], observations: [String: ObservationType], examples: [String: [ActionArgument]] = [:],
        setup: [Action] = []
    ) {
        self.actions = actions
        self.observations = observations
        self.examples = examples
        self.setup = setup
    }

    /// The fixed form-dismissal vocabulary of PRODUCT §3.
    public static let form = Vocabulary(
        actions: [
            "edit": .fields, "tap": .scalar(.string), "swipe": .scalar(.string),
            "choose": .scalar(.string), "present": .optionalScalar(.string), Action.tapOutsideVerb: .optionalScalar(.string),
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
    /// One value of this type (`tap: Done`).
    case scalar(ExprType)
    /// One value of this type, or nothing (`present:`).
    case optionalScalar(ExprType)
    /// A map of named parameters: `keyboard-show: { height: 336 }`. Every parameter is required except
    /// those in `optional`, which a step may leave out (`arg.NAME` is then `null`).
    case record([String: ExprType], optional: Set<String> = [])
    /// `edit`'s `{ FIELD: VALUE }` or a bare field name.
    case fields
}

/// What an observation key holds.
public enum ObservationType: Sendable {
    /// A scalar of this type (`done: enabled`, `dismissed: true`).
    case value(ExprType)
    /// A sheet (`sheet:`).
    case sheet
    /// Field values (`form: { title: Milk }`).
    case fields
}

/// Names and types that the form-dismissal domain fixes.
public enum FormDomain {
    /// The form domain's name, as a policy's `domain:` gives it (also the default).
    public static let name = "form"
    /// The type of the `done` and `cancel` keys: `enabled`, `disabled` or `absent`.
    public static let buttonType = ExprType.enumeration(name: "button", cases: ["enabled", "disabled", "absent"])
    /// The roles of the two bar buttons, keyed as their observation keys are.
    public static let buttonRoles = ["done", "cancel"]
    /// The bar buttons' labels when a policy's `buttons:` does not give them.
    public static let defaultLabels = ["done": "Done", "cancel": "Cancel"]
}
