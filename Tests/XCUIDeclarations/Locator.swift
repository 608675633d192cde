import Foundation

/// How an element or a query finds its elements: a function of the device's tree, run at each use
/// (XCUITest resolves queries lazily, so an element found before a tap is looked up again after it).
@MainActor
struct Locator {
    /// Every element the query matches now, in tree order (depth first, parents first).
    let resolve: @MainActor () -> [SimulatedElement]
    /// How the query reads in a failure message, e.g. `Application > Button "Done"`.
    let summary: String

    /// The application element, or nothing when no device is set.
    static let application = Locator(resolve: { Simulation.device.map { [$0.root] } ?? [] }, summary: "Application")

    func descendants(matching type: XCUIElement.ElementType) -> Locator {
        Locator(
            resolve: { unique(resolve().flatMap { $0.descendants.filter { type.matches($0) } }) },
            summary: "\(summary) > descendants(\(type))")
    }

    func children(matching type: XCUIElement.ElementType) -> Locator {
        Locator(
            resolve: { unique(resolve().flatMap { $0.elements.filter { type.matches($0) } }) },
            summary: "\(summary) > children(\(type))")
    }

    func filtered(_ what: String, _ keep: @escaping @MainActor (SimulatedElement) -> Bool) -> Locator {
        Locator(resolve: { resolve().filter(keep) }, summary: "\(summary) [\(what)]")
    }

    func bound(by index: Int) -> Locator {
        Locator(
            resolve: {
                let all = resolve()
                return all.indices.contains(index) ? [all[index]] : []
            }, summary: "\(summary) [\(index)]")
    }
}

extension XCUIElement.ElementType {
    /// Whether `element` is of this type; `.any` matches every element.
    @MainActor func matches(_ element: SimulatedElement) -> Bool {
        self == .any || element.elementType == self
    }
}

extension SimulatedElement {
    /// The key of `query["key"]` and of `matching(identifier:)`: an identifier or a label.
    func isNamed(_ key: String) -> Bool {
        identifier == key || label == key
    }
}

/// The elements in order, each once (two parents' descendants can overlap when both match).
@MainActor
func unique(_ elements: [SimulatedElement]) -> [SimulatedElement] {
    var seen = Set<ObjectIdentifier>()
    return elements.filter { seen.insert(ObjectIdentifier($0)).inserted }
}
