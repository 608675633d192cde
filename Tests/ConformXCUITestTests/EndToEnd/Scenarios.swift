import ConformCore

/// What a person does in a recording, written as a UI test writes it: through the session's adapter
/// helpers only. Every scenario starts with a look at the opened form.
struct Scenario: Sendable, CustomStringConvertible {
    let name: String
    let run: @MainActor (RecordingSession) throws -> Void

    var description: String { name }

    // MARK: - Reminders-like (and the broken app, which looks the same)

    /// Edit, swipe down, keep editing (Cancel: on a popover a tap outside it), swipe again, discard.
    static let swipeKeepEditingThenDiscard = Scenario(name: "swipe-discard") { s in
        try s.recorder.observe()
        try s.edit("title-field", as: "title", to: "milk and eggs")
        try s.swipeDown()
        try s.choose("Cancel", role: .cancel)
        try s.swipeDown()
        try s.choose("Discard Changes")
    }

    static let doneSaves = Scenario(name: "done-saves") { s in
        try s.recorder.observe()
        try s.edit("title-field", as: "title", to: "bread")
        try s.tapBar("Done")
    }

    static let cleanSwipe = Scenario(name: "clean-swipe") { s in
        try s.recorder.observe()
        try s.swipeDown()
    }

    /// Edit the notes, set them back, swipe: an unmodified form goes without asking.
    static let revertThenSwipe = Scenario(name: "revert-swipe") { s in
        try s.recorder.observe()
        try s.edit("notes-field", as: "notes", to: "two litres")
        try s.edit("notes-field", as: "notes", to: "")
        try s.swipeDown()
    }

    /// Edit, swipe down: the step the broken app gets wrong.
    static let editThenSwipe = Scenario(name: "edit-swipe") { s in
        try s.recorder.observe()
        try s.edit("title-field", as: "title", to: "milk and eggs")
        try s.swipeDown()
    }

    static let reminders = [swipeKeepEditingThenDiscard, doneSaves, cleanSwipe, revertThenSwipe, editThenSwipe]

    // MARK: - One-handed

    /// Edit, Cancel, keep editing, swipe, save from the swipe's dialog.
    static let cancelKeepEditingThenSwipeSave = Scenario(name: "cancel-swipe-save") { s in
        try s.recorder.observe()
        try s.edit("name-field", as: "name", to: "ada lovelace")
        try s.tapBar("Cancel")
        try s.choose("Cancel", role: .cancel)
        try s.swipeDown()
        try s.choose("Save changes")
    }

    static let cancelDiscards = Scenario(name: "cancel-discard") { s in
        try s.recorder.observe()
        try s.edit("email-field", as: "email", to: "ada@example.org")
        try s.tapBar("Cancel")
        try s.choose("Cancel changes")
    }

    /// Edit, swipe, keep editing (a tap outside on a popover), swipe again, cancel the changes.
    static let swipeKeepEditingThenCancelChanges = Scenario(name: "swipe-cancel-changes") { s in
        try s.recorder.observe()
        try s.edit("email-field", as: "email", to: "ada@example.org")
        try s.swipeDown()
        try s.choose("Cancel", role: .cancel)
        try s.swipeDown()
        try s.choose("Cancel changes")
    }

    /// Edit, set back, Done: the edited flag is sticky, so Done stays enabled and saves.
    static let revertThenDone = Scenario(name: "revert-done") { s in
        try s.recorder.observe()
        try s.edit("name-field", as: "name", to: "ada l")
        try s.edit("name-field", as: "name", to: "ada")
        try s.tapBar("Done")
    }

    static let cleanCancel = Scenario(name: "clean-cancel") { s in
        try s.recorder.observe()
        try s.tapBar("Cancel")
    }

    static let oneHanded = [
        cancelKeepEditingThenSwipeSave, cancelDiscards, swipeKeepEditingThenCancelChanges, revertThenDone, cleanCancel, cleanSwipe,
    ]
}
