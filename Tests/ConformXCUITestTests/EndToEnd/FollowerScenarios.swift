/// Scenarios for the apps that follow the other built-in form policies (`ModelledApp.followers`). They
/// name fields and buttons through the app's description (`ModelledApp`), as a UI test written for that
/// app would: the first field is the one edited, the last the one edited and set back.
extension Scenario {
    /// Done on an unedited form: for MakeItSo's, whose Done is always enabled and saves.
    static let cleanDone = Scenario(name: "clean-done") { s in
        try s.recorder.observe()
        try s.tapBar(s.app.doneTitle)
    }

    static let editDone = Scenario(name: "edit-done") { s in
        try s.recorder.observe()
        try s.editFirst(to: "new value")
        try s.tapBar(s.app.doneTitle)
    }

    /// Edit, Cancel, keep editing (a tap outside on a popover), Cancel again, discard.
    static let cancelKeepEditingThenDiscard = Scenario(name: "cancel-keep-discard") { s in
        try s.recorder.observe()
        try s.editFirst(to: "new value")
        try s.tapBar("Cancel")
        try s.choose(s.app.keepEditingTitle, role: .cancel)
        try s.tapBar("Cancel")
        try s.choose("Discard Changes")
    }

    /// Edit, swipe (it asks), keep editing, swipe again, discard.
    static let swipeKeepEditingThenDiscardChanges = Scenario(name: "swipe-keep-discard") { s in
        try s.recorder.observe()
        try s.editFirst(to: "new value")
        try s.swipeDown()
        try s.choose(s.app.keepEditingTitle, role: .cancel)
        try s.swipeDown()
        try s.choose("Discard Changes")
    }

    /// Edit, swipe (it asks, with a Save action), keep editing, swipe again, save.
    static let swipeKeepEditingThenSave = Scenario(name: "swipe-keep-save") { s in
        try s.recorder.observe()
        try s.editFirst(to: "new value")
        try s.swipeDown()
        try s.choose(s.app.keepEditingTitle, role: .cancel)
        try s.swipeDown()
        try s.choose("Save")
    }

    /// Edit, swipe: nothing is shown and the form stays; then Done saves.
    static let swipeIgnoredThenDone = Scenario(name: "swipe-ignored-done") { s in
        try s.recorder.observe()
        try s.editFirst(to: "new value")
        try s.swipeDown()
        try s.tapBar(s.app.doneTitle)
    }

    /// Edit the last field, set it back, Cancel: a value-compared form is clean again and goes at once.
    static let revertThenCancel = Scenario(name: "revert-cancel") { s in
        try s.recorder.observe()
        try s.editLast(to: "changed")
        try s.editLast(to: s.app.fieldValues.last?.opening ?? "")
        try s.tapBar("Cancel")
    }

    /// Edit the last field, set it back, swipe: a value-compared form is clean again and goes at once.
    static let revertLastThenSwipe = Scenario(name: "revert-swipe") { s in
        try s.recorder.observe()
        try s.editLast(to: "changed")
        try s.editLast(to: s.app.fieldValues.last?.opening ?? "")
        try s.swipeDown()
    }

    /// What each follower is recorded doing: every dialog it shows, each of its actions, and the
    /// clean, edited and reverted forms' answers to Cancel, Done and the swipe.
    static func following(_ app: ModelledApp) -> [Scenario] {
        switch app {
        case .contactsLike:
            return [cleanCancel, cleanSwipe, editDone, cancelKeepEditingThenDiscard, swipeIgnoredThenDone, revertThenCancel]
        case .calendarLike:
            return [
                cleanCancel, cleanSwipe, editDone, cancelKeepEditingThenDiscard, swipeKeepEditingThenDiscardChanges, revertLastThenSwipe,
            ]
        case .appleSample:
            return [
                cleanCancel, cleanSwipe, editDone, cancelKeepEditingThenDiscard, swipeKeepEditingThenSave,
                swipeKeepEditingThenDiscardChanges, revertThenCancel, revertLastThenSwipe,
            ]
        case .makeItSo:
            return [
                cleanDone, cleanCancel, cleanSwipe, editDone, cancelKeepEditingThenDiscard, swipeKeepEditingThenDiscardChanges,
                revertLastThenSwipe,
            ]
        case .dismissDisabled:
            return [
                cleanCancel, cleanSwipe, editDone, cancelKeepEditingThenDiscard, swipeIgnoredThenDone, revertLastThenSwipe,
                revertThenCancel,
            ]
        case .remindersLike, .broken: return reminders
        case .oneHanded: return oneHanded
        }
    }
}
