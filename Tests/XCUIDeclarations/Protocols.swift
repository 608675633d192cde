import Foundation

/// Attributes exposed by UI elements (Apple: `@MainActor protocol XCUIElementAttributes`).
@MainActor
public protocol XCUIElementAttributes {
    var identifier: String { get }
    var frame: CGRect { get }
    var value: Any? { get }
    var title: String { get }
    var label: String { get }
    var elementType: XCUIElement.ElementType { get }
    var isEnabled: Bool { get }
    var horizontalSizeClass: XCUIElement.SizeClass { get }
    var verticalSizeClass: XCUIElement.SizeClass { get }
    var placeholderValue: String? { get }
    var isSelected: Bool { get }
    var hasFocus: Bool { get }
}

/// An element's attributes and its descendants at one moment
/// (Apple: `@MainActor protocol XCUIElementSnapshot: XCUIElementAttributes`).
@MainActor
public protocol XCUIElementSnapshot: XCUIElementAttributes {
    var children: [any XCUIElementSnapshot] { get }
    var dictionaryRepresentation: [XCUIElement.AttributeName: Any] { get }
}

/// Apple: `@MainActor protocol XCUIElementSnapshotProviding`. The call throws: a snapshot of an element
/// that does not exist (or cannot be resolved uniquely) is an error, not an empty tree.
@MainActor
public protocol XCUIElementSnapshotProviding {
    func snapshot() throws -> any XCUIElementSnapshot
}

/// Apple: `@MainActor protocol XCUIScreenshotProviding`.
@MainActor
public protocol XCUIScreenshotProviding {
    func screenshot() -> XCUIScreenshot
}

/// Queries for descendants of each element type (Apple: `@MainActor protocol XCUIElementTypeQueryProvider`).
/// Declared here: the members conform and its tests use.
@MainActor
public protocol XCUIElementTypeQueryProvider {
    var activityIndicators: XCUIElementQuery { get }
    var alerts: XCUIElementQuery { get }
    var buttons: XCUIElementQuery { get }
    var cells: XCUIElementQuery { get }
    var checkBoxes: XCUIElementQuery { get }
    var collectionViews: XCUIElementQuery { get }
    var datePickers: XCUIElementQuery { get }
    var dialogs: XCUIElementQuery { get }
    var groups: XCUIElementQuery { get }
    var images: XCUIElementQuery { get }
    var keyboards: XCUIElementQuery { get }
    var keys: XCUIElementQuery { get }
    var links: XCUIElementQuery { get }
    var navigationBars: XCUIElementQuery { get }
    var otherElements: XCUIElementQuery { get }
    var pickers: XCUIElementQuery { get }
    var popovers: XCUIElementQuery { get }
    var scrollViews: XCUIElementQuery { get }
    var searchFields: XCUIElementQuery { get }
    var secureTextFields: XCUIElementQuery { get }
    var segmentedControls: XCUIElementQuery { get }
    var sheets: XCUIElementQuery { get }
    var staticTexts: XCUIElementQuery { get }
    var statusBars: XCUIElementQuery { get }
    var switches: XCUIElementQuery { get }
    var tabBars: XCUIElementQuery { get }
    var tables: XCUIElementQuery { get }
    var textFields: XCUIElementQuery { get }
    var textViews: XCUIElementQuery { get }
    var toggles: XCUIElementQuery { get }
    var toolbars: XCUIElementQuery { get }
    var windows: XCUIElementQuery { get }
}
