/// A Contacts-like contact editor, from BEHAVIOURS.md §2.2 (Apple Contacts, iOS 13, as SG-EN observed it):
/// - "any × Cancel visible?": a Cancel button on the left, Done on the right;
/// - "CLEAN × Done": Done greyed out until an edit; Done saves and dismisses (§2.1's general claim for
///   "almost all apps", which §2.2 shares);
/// - "CLEAN × Cancel": dismisses; "DIRTY × Cancel": an action sheet asks for confirmation;
/// - "any × swipe down": swipe-to-dismiss is not implemented, the form does not dismiss.
///
/// Choices of this model where §2.2 has no source:
/// - the blocked swipe shows nothing: the swipe is ignored (§2.2 leaves "shows any sheet" unverified);
/// - "edited" is a value comparison: a revert greys Done again and Cancel dismisses without asking
///   (no source; Apple's own sample, §2.5, does this);
/// - the sheet's strings are the app's own, since no source gives Apple's: no title, no message, a
///   destructive "Discard Changes" above a cancel-role "Keep Editing" (the later-iOS recollection of
///   §2.3, marked unverified there). Any titles would do: the policy matches these actions by role;
/// - "Discard Changes" dismisses without saving; "Keep Editing" closes the sheet and keeps the edits;
/// - on iPad and iOS 26 the sheet is a popover anchored to Cancel, as Apple's sample anchors it (§2.5).
@MainActor public final class ContactsLikeApp: FormApp {
    public let name = "Contacts"
    public let listTitle = "Contacts"
    public let formTitle = "Edit Contact"
    public let formIdentifier = "contact-editor"
    public private(set) var document: FormDocument

    public static let discard = DialogAction("Discard Changes", role: .destructive)
    public static let keepEditing = DialogAction("Keep Editing", role: .cancel)

    public init() { document = Self.openingDocument() }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "first-name-field", placeholder: "First name", text: "John", capitalisesSentences: true),
            FormField(identifier: "company-field", placeholder: "Company", text: ""),
        ])
    }

    public var cancelButton: BarButtonState? { .enabled }
    public var doneButton: BarButtonState? { document.isModified ? .enabled : .disabled }

    public func launch() { document = Self.openingDocument() }

    public func launch(opening texts: [String: String]) { document = Self.openingDocument().reopened(with: texts) }

    public func setText(_ text: String, of field: String) { document.setText(text, of: field) }

    public func tap(_ button: BarButton) {
        switch button {
        case .done:
            if document.isModified { document.saveAndDismiss() }
        case .cancel:
            guard document.isModified else { return document.dismiss() }
            document.dialog = Dialog(title: nil, message: nil, actions: [Self.discard, Self.keepEditing], source: .cancelButton)
        }
    }

    /// Not implemented by the app, and the form is modal: the sheet springs back, nothing is shown.
    public func swipeDown() {}

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }
}
