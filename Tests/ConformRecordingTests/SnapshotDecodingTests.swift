import Foundation
import Testing

@testable import ConformRecording

@Suite("Recording: Snapshots as JSON")
struct SnapshotDecodingTests {
    @Test(
        "every fixture decodes and survives a round trip",
        arguments: try fixtureNames())
    func roundTrip(name: String) throws {
        let snapshot = try fixture(name)
        #expect(snapshot.elementType == .application)
        #expect(try ElementSnapshot.decode(json: snapshot.json()) == snapshot)
        #expect(ElementSnapshot(copying: snapshot) == snapshot)
    }

    @Test("defaults: identifier and label empty, value null, enabled, no children")
    func defaults() throws {
        let snapshot = try ElementSnapshot.decode(json: Data(#"{"type": "button", "frame": [1, 2, 3, 4]}"#.utf8))
        #expect(snapshot == ElementSnapshot(.button, frame: UIRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(snapshot.frame.maxY == 6)
    }

    @Test("malformed snapshots are errors with a path and a reason, never a crash")
    func malformed() {
        #expect(decodingError("{\"type\": ")?.description == "snapshot: not valid JSON")
        #expect(decodingError(#"{"frame": [0, 0, 1, 1]}"#)?.description == "snapshot: 'type' is required")
        #expect(
            decodingError(#"{"type": "button", "frame": [0, 0, 1, 1], "enabled": "yes"}"#)?.description
                == "snapshot, enabled: expected true or false")
        #expect(
            decodingError(#"{"type": "window", "frame": [0, 0, 1, 1], "children": [{"type": "cell", "frame": [0, 0, 1]}]}"#)?
                .description
                == "snapshot, children[0].frame: a frame is [x, y, width, height]: 4 finite numbers, width and height not negative")
        let unknown = decodingError(#"{"type": "gizmo", "frame": [0, 0, 1, 1]}"#)
        #expect(unknown?.path == "type")
        #expect(unknown?.message.hasPrefix("unknown element type (expected one of: other, application,") == true)
        #expect(decodingError(#"[1, 2]"#)?.description == "snapshot: expected an element (a JSON object)")
    }

    @Test("element types carry XCUIElement.ElementType's raw values")
    func rawValues() {
        #expect(UIElementKind.button.xcuiRawValue == 9)
        #expect(UIElementKind.navigationBar.xcuiRawValue == 21)
        #expect(UIElementKind.keyboard.xcuiRawValue == 19)
        #expect(UIElementKind.staticText.xcuiRawValue == 48)
        #expect(UIElementKind.cell.xcuiRawValue == 75)
        #expect(UIElementKind(xcuiRawValue: 5) == .sheet)
        #expect(UIElementKind(xcuiRawValue: 7) == .alert)
        // A type the observer does not need (a menu item, 54) reads as other.
        #expect(UIElementKind(xcuiRawValue: 54) == .other)
        #expect(UIElementKind.allCases.allSatisfy { UIElementKind(xcuiRawValue: $0.xcuiRawValue) == $0 })
    }
}
