import Foundation

/// A query for elements (Apple: `@MainActor class XCUIElementQuery: NSObject, XCUIElementTypeQueryProvider`).
/// Simulation: resolved against the device's tree at each use, in tree order.
@MainActor
public final class XCUIElementQuery {
    let locator: Locator

    init(locator: Locator) {
        self.locator = locator
    }

    /// The one element the query matches (interacting with it fails when it matches none or several).
    public var element: XCUIElement {
        XCUIElement(locator: locator)
    }

    public var count: Int {
        locator.resolve().count
    }

    public func element(boundBy index: Int) -> XCUIElement {
        XCUIElement(locator: locator.bound(by: index))
    }

    public var firstMatch: XCUIElement {
        XCUIElement(locator: locator.bound(by: 0))
    }

    public var allElementsBoundByIndex: [XCUIElement] {
        (0..<count).map { element(boundBy: $0) }
    }

    /// The element whose identifier (simulation: or label) is `key`.
    public subscript(key: String) -> XCUIElement {
        XCUIElement(locator: locator.filtered("\"\(key)\"") { $0.isNamed(key) })
    }

    public func descendants(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(locator: locator.descendants(matching: type))
    }

    public func children(matching type: XCUIElement.ElementType) -> XCUIElementQuery {
        XCUIElementQuery(locator: locator.children(matching: type))
    }

    /// The matches of this type (`.any`: all) whose identifier (simulation: or label) is `identifier` (nil: any).
    public func matching(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        XCUIElementQuery(
            locator: locator.filtered("\(elementType) \(identifier ?? "*")") {
                elementType.matches($0) && (identifier.map($0.isNamed) ?? true)
            })
    }

    /// The one match of this type and identifier (simulation: or label).
    public func element(matching elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElement {
        matching(elementType, identifier: identifier).element
    }

    public func matching(identifier: String) -> XCUIElementQuery {
        matching(.any, identifier: identifier)
    }

    /// The matches that have a descendant of this type (and identifier or label, when given).
    public func containing(_ elementType: XCUIElement.ElementType, identifier: String?) -> XCUIElementQuery {
        XCUIElementQuery(
            locator: locator.filtered("containing \(elementType) \(identifier ?? "*")") { candidate in
                candidate.descendants.contains { elementType.matches($0) && (identifier.map($0.isNamed) ?? true) }
            })
    }

    public var debugDescription: String {
        "\(locator.summary): \(count) match(es)"
    }
}
