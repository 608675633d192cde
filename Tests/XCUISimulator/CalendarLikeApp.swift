/// A Calendar-like event editor, from BEHAVIOURS.md §2.3 (Apple Calendar, iOS 13, as SG-EN observed it):
/// - "any × Cancel visible?": a Cancel button on the left, Done on the right;
/// - "CLEAN × Done": Done greyed out until an edit; Done saves and dismisses (§2.1's general claim);
/// - "DIRTY × Cancel": an action sheet asks for confirmation; a clean form's Cancel dismisses (as in §2.2:
///   the sheet appears only when there are changes);
/// - "CLEAN × swipe": dismisses; "DIRTY × swipe": an action sheet asks for confirmation before dismissing.
///
/// Choices of this model where §2.3 has no source:
/// - one sheet for Cancel and for the swipe, with the app's own strings: no title, no message, a
///   destructive "Discard Changes" above a cancel-role "Keep Editing" (§2.3's unverified recollection of
///   later iOS versions; the policy matches these actions by role, so the titles are free);
/// - "edited" is a value comparison: a revert greys Done again, and Cancel and the swipe dismiss silently;
/// - "Discard Changes" dismisses without saving; "Keep Editing" closes the sheet and keeps the edits;
/// - on iPad and iOS 26 the sheet is a popover anchored to Cancel when Cancel opened it, below the bar
///   when the swipe did.
@MainActor public final class CalendarLikeApp: FormApp {
    public let name = "Calendar"
    public let listTitle = "Calendar"
    public let formTitle = "Edit Event"
    public let formIdentifier = "event-editor"
    public private(set) var document: FormDocument

    public static let discard = DialogAction("Discard Changes", role: .destructive)
    public static let keepEditing = DialogAction("Keep Editing", role: .cancel)

    public init() { document = Self.openingDocument() }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "event-title-field", placeholder: "Title", text: "Lunch", capitalisesSentences: true),
            FormField(identifier: "location-field", placeholder: "Location", text: ""),
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
            askOrDismiss(from: .cancelButton)
        }
    }

    public func swipeDown() { askOrDismiss(from: .swipe) }

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }

    private func askOrDismiss(from source: DialogSource) {
        guard document.isModified else { return document.dismiss() }
        document.dialog = Dialog(title: nil, message: nil, actions: [Self.discard, Self.keepEditing], source: source)
    }
}
