/// Which element to look for: by type, identifier or label; a part left `nil` matches anything.
public struct ElementMatch: Hashable, Sendable, CustomStringConvertible {
    /// The element type it must have; `nil`: any.
    public var kind: UIElementKind?
    /// The accessibility identifier it must have; `nil`: any.
    public var identifier: String?
    /// The accessibility label it must have; `nil`: any.
    public var label: String?
    /// A text that must be its identifier or its label (either will do), as XCUITest's
    /// `matching(identifier:)` finds an element by either; `nil`: any.
    public var name: String?

    /// A match on each part given; a part left `nil` matches anything.
    public init(kind: UIElementKind? = nil, identifier: String? = nil, label: String? = nil, name: String? = nil) {
        self.kind = kind
        self.identifier = identifier
        self.label = label
        self.name = name
    }

    /// An element whose accessibility label is `label` (a button: `.label("Done")`).
    public static func label(_ label: String, kind: UIElementKind? = nil) -> ElementMatch {
        ElementMatch(kind: kind, label: label)
    }

    /// An element whose accessibility identifier is `identifier` (`.identifier("save-button")`).
    public static func identifier(_ identifier: String, kind: UIElementKind? = nil) -> ElementMatch {
        ElementMatch(kind: kind, identifier: identifier)
    }

    /// Any element of this type.
    public static func kind(_ kind: UIElementKind) -> ElementMatch {
        ElementMatch(kind: kind)
    }

    /// An element whose identifier or label is `name`: how a policy's label finds a button when the
    /// options give no other way (`ScreenObserver.Options.titles`).
    public static func named(_ name: String, kind: UIElementKind? = nil) -> ElementMatch {
        ElementMatch(kind: kind, name: name)
    }

    /// Whether `element` is the one looked for.
    public func matches(_ element: any UIElementSnapshot) -> Bool {
        if let kind, element.elementType != kind { return false }
        if let identifier, element.identifier != identifier { return false }
        if let label, element.label != label { return false }
        if let name, element.identifier != name, element.label != name { return false }
        return true
    }

    /// The match in words, as messages name it: `button label 'Done'`.
    public var description: String {
        var parts: [String] = []
        if let kind { parts.append(kind.rawValue) }
        if let identifier { parts.append("identifier '\(identifier)'") }
        if let label { parts.append("label '\(label)'") }
        if let name { parts.append("identifier or label '\(name)'") }
        return parts.isEmpty ? "any element" : parts.joined(separator: " ")
    }
}
