import ConformRecording
import Testing
import XCUIDeclarations

@MainActor
@Suite("XCUITest: UIElementKind's raw values are XCUIElement.ElementType's")
struct ElementTypeRawValueTests {
    /// Every declared `ElementType`, by the name Swift gives its case.
    private static let declaredByName: [String: XCUIElement.ElementType] = Dictionary(
        uniqueKeysWithValues: (UInt(0)...UInt(200)).compactMap(XCUIElement.ElementType.init(rawValue:)).map {
            (String(describing: $0), $0)
        })

    @Test("the declared enumeration is XCUIElementTypes.h's: 83 cases, raw values 0...82 without a gap")
    func declaredEnumeration() {
        let raws = Self.declaredByName.values.map(\.rawValue).sorted()
        #expect(raws == Array(0...82))
        #expect(Self.declaredByName["any"]?.rawValue == 0)
        #expect(Self.declaredByName["statusItem"]?.rawValue == 82)
    }

    @Test("each case of UIElementKind has the raw value of the ElementType of the same name", arguments: UIElementKind.allCases)
    func sameRawValue(kind: UIElementKind) throws {
        let declared = try #require(Self.declaredByName[kind.rawValue], "no XCUIElement.ElementType named \(kind.rawValue)")
        #expect(kind.xcuiRawValue == declared.rawValue)
        #expect(UIElementKind(xcuiRawValue: declared.rawValue) == kind)
    }

    @Test("an ElementType UIElementKind does not name reads as other")
    func unnamedIsOther() {
        let named = Set(UIElementKind.allCases.map(\.rawValue))
        for (name, type) in Self.declaredByName where !named.contains(name) {
            #expect(UIElementKind(xcuiRawValue: type.rawValue) == .other, "\(name)")
        }
    }
}
