// Compiled only where XCUITest exists: on Linux and macOS this file is empty (and so is the module).
#if os(iOS) && canImport(XCTest)
import ConformRecording
import XCTest

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
            value: snapshot.value.map { ($0 as? String) ?? "\($0)" },
            placeholderValue: snapshot.placeholderValue,
            isEnabled: snapshot.isEnabled,
            frame: UIRect(
                x: Double(frame.origin.x), y: Double(frame.origin.y), width: Double(frame.size.width),
                height: Double(frame.size.height)),
            children: snapshot.children.map { ElementSnapshot(xcui: $0) })
    }
}
#endif
