import Foundation

// XCUIElementTypeQueryProvider for elements and queries: each member is `descendants(matching:)` of its type.

/// Not Apple's (a helper of this declaration): what elements and queries share, a query for descendants
/// of a type, from which every member of
/// `XCUIElementTypeQueryProvider` is made once, below.
@MainActor
public protocol DescendantQuerying {
    func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery
}

extension XCUIElementTypeQueryProvider where Self: DescendantQuerying {
    public var activityIndicators: XCUIElementQuery { descendants(matching: .activityIndicator) }
    public var alerts: XCUIElementQuery { descendants(matching: .alert) }
    public var buttons: XCUIElementQuery { descendants(matching: .button) }
    public var cells: XCUIElementQuery { descendants(matching: .cell) }
    public var checkBoxes: XCUIElementQuery { descendants(matching: .checkBox) }
    public var collectionViews: XCUIElementQuery { descendants(matching: .collectionView) }
    public var datePickers: XCUIElementQuery { descendants(matching: .datePicker) }
    public var dialogs: XCUIElementQuery { descendants(matching: .dialog) }
    public var groups: XCUIElementQuery { descendants(matching: .group) }
    public var images: XCUIElementQuery { descendants(matching: .image) }
    public var keyboards: XCUIElementQuery { descendants(matching: .keyboard) }
    public var keys: XCUIElementQuery { descendants(matching: .key) }
    public var links: XCUIElementQuery { descendants(matching: .link) }
    public var navigationBars: XCUIElementQuery { descendants(matching: .navigationBar) }
    public var otherElements: XCUIElementQuery { descendants(matching: .other) }
    public var pickers: XCUIElementQuery { descendants(matching: .picker) }
    public var popovers: XCUIElementQuery { descendants(matching: .popover) }
    public var scrollViews: XCUIElementQuery { descendants(matching: .scrollView) }
    public var searchFields: XCUIElementQuery { descendants(matching: .searchField) }
    public var secureTextFields: XCUIElementQuery { descendants(matching: .secureTextField) }
    public var segmentedControls: XCUIElementQuery { descendants(matching: .segmentedControl) }
    public var sheets: XCUIElementQuery { descendants(matching: .sheet) }
    public var staticTexts: XCUIElementQuery { descendants(matching: .staticText) }
    public var statusBars: XCUIElementQuery { descendants(matching: .statusBar) }
    public var switches: XCUIElementQuery { descendants(matching: .switch) }
    public var tabBars: XCUIElementQuery { descendants(matching: .tabBar) }
    public var tables: XCUIElementQuery { descendants(matching: .table) }
    public var textFields: XCUIElementQuery { descendants(matching: .textField) }
    public var textViews: XCUIElementQuery { descendants(matching: .textView) }
    public var toggles: XCUIElementQuery { descendants(matching: .toggle) }
    public var toolbars: XCUIElementQuery { descendants(matching: .toolbar) }
    public var windows: XCUIElementQuery { descendants(matching: .window) }
}

extension XCUIElement: XCUIElementTypeQueryProvider, DescendantQuerying {}

extension XCUIElementQuery: XCUIElementTypeQueryProvider, DescendantQuerying {}
