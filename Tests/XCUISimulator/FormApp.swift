/// A bar button's state, as the app sets it.
public enum BarButtonState: Sendable, Equatable {
    case enabled, disabled
}

/// The two system bar buttons an edit form may have.
public enum BarButton: Sendable {
    case cancel, done
}

/// A small app: a list screen that presents an edit form as a sheet. The model says what the app
/// shows and how it answers the person; the presentations (`Presentation`) say how iOS draws it.
/// Models are written from ../shared/BEHAVIOURS.md, never from the policy files.
@MainActor public protocol FormApp: AnyObject {
    /// The app's name: the label of the Application element.
    var name: String { get }
    /// The title of the list screen behind the form.
    var listTitle: String { get }
    /// The title of the form's navigation bar.
    var formTitle: String { get }
    /// The identifier the app sets on its form's list, so a test can tell whether the form is on screen.
    var formIdentifier: String { get }
    /// The form as it is now: fields, dialog, dismissed, saved.
    var document: FormDocument { get }
    /// The Cancel bar button, or `nil` when the form has none.
    var cancelButton: BarButtonState? { get }
    /// The Done bar button, or `nil` when the form has none.
    var doneButton: BarButtonState? { get }
    /// The confirming bar button's title: "Done" for most apps, "Save" for Apple's sample (§2.5).
    var doneTitle: String { get }

    /// Starts afresh: the form is open with its opening values, nothing saved.
    func launch()
    /// Starts afresh with some fields opening on other texts (by identifier), as a UI test's launch
    /// arguments set them (`-conformText IDENTIFIER=TEXT`).
    func launch(opening texts: [String: String])
    /// The person changed a field's text (the keyboard has already applied its own changes).
    func setText(_ text: String, of field: String)
    /// The person tapped an enabled bar button.
    func tap(_ button: BarButton)
    /// The person swiped the sheet down: an interactive dismissal attempt.
    func swipeDown()
    /// The person chose the dialog's action at `index` (for a popover's cancel action, iOS does this
    /// when the person taps outside it).
    func choose(actionAt index: Int)
}

extension FormApp {
    /// Most edit forms confirm with a system Done button.
    public var doneTitle: String { "Done" }
}
