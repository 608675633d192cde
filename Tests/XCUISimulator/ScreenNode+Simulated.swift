@_spi(Simulation) import XCUIDeclarations

extension ScreenNode.Kind {
    /// The declared element type of the same name.
    var elementType: XCUIElement.ElementType {
        switch self {
        case .application: return .application
        case .window: return .window
        case .other: return .other
        case .navigationBar: return .navigationBar
        case .button: return .button
        case .staticText: return .staticText
        case .textField: return .textField
        case .table: return .table
        case .cell: return .cell
        case .collectionView: return .collectionView
        case .sheet: return .sheet
        case .popover: return .popover
        case .keyboard: return .keyboard
        case .key: return .key
        case .searchField: return .searchField
        case .segmentedControl: return .segmentedControl
        case .toolbar: return .toolbar
        }
    }
}

extension ScreenNode {
    /// The node and its subtree as the declared API's elements: what `SimulatedDevice.root` returns.
    @MainActor func simulated() -> SimulatedElement {
        SimulatedElement(
            kind.elementType, identifier: identifier, label: label, value: value, placeholderValue: placeholder,
            frame: frame, isEnabled: isEnabled, hasFocus: hasFocus, children: children.map { $0.simulated() })
    }
}
