extension AppScreen {
    /// In words, what the screen shows when a dialog is drawn in `style`: the text of a screenshot's
    /// `tEXt` chunk, e.g. `form 'Details' [title-field='Milk and eggs', notes-field=''] done=enabled
    /// dialog=[Discard Changes, Cancel]`. A popover lists only the buttons it shows and says that a tap
    /// outside it cancels.
    public func summary(dialogs style: Presentation.DialogStyle) -> String {
        if document.isDismissed {
            let row = document.fields.first.flatMap { document.stored[$0.identifier] } ?? ""
            return "list '\(listTitle)' row='\(row)'"
        }
        let fields = document.fields.map { "\($0.identifier)='\($0.text)'" }.joined(separator: ", ")
        var text = "form '\(formTitle)' [\(fields)]"
        if let cancelButton { text += " cancel=\(cancelButton)" }
        if let doneButton { text += " done=\(doneButton)" }
        if let dialog = document.dialog {
            let parts = [dialog.title, dialog.message].compactMap { $0 }.map { "'\($0)' " }.joined()
            let shown = style == .popover ? dialog.actions.filter { $0.role != .cancel } : dialog.actions
            text += " dialog=\(parts)[\(shown.map(\.title).joined(separator: ", "))]"
            if style == .popover { text += " outside=cancel" }
        }
        if showsKeyboard, let focus { text += " focus=\(focus)" }
        return text
    }

    /// The screenshot's colour: the list screen green, a dialog grey, the form white.
    var colour: (UInt8, UInt8, UInt8) {
        if document.isDismissed { return (52, 199, 89) }
        return document.dialog == nil ? (255, 255, 255) : (142, 142, 147)
    }
}
