/// The state an edit form app keeps, whatever its policy: the fields, whether they were edited, the
/// dialog on screen, whether the form is dismissed and what the app's store holds.
public struct FormDocument: Equatable, Sendable {
    public private(set) var fields: [FormField]
    /// The values the form opened with.
    public let opening: [String]
    /// Set by the first change to any field and never cleared (a sticky "was edited" flag).
    public private(set) var wasEdited = false
    /// The dialog on screen, if any.
    public var dialog: Dialog?
    /// The form is gone; the list screen shows.
    public private(set) var isDismissed = false
    /// What the app's store holds for each field: the opening values until a save.
    public private(set) var stored: [String: String]
    /// How many times the app wrote its store since launch: what a test reads to know whether the app
    /// saved (the UI cannot show it).
    public private(set) var saveCount = 0

    public init(fields: [FormField]) {
        self.fields = fields
        opening = fields.map(\.text)
        stored = Dictionary(uniqueKeysWithValues: fields.map { ($0.identifier, $0.text) })
    }

    /// Some field differs from its opening value (a value comparison: setting the text back makes the
    /// form unmodified again).
    public var isModified: Bool { fields.map(\.text) != opening }

    public func field(_ identifier: String) -> FormField? {
        fields.first { $0.identifier == identifier }
    }

    /// Sets a field's text; a change marks the form edited. Unknown fields are ignored.
    public mutating func setText(_ text: String, of identifier: String) {
        guard let index = fields.firstIndex(where: { $0.identifier == identifier }), fields[index].text != text else { return }
        fields[index].text = text
        wasEdited = true
    }

    /// Writes the fields to the store and dismisses the form.
    public mutating func saveAndDismiss() {
        for field in fields { stored[field.identifier] = field.text }
        saveCount += 1
        dismiss()
    }

    /// This document as it looks while `other`'s presentation is still on screen: its fields, with
    /// `other`'s dialog and dismissal (a change that has not landed yet).
    public func presenting(like other: FormDocument) -> FormDocument {
        var document = self
        document.dialog = other.dialog
        document.isDismissed = other.isDismissed
        return document
    }

    /// Dismisses the form; the store keeps what it had.
    public mutating func dismiss() {
        dialog = nil
        isDismissed = true
    }

    /// The same form opening with other texts in the fields `texts` names (by identifier): those texts are
    /// then its opening values and what its store holds.
    public func reopened(with texts: [String: String]) -> FormDocument {
        FormDocument(
            fields: fields.map { field in
                var field = field
                if let text = texts[field.identifier] { field.text = text }
                return field
            })
    }
}
