/// MakeItSo's reminder details sheet (current code), from BEHAVIOURS.md §2.8 (MIS code):
/// - "any × look at bar": "Cancel" on the left, "Done" on the right, both always enabled (Done has no
///   `.disabled` modifier);
/// - `isModified` is a value comparison (`original != reminder`): a revert makes the form clean again;
/// - "CLEAN × Done" and "DIRTY × Done": `onCommit` writes the reminder (unchanged or not) and dismisses,
///   no confirmation: the store is written in both cases;
/// - "CLEAN or REVERTED × Cancel": dismisses without saving;
/// - "DIRTY × Cancel": `confirmationDialog("", …)`, so no title, [Discard Changes (destructive),
///   Cancel (cancel)];
/// - "CLEAN or REVERTED × swipe": dismisses; "DIRTY × swipe": blocked, then the same dialog (no Save);
/// - "dialog × Discard Changes": dismissed, edits dropped; "dialog × Cancel": the dialog closes, the sheet
///   stays dirty.
///
/// Choices of this model where §2.8 is silent or the simulator cannot follow: the form holds the title
/// and notes text fields ("Title", "Notes" placeholders, §2.8's field facts); the reminder opens with
/// non-nil, empty notes, so §2.8's optional-to-empty trap (nil notes typed and erased stay modified) does
/// not arise here. The popover anchors (Cancel, or below the bar for the swipe) are synthetic.
@MainActor public final class MakeItSoApp: FormApp {
    public let name = "MakeItSo"
    public let listTitle = "Reminders"
    public let formTitle = "Details"
    public let formIdentifier = "reminder-details"
    public private(set) var document: FormDocument

    public static let discard = DialogAction("Discard Changes", role: .destructive)
    public static let cancel = DialogAction("Cancel", role: .cancel)

    public init() { document = Self.openingDocument() }

    static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "title-field", placeholder: "Title", text: "Buy milk", capitalisesSentences: true),
            FormField(identifier: "notes-field", placeholder: "Notes", text: ""),
        ])
    }

    public var cancelButton: BarButtonState? { .enabled }
    public var doneButton: BarButtonState? { .enabled }

    public func launch() { document = Self.openingDocument() }

    public func launch(opening texts: [String: String]) { document = Self.openingDocument().reopened(with: texts) }

    public func setText(_ text: String, of field: String) { document.setText(text, of: field) }

    public func tap(_ button: BarButton) {
        switch button {
        case .done: document.saveAndDismiss()
        case .cancel: askOrDismiss(from: .cancelButton)
        }
    }

    public func swipeDown() { askOrDismiss(from: .swipe) }

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }

    private func askOrDismiss(from source: DialogSource) {
        guard document.isModified else { return document.dismiss() }
        document.dialog = Dialog(title: nil, message: nil, actions: [Self.discard, Self.cancel], source: source)
    }
}
