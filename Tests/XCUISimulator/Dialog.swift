/// An action's role, as the app declares it (`UIAlertAction.Style`, SwiftUI `ButtonRole`). XCUITest
/// never shows it; the presentations use it only to decide where the action goes.
public enum DialogRole: String, Sendable {
    case `default`, destructive, cancel
}

/// One action of a confirmation dialog, in the order the app adds it.
public struct DialogAction: Equatable, Sendable {
    public let title: String
    public let role: DialogRole

    public init(_ title: String, role: DialogRole) {
        self.title = title
        self.role = role
    }
}

/// What the person did that opened the dialog: on iOS 26 iPhones and on iPad the dialog is a popover
/// anchored there (IOS-UI-TREES.md §2).
public enum DialogSource: Sendable {
    case cancelButton
    case doneButton
    /// The swipe-down on the sheet: no control, so the popover sits below the navigation bar.
    case swipe
}

/// A confirmation dialog (action sheet) the app shows.
public struct Dialog: Equatable, Sendable {
    public let title: String?
    public let message: String?
    public let actions: [DialogAction]
    public let source: DialogSource

    public init(title: String?, message: String?, actions: [DialogAction], source: DialogSource) {
        self.title = title
        self.message = message
        self.actions = actions
        self.source = source
    }

    /// The index of the cancel-role action: what iOS runs when the person taps outside a popover.
    public var cancelIndex: Int? { actions.firstIndex { $0.role == .cancel } }
}
