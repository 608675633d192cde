extension FormDocument {
    /// What most edit forms do when the person chooses a dialog action, by its role: a default action
    /// saves and dismisses, a destructive one dismisses without saving, the cancel action closes the
    /// dialog and keeps the edits. An index with no action does nothing.
    ///
    /// The role decides, not the title: the models that use this say which rows of BEHAVIOURS.md give
    /// their actions these meanings.
    public mutating func answer(actionAt index: Int) {
        guard let dialog, dialog.actions.indices.contains(index) else { return }
        switch dialog.actions[index].role {
        case .default: saveAndDismiss()
        case .destructive: dismiss()
        case .cancel: self.dialog = nil
        }
    }
}
