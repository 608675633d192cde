/// Everything a presentation needs to draw the app at one moment, as a value: the app's state plus the
/// keyboard focus, which iOS (the device) keeps, not the app.
public struct AppScreen: Equatable, Sendable {
    public var appName: String
    public var listTitle: String
    public var formTitle: String
    public var formIdentifier: String
    public var document: FormDocument
    public var cancelButton: BarButtonState?
    public var doneButton: BarButtonState?
    /// The confirming bar button's title (`FormApp.doneTitle`).
    public var doneTitle: String
    /// The identifier of the field with keyboard focus.
    public var focus: String?

    @MainActor public init(_ app: any FormApp, focus: String?) {
        appName = app.name
        listTitle = app.listTitle
        formTitle = app.formTitle
        formIdentifier = app.formIdentifier
        document = app.document
        cancelButton = app.cancelButton
        doneButton = app.doneButton
        doneTitle = app.doneTitle
        self.focus = focus
    }

    /// The keyboard shows: a field has focus on a form that is open with no dialog over it.
    public var showsKeyboard: Bool { focus != nil && !document.isDismissed && document.dialog == nil }
}
