/// A Reminders-like edit sheet, from BEHAVIOURS.md §2.1 (Apple Reminders, iOS 13 redesign, as SG-EN
/// observed it):
/// - no Cancel button;
/// - Done greyed out until an edit; Done saves and dismisses;
/// - a swipe down dismisses an unedited form;
/// - a swipe down on an edited form shows an action sheet asking to confirm dropping the changes.
///
/// Choices of this model where §2.1 has no source:
/// - "edited" is a value comparison: setting a field back to its opening text greys Done again and
///   lets the swipe dismiss silently (§2.1 leaves REVERTED unverified; Apple's sample, §2.5, does this);
/// - the dialog's strings are the app's own choice, since no source gives Apple's: no title, no
///   message, a destructive "Discard Changes" above a cancel-role "Cancel" (the shape of the sheet in
///   Apple's sample, §2.5);
/// - "Discard Changes" dismisses without saving; "Cancel" closes the dialog and keeps the edits.
///
/// `askingBeforeDiscard: false` makes the broken app: an edited form's swipe dismisses it at once,
/// without asking and without saving. `savingOnDone: false` makes the forgetful app: everything on the
/// form is right, but Done closes it without writing the store (only `saved` can tell).
@MainActor public final class RemindersLikeApp: FormApp {
    public let name: String
    public let listTitle = "Reminders"
    public let formTitle = "Details"
    public let formIdentifier = "reminder-form"
    public private(set) var document: FormDocument
    private let askingBeforeDiscard: Bool
    private let savingOnDone: Bool

    public static let discard = DialogAction("Discard Changes", role: .destructive)
    public static let keepEditing = DialogAction("Cancel", role: .cancel)

    public init(askingBeforeDiscard: Bool = true, savingOnDone: Bool = true) {
        self.askingBeforeDiscard = askingBeforeDiscard
        self.savingOnDone = savingOnDone
        name = !askingBeforeDiscard ? "Broken Reminders" : savingOnDone ? "Reminders" : "Forgetful Reminders"
        document = Self.openingDocument()
    }

    /// The broken app: Reminders-like, but an edited form's swipe dismisses it without asking.
    public static func broken() -> RemindersLikeApp { RemindersLikeApp(askingBeforeDiscard: false) }

    /// The forgetful app: Reminders-like, but Done closes the form without saving.
    public static func forgetful() -> RemindersLikeApp { RemindersLikeApp(savingOnDone: false) }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "title-field", placeholder: "Title", text: "Milk", capitalisesSentences: true),
            FormField(identifier: "notes-field", placeholder: "Notes", text: ""),
        ])
    }

    public var cancelButton: BarButtonState? { nil }
    public var doneButton: BarButtonState? { document.isModified ? .enabled : .disabled }

    public func launch() { document = Self.openingDocument() }

    public func launch(opening texts: [String: String]) { document = Self.openingDocument().reopened(with: texts) }

    public func setText(_ text: String, of field: String) { document.setText(text, of: field) }

    public func tap(_ button: BarButton) {
        // Done is the only button; the device delivers taps to enabled buttons only.
        guard button == .done, document.isModified else { return }
        if savingOnDone { document.saveAndDismiss() } else { document.dismiss() }
    }

    public func swipeDown() {
        guard document.isModified else { return document.dismiss() }
        guard askingBeforeDiscard else { return document.dismiss() }
        document.dialog = Dialog(title: nil, message: nil, actions: [Self.discard, Self.keepEditing], source: .swipe)
    }

    public func choose(actionAt index: Int) {
        guard let dialog = document.dialog, dialog.actions.indices.contains(index) else { return }
        switch dialog.actions[index].role {
        case .destructive: document.dismiss()
        case .cancel, .default: document.dialog = nil
        }
    }
}
