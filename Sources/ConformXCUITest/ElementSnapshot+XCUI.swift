// The same source compiles against the real XCTest on iOS and visionOS, and against the test-only
// declarations of the same API (Tests/XCUIDeclarations) on Linux and macOS, where it is tested.
import ConformRecording

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

extension ElementSnapshot {
    /// A copy of an XCUITest snapshot (`XCUIElement.snapshot()`), as plain data the observer reads.
    ///
    /// The snapshot is copied at once, on the main actor where XCUITest lives, so that the observer
    /// never touches XCUITest objects. Values that are not text (a switch's `NSNumber`) become their
    /// description (`"1"`).
    @MainActor
    public init(xcui snapshot: any XCUIElementSnapshot) {
        let frame = snapshot.frame
        self.init(
            UIElementKind(xcuiRawValue: snapshot.elementType.rawValue),
            identifier: snapshot.identifier,
            label: snapshot.label,
            value: snapshot.value.map(Self.text(of:)),
            placeholderValue: snapshot.placeholderValue,
            isEnabled: snapshot.isEnabled,
            frame: UIRect(
                x: Double(frame.origin.x), y: Double(frame.origin.y), width: Double(frame.size.width),
                height: Double(frame.size.height)),
            children: snapshot.children.map { ElementSnapshot(xcui: $0) })
    }

    /// An XCUITest value as text: a string as it is, anything else (a switch's `NSNumber`) as its description.
    static func text(of value: Any) -> String {
        (value as? String) ?? "\(value)"
    }
}
