/// A SwiftUI sheet that blocks a modified form's swipe with plain `interactiveDismissDisabled(isModified)`:
/// MakeItSo's first version, from BEHAVIOURS.md §2.9 (MIS-v1), on the API of §2.11:
/// - "Same toolbar, dialog and strings as 2.8": "Cancel" and "Done", both always enabled; Done writes
///   the reminder and dismisses (§2.8 "CLEAN × Done", "DIRTY × Done"); `isModified` is a value comparison;
/// - "CLEAN or REVERTED × Cancel" dismisses (§2.8); "DIRTY × Cancel": a dialog with no title,
///   [Discard Changes (destructive), Cancel (cancel)] (§2.9); Discard Changes dismisses without saving,
///   Cancel closes the dialog and keeps the edits (§2.8);
/// - "CLEAN or REVERTED × swipe": dismisses (§2.9, §2.11 "flag false");
/// - "DIRTY × swipe": blocked and no dialog appears (§2.9, §2.11 "flag true": no callback, no dialog).
///   The model ignores the swipe: the sheet springs back (that visual is UNVERIFIED in §2.11).
/// - "any × programmatic dismiss()" (§2.11): the toolbar buttons still dismiss a modified form.
///
/// Choices where the rows are silent: the same fields as `MakeItSoApp`; popover anchors are synthetic.
@MainActor public final class DismissDisabledApp: FormApp {
    public let name = "MakeItSo v1"
    public let listTitle = "Reminders"
    public let formTitle = "Details"
    public let formIdentifier = "reminder-details"
    public private(set) var document: FormDocument

    public init() { document = MakeItSoApp.openingDocument() }

    public var cancelButton: BarButtonState? { .enabled }
    public var doneButton: BarButtonState? { .enabled }

    public func launch() { document = MakeItSoApp.openingDocument() }

    public func launch(opening texts: [String: String]) { document = MakeItSoApp.openingDocument().reopened(with: texts) }

    public func setText(_ text: String, of field: String) { document.setText(text, of: field) }

    public func tap(_ button: BarButton) {
        switch button {
        case .done:
            document.saveAndDismiss()
        case .cancel:
            guard document.isModified else { return document.dismiss() }
            document.dialog = Dialog(
                title: nil, message: nil, actions: [MakeItSoApp.discard, MakeItSoApp.cancel], source: .cancelButton)
        }
    }

    /// `interactiveDismissDisabled(isModified)`: a modified sheet does not move, and nothing is shown.
    public func swipeDown() {
        if !document.isModified { document.dismiss() }
    }

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }
}
