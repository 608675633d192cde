/// Steve Gigou's one-handed `FormViewController`, from BEHAVIOURS.md §2.6 (SG-EN code and screenshots):
/// - system Cancel on the left, system Done on the right, Done disabled until the first edit;
/// - the first edit sets a sticky "was edited" flag: Done stays enabled after a revert, and the form
///   becomes modal (`isModalInPresentation = true`);
/// - Done saves and dismisses, without asking;
/// - Cancel dismisses an unedited form; on an edited one it asks "Do you want to cancel?" /
///   "The changes will be reversed." [Cancel changes (destructive), Cancel (cancel)];
/// - a swipe dismisses an unedited form; on an edited one it is blocked and asks "You have unsaved
///   changes!" / "If you cancel, the changes will be reversed." [Save changes (default), Cancel changes
///   (destructive), Cancel (cancel)];
/// - "Save changes" saves and dismisses; "Cancel changes" dismisses without saving; "Cancel" closes
///   the dialog and the form stays edited.
///
/// On iPad the original sets no popover anchor (§2.6: UNVERIFIED what UIKit does); this model anchors
/// the dialog to what the person touched, as a fixed app would.
@MainActor public final class OneHandedApp: FormApp {
    public let name = "One-handed"
    public let listTitle = "Contacts"
    public let formTitle = "Edit contact"
    public let formIdentifier = "contact-form"
    public private(set) var document: FormDocument

    public static let cancelChanges = DialogAction("Cancel changes", role: .destructive)
    public static let keepEditing = DialogAction("Cancel", role: .cancel)
    public static let saveChanges = DialogAction("Save changes", role: .default)

    public init() { document = Self.openingDocument() }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "name-field", placeholder: "Name", text: "Ada", capitalisesSentences: true),
            FormField(identifier: "email-field", placeholder: "E-mail", text: "ada@example.com"),
        ])
    }

    public var cancelButton: BarButtonState? { .enabled }
    public var doneButton: BarButtonState? { document.wasEdited ? .enabled : .disabled }

    public func launch() { document = Self.openingDocument() }

    public func launch(opening texts: [String: String]) { document = Self.openingDocument().reopened(with: texts) }

    public func setText(_ text: String, of field: String) { document.setText(text, of: field) }

    public func tap(_ button: BarButton) {
        switch button {
        case .done:
            if document.wasEdited { document.saveAndDismiss() }
        case .cancel:
            guard document.wasEdited else { return document.dismiss() }
            document.dialog = Dialog(
                title: "Do you want to cancel?", message: "The changes will be reversed.",
                actions: [Self.cancelChanges, Self.keepEditing], source: .cancelButton)
        }
    }

    public func swipeDown() {
        guard document.wasEdited else { return document.dismiss() }
        document.dialog = Dialog(
            title: "You have unsaved changes!", message: "If you cancel, the changes will be reversed.",
            actions: [Self.saveChanges, Self.cancelChanges, Self.keepEditing], source: .swipe)
    }

    public func choose(actionAt index: Int) {
        guard let dialog = document.dialog, dialog.actions.indices.contains(index) else { return }
        switch dialog.actions[index].role {
        case .default: document.saveAndDismiss()
        case .destructive: document.dismiss()
        case .cancel: document.dialog = nil
        }
    }
}
