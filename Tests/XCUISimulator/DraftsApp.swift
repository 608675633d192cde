/// A team's draft editor that follows the team's own policy `team-drafts`
/// (Tests/GeneratedUITests/Policies/team-drafts.yaml, not a built-in one): written from that policy's
/// summary, as a team writes its app from its own rule.
/// - Cancel on the left, Save on the right, Save enabled while the draft differs from what it opened with;
/// - Save saves and closes; Cancel or a swipe down closes an unchanged draft at once;
/// - on a changed draft, Cancel and the swipe ask "Keep this draft?" (no message) [Keep Draft (default),
///   Delete Draft (destructive), Keep Editing (cancel)]: Keep Draft saves and closes, Delete Draft closes
///   without saving, Keep Editing goes back to the draft.
@MainActor public final class DraftsApp: FormApp {
    public let name = "Drafts"
    public let listTitle = "Drafts"
    public let formTitle = "Draft"
    public let formIdentifier = "draft-editor"
    public let doneTitle = "Save"
    public private(set) var document: FormDocument

    public static let keep = DialogAction("Keep Draft", role: .default)
    public static let delete = DialogAction("Delete Draft", role: .destructive)
    public static let keepEditing = DialogAction("Keep Editing", role: .cancel)

    public init() { document = Self.openingDocument() }

    private static func openingDocument() -> FormDocument {
        FormDocument(fields: [
            FormField(identifier: "draft-title-field", placeholder: "Title", text: "Buy milk", capitalisesSentences: true)
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
        case .cancel: ask(from: .cancelButton)
        }
    }

    public func swipeDown() { ask(from: .swipe) }

    public func choose(actionAt index: Int) { document.answer(actionAt: index) }

    private func ask(from source: DialogSource) {
        guard document.isModified else { return document.dismiss() }
        document.dialog = Dialog(
            title: "Keep this draft?", message: nil, actions: [Self.keep, Self.delete, Self.keepEditing], source: source)
    }
}
