/// The edit sheet of Apple's sample "Disabling the pull-down gesture for a sheet", from BEHAVIOURS.md §2.5
/// (APL code):
/// - "CLEAN × look at Save": Cancel on the left; the right button is "Save" (not Done), disabled while
///   clean (`saveButton.isEnabled = hasChanges`);
/// - the dirty flag is a value comparison (`hasChanges = originalText != editedText`): "REVERTED × Save
///   button" disabled again, "REVERTED × swipe" and "REVERTED × Cancel" dismiss silently;
/// - "DIRTY × Save": saved and dismissed, no confirmation;
/// - "CLEAN × Cancel": dismisses; "DIRTY × Cancel": a sheet with no title or message, [Discard Changes
///   (destructive), Cancel (cancel)], no Save;
/// - "CLEAN × swipe": dismisses; "DIRTY × swipe": blocked (`isModalInPresentation = hasChanges`), then a
///   sheet with no title, [Save (default), Discard Changes (destructive), Cancel (cancel)];
/// - "sheet × Cancel" closes the sheet and keeps the edits; "sheet × Discard Changes" dismisses without
///   saving; "sheet × Save" saves and dismisses;
/// - "iPad": the sheet is a popover anchored to the Cancel bar button, for both sheets (the sample sets
///   `barButtonItem = cancelButton`); this model anchors it there on iOS 26 iPhones too.
///
/// Choices of this model where §2.5 is silent: the sample edits one text view; this form holds it as
/// one text field ("text-field", opening "Hello"), which the simulator can type into.
@MainActor public final class AppleSampleApp: FormApp {
    public let name = "Sheet Sample"
    public let listTitle = "Sample"
    public let formTitle = "Edit"
    public let formIdentifier = "sample-editor"
    public let doneTitle = "Save"
    public private(set) var document: FormDocument

    public static let save = DialogAction("Save", role: .default)
    public static let discard = DialogAction("Discard Changes", role: .destructive)
    public static let cancel = DialogAction("Cancel", role: .cancel)

    public init() { document = Self.openingDocument() }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [FormField(identifier: "text-field", placeholder: "Text", text: "Hello", capitalisesSentences: true)])
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
            // "Only ask if the user wants to save if they attempt to pull to dismiss, not if they tap Cancel."
            document.dialog = Dialog(title: nil, message: nil, actions: [Self.discard, Self.cancel], source: .cancelButton)
        }
    }

    public func swipeDown() {
        guard document.isModified else { return document.dismiss() }
        document.dialog = Dialog(title: nil, message: nil, actions: [Self.save, Self.discard, Self.cancel], source: .cancelButton)
    }

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }
}
