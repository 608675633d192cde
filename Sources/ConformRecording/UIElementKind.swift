/// The element types the observer needs, named as `XCUIElement.ElementType` names them.
///
/// The raw value of each case in `XCUIElement.ElementType` is in `xcuiRawValue` (from `XCUIElementTypes.h`):
/// the iOS adapter converts with `init(xcuiRawValue:)`. Every other type reads as `.other`.
public enum UIElementKind: String, CaseIterable, Codable, Hashable, Sendable {
    case other
    case application
    case group
    case window
    case sheet
    case alert
    case dialog
    case button
    case popover
    case keyboard
    case key
    case navigationBar
    case tabBar
    case toolbar
    case statusBar
    case table
    case collectionView
    case segmentedControl
    case `switch`
    case toggle
    case link
    case image
    case searchField
    case scrollView
    case staticText
    case textField
    case secureTextField
    case datePicker
    case textView
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
