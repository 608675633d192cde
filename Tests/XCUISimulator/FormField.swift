/// One text field of an edit form, as the app holds it.
public struct FormField: Equatable, Sendable {
    /// The accessibility identifier the app sets: what a UI test queries (`app.textFields["title-field"]`).
    public let identifier: String
    /// The grey text shown while the field is empty.
    public let placeholder: String
    /// The field's text now.
    public var text: String
    /// The field's `autocapitalizationType` is `.sentences`: the keyboard capitalises the first letter
    /// typed at the start of a sentence, so what the field holds can differ from what a test typed.
    public let capitalisesSentences: Bool

    public init(identifier: String, placeholder: String, text: String, capitalisesSentences: Bool = false) {
        self.identifier = identifier
        self.placeholder = placeholder
        self.text = text
        self.capitalisesSentences = capitalisesSentences
    }
}
