import ConformCore
import ConformRecording
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

/// A device that shows one element tree read from a `debugDescription` fixture of ConformRecordingTests,
/// changes nothing, and notes where each tap went. Which element a tap reaches is told by the points, not
/// by hit-testing the tree: XCUITest lists a SwiftUI navigation bar before the full-height content that
/// UIKit draws behind it, so tree order is not drawing order there.
@MainActor
final class FixtureDevice: SimulatedDevice {
    let tree: ElementSnapshot
    private(set) var taps: [CGPoint] = []

    init(_ name: String) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ConformRecordingTests/Fixtures/\(name).txt")
        let text = try String(contentsOf: file, encoding: .utf8)
        // The first line is the fixture's provenance; the reader takes the dump after it.
        tree = try DebugDescriptionReader.read(String(text.drop { $0 != "\n" })).root
    }

    var root: SimulatedElement { Self.simulated(tree) }

    func launch(arguments: [String], environment: [String: String]) {}
    func tap(at point: CGPoint) { taps.append(point) }

    /// Every element of the tree, parents first.
    var everything: [ElementSnapshot] {
        var result: [ElementSnapshot] = []
        var stack = [tree]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.elements.reversed())
        }
        return result
    }
    func swipe(from point: CGPoint, direction: SimulatedSwipe) {}
    func typeText(_ text: String) {}
    func screenshotPNG() -> Data { Data() }

    private static func simulated(_ node: ElementSnapshot) -> SimulatedElement {
        let type = XCUIElement.ElementType(rawValue: node.elementType.xcuiRawValue) ?? .other
        let frame = CGRect(x: node.frame.x, y: node.frame.y, width: node.frame.width, height: node.frame.height)
        return SimulatedElement(
            type, identifier: node.identifier, label: node.label, value: node.value, placeholderValue: node.placeholderValue,
            frame: frame, isEnabled: node.isEnabled, children: node.elements.map(simulated))
    }
}

/// Issue 34: the adapter taps the control it read, in the front-most presentation, on the held-out-style
/// trees of iOS 17, 18 and 26, iPhone and iPad: never the search's Cancel, the scope bar's Done, the split
/// view's toolbar, or a keyboard's Done behind or beside the form; the popover's dismiss region by its
/// identifier, a Button or an Other.
@MainActor
@Suite("XCUITest: every tap lands on the intended control")
struct FixtureTapTests {
    func recorder(_ device: FixtureDevice, options: ScreenObserver.Options = .init()) -> XCUITraceRecorder {
        let recorder = RecorderSupport.recorder(on: device)
        recorder.observer = ScreenObserver(options: options)
        return recorder
    }

    /// The element the single tap was aimed at: the innermost element named by a label or identifier
    /// whose frame's centre is the tap's point, described by its type, label and origin.
    func landed(_ device: FixtureDevice) -> String? {
        guard device.taps.count == 1, let point = device.taps.first else { return nil }
        let aimed = device.everything.filter { element in
            let frame = element.frame
            return !(element.label.isEmpty && element.identifier.isEmpty)
                && abs(frame.minX + frame.width / 2 - point.x) < 0.01 && abs(frame.minY + frame.height / 2 - point.y) < 0.01
        }
        guard let element = aimed.last else { return "nothing named at \(point)" }
        return "\(element.elementType.rawValue) '\(element.label)' \(Int(element.frame.minX)),\(Int(element.frame.minY))"
    }

    /// The named elements whose frame holds the single tap's point.
    func under(_ device: FixtureDevice) -> [String] {
        guard let point = device.taps.first else { return [] }
        return device.everything.filter { element in
            let frame = element.frame
            return !element.label.isEmpty && frame.minX <= point.x && point.x <= frame.maxX && frame.minY <= point.y
                && point.y <= frame.maxY
        }.map(\.label)
    }

    @Test(
        "a bar button's tap lands on the form's own button",
        arguments: [
            ("ios18-uikit-search-cancel-behind-sheet", "Done", "button 'Done' 316,63"),
            ("ios17-swiftui-scope-done-behind-sheet", "Done", "button 'Done' 325,75"),
            ("ios17-swiftui-scope-done-behind-sheet", "Cancel", "button 'Cancel' 16,75"),
            ("ios17-uikit-keyboard-done-toolbar-and-return", "Done", "button 'Done' 319,75"),
            ("ipad18-uikit-formsheet-over-splitview", "Done", "button 'Done' 621,303"),
            ("ipad18-uikit-formsheet-over-splitview", "Cancel", "button 'Cancel' 155,303"),
            ("ipad-flattened-formsheet-over-splitview", "Done", "button 'Done' 720,384"),
            ("ipad-flattened-formsheet-over-splitview", "Cancel", "button 'Cancel' 254,384"),
            ("iphone-flattened-sheet-over-edit-mode-list", "Done", "button 'Done' 316,63"),
        ])
    func barButton(fixture: String, label: String, expected: String) throws {
        let device = try FixtureDevice(fixture)
        let recorder = recorder(device)
        try recorder.tapButton(label, observe: false)
        #expect(landed(device) == expected, "\(fixture)")
        #expect(recorder.recorder.yaml().contains("tap: \(label)"))
        #expect(Simulation.failures == [])
    }

    @Test(
        "a control that only the screen behind has is not tapped: an error, nothing recorded",
        arguments: [
            ("ios18-uikit-search-cancel-behind-sheet", "Cancel"), ("iphone-flattened-sheet-over-edit-mode-list", "Cancel"),
            ("ios26-swiftui-search-toolbar-behind-popover-dialog", "Search"),
        ])
    func behindOnly(fixture: String, label: String) throws {
        let device = try FixtureDevice(fixture)
        let recorder = recorder(device)
        #expect(throws: XCUIRecordingError.noButton(label: label)) { try recorder.tapButton(label, observe: false) }
        #expect(throws: XCUIRecordingError.noBarButton(label: label)) { try recorder.tapBarButton(label, observe: false) }
        #expect(device.taps.isEmpty && recorder.recorder.trace.steps.isEmpty)
    }

    @Test(
        "a cancel action without a button: a tap outside the popover, on the dismiss region whatever its type",
        arguments: [
            ("ipad18-uikit-action-sheet-popover-region-button", "button", CGPoint(x: 417, y: 1014.9)),
            ("ios26-swiftui-search-toolbar-behind-popover-dialog", "other", CGPoint(x: 201, y: 742.9)),
        ])
    func outside(fixture: String, regionType: String, point: CGPoint) throws {
        let device = try FixtureDevice(fixture)
        let recorder = recorder(device)
        try recorder.choose("Keep Editing", role: .cancel, observe: false)
        let tap = try #require(device.taps.first)
        #expect(device.taps.count == 1 && abs(tap.x - point.x) < 0.01 && abs(tap.y - point.y) < 0.01)
        // On the region, outside the popover and its buttons.
        let popover = try #require(device.everything.first { $0.elementType == .popover })
        #expect(under(device).contains("dismiss popup") && !popover.frame.intersects(UIRect(x: tap.x, y: tap.y, width: 0.01, height: 0.01)))
        #expect(device.everything.first { $0.identifier == "PopoverDismissRegion" }?.elementType.rawValue == regionType)
        #expect(recorder.recorder.yaml().contains("tap-outside: sheet"))
    }

    @Test(
        "a sheet's or alert's action: the tap lands on its button",
        arguments: [
            ("ipad18-uikit-action-sheet-popover-region-button", "Save", "button 'Save' 151,461"),
            ("ios26-swiftui-search-toolbar-behind-popover-dialog", "Discard Changes", "button 'Discard Changes' 146,255"),
            ("ios18-uikit-alert-over-form-search-behind", "Discard", "button 'Discard' 195,460"),
            ("ios18-uikit-alert-over-form-search-behind", "Cancel", "button 'Cancel' 60,460"),
        ])
    func sheetAction(fixture: String, title: String, expected: String) throws {
        let device = try FixtureDevice(fixture)
        let recorder = recorder(device)
        try recorder.choose(title, role: title == "Cancel" ? .cancel : nil, observe: false)
        #expect(landed(device) == expected)
        #expect(recorder.recorder.yaml().contains("choose: \(title)"))
    }

    @Test("in another language: the policy's labels and titles tap what the app's identifiers name")
    func german() throws {
        let device = try FixtureDevice("ios18-swiftui-german-identifiers-action-sheet")
        let options = ScreenObserver.Options(titles: [
            "Done": .identifier("done-button"), "Keep Editing": .identifier("keep-editing-button"),
        ])
        let recorder = recorder(device, options: options)
        try recorder.choose("Keep Editing", role: .cancel, observe: false)
        #expect(landed(device) == "button 'Weiter bearbeiten' 8,753")
        #expect(recorder.recorder.yaml().contains("choose: Keep Editing"))
        let bar = try FixtureDevice("ios18-swiftui-german-identifiers-action-sheet")
        try self.recorder(bar, options: options).tapBarButton("Done", observe: false)
        #expect(landed(bar) == "button 'Fertig' 310,63")
    }
}
