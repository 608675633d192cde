/// The element types the observer needs, named as `XCUIElement.ElementType` names them.
///
/// The raw value of each case in `XCUIElement.ElementType` is in `xcuiRawValue` (from `XCUIElementTypes.h`):
/// the iOS adapter converts with `init(xcuiRawValue:)`. Every other type reads as `.other`.
public enum UIElementKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// Any type this enumeration does not name (`XCUIElement.ElementType.other`).
    case other
    /// The application: the root of a snapshot.
    case application
    /// A group of elements.
    case group
    /// A window.
    case window
    /// An action sheet.
    case sheet
    /// An alert, or a confirmation dialog shown as one.
    case alert
    /// A dialog.
    case dialog
    /// A button.
    case button
    /// A popover (a confirmation dialog on iOS 26 iPhone and on iPad).
    case popover
    /// The software keyboard.
    case keyboard
    /// A key of the keyboard.
    case key
    /// A navigation bar, which holds a form's Done and Cancel.
    case navigationBar
    /// A tab bar.
    case tabBar
    /// A toolbar (SwiftUI may put toolbar items here).
    case toolbar
    /// The status bar.
    case statusBar
    /// A table (`UITableView`, a SwiftUI `List` or `Form` on older systems).
    case table
    /// A collection view (a SwiftUI `List` or `Form` on newer systems).
    case collectionView
    /// A segmented control.
    case segmentedControl
    /// A switch (`UISwitch`).
    case `switch`
    /// A toggle (SwiftUI's `Toggle`).
    case toggle
    /// A link.
    case link
    /// An image.
    case image
    /// A search field.
    case searchField
    /// A scroll view.
    case scrollView
    /// A text label.
    case staticText
    /// A one-line text field.
    case textField
    /// A secure text field.
    case secureTextField
    /// A date picker.
    case datePicker
    /// A multi-line text view.
    case textView
    /// A cell of a table or collection view.
    case cell

    /// The value of `XCUIElement.ElementType.rawValue` for this type.
    public var xcuiRawValue: UInt {
        switch self {
        case .other: return 1
        case .application: return 2
        case .group: return 3
        case .window: return 4
        case .sheet: return 5
        case .alert: return 7
        case .dialog: return 8
        case .button: return 9
        case .popover: return 18
        case .keyboard: return 19
        case .key: return 20
        case .navigationBar: return 21
        case .tabBar: return 22
        case .toolbar: return 24
        case .statusBar: return 25
        case .table: return 26
        case .collectionView: return 32
        case .segmentedControl: return 37
        case .switch: return 40
        case .toggle: return 41
        case .link: return 42
        case .image: return 43
        case .searchField: return 45
        case .scrollView: return 46
        case .staticText: return 48
        case .textField: return 49
        case .secureTextField: return 50
        case .datePicker: return 51
        case .textView: return 52
        case .cell: return 75
        }
    }

    /// The type for an `XCUIElement.ElementType` raw value; a type this enumeration does not name is `.other`.
    public init(xcuiRawValue: UInt) {
        self = UIElementKind.byRawValue[xcuiRawValue] ?? .other
    }

    private static let byRawValue: [UInt: UIElementKind] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.xcuiRawValue, $0) })
}
