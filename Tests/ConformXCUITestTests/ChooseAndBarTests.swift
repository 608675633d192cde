import ConformCore
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

/// A synthetic screen in the shape of IOS-UI-TREES.md §2-3: an iOS 26 iPhone (402×874) SwiftUI form with
/// its toolbar buttons wrapped `Other(label) > Other > Button` (no identifier), and, once asked, a
/// confirmation dialog shown as a popover (240 pt wide, y 72) holding a `Sheet` with only its
/// non-cancel button, over a full-screen `PopoverDismissRegion`.
@MainActor
final class PopoverDevice: SimulatedDevice {
    var dialog = true
    private(set) var taps: [CGPoint] = []
    private(set) var outcome: String?

    static let screen = CGRect(x: 0, y: 0, width: 402, height: 874)
    static let popover = CGRect(x: 150, y: 72, width: 240, height: 160)
    static let discard = CGRect(x: 150, y: 170, width: 240, height: 50)
    static let doneButton = CGRect(x: 330, y: 58, width: 56, height: 36)

    var root: SimulatedElement {
        let done = SimulatedElement(
            .other, label: "Done", frame: Self.doneButton,
            children: [
                SimulatedElement(
                    .other, frame: Self.doneButton, children: [SimulatedElement(.button, label: "Done", frame: Self.doneButton)])
            ])
        let bar = SimulatedElement(.navigationBar, frame: CGRect(x: 0, y: 52, width: 402, height: 48), children: [done])
        var windowChildren = [bar]
        if dialog {
            windowChildren.append(SimulatedElement(.other, identifier: "PopoverDismissRegion", label: "dismiss popup", frame: Self.screen))
            windowChildren.append(
                SimulatedElement(
                    .popover, frame: Self.popover,
                    children: [
                        SimulatedElement(
                            .sheet, label: "Discard changes?", frame: Self.popover,
                            children: [
                                SimulatedElement(
                                    .staticText, label: "Discard changes?", frame: CGRect(x: 166, y: 88, width: 208, height: 20)),
                                SimulatedElement(.button, label: "Discard Changes", frame: Self.discard),
                            ])
                    ]))
        }
        let window = SimulatedElement(.window, frame: Self.screen, children: windowChildren)
        return SimulatedElement(.application, label: "Tiny", frame: Self.screen, children: [window])
    }

    func launch(arguments: [String], environment: [String: String]) {}

    func tap(at point: CGPoint) {
        taps.append(point)
        guard dialog else { return }
        if Self.discard.contains(point) {
            outcome = "discard"
            dialog = false
        } else if !Self.popover.contains(point) {
            outcome = "cancel"
            dialog = false
        }
    }

    func swipe(from point: CGPoint, direction: SimulatedSwipe) {}
    func typeText(_ text: String) {}
    func screenshotPNG() -> Data { Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }
}

@MainActor
@Suite("XCUITest: choose and bar buttons on popover dialogs and SwiftUI toolbars")
struct ChooseAndBarTests {
    @Test("choosing a shown action taps its button and records choose")
    func shownAction() throws {
        let device = PopoverDevice()
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.choose("Discard Changes", observe: false)
        #expect(device.outcome == "discard")
        #expect(recorder.recorder.yaml().contains("choose: Discard Changes"))
    }

    @Test("cancel with no Cancel button taps outside the popover and records tap-outside")
    func cancelOutside() throws {
        let device = PopoverDevice()
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.choose("Cancel", role: .cancel, observe: false)
        #expect(device.outcome == "cancel")
        #expect(device.taps.count == 1)
        #expect(device.taps.allSatisfy { !PopoverDevice.popover.contains($0) })
        #expect(recorder.recorder.yaml().contains("tap-outside: sheet"))
        guard case .action(.tapOutside(let place))? = recorder.recorder.trace.steps.first?.kind else {
            Issue.record("the step is not a tap-outside")
            return
        }
        #expect(place == "sheet")
        #expect(Simulation.failures == [])
    }

    @Test("without the cancel role, a missing button is an error and nothing is recorded or tapped")
    func missingButton() throws {
        let device = PopoverDevice()
        let recorder = RecorderSupport.recorder(on: device)
        #expect(throws: XCUIRecordingError.noSheetButton(title: "Cancel", role: nil)) {
            try recorder.choose("Cancel", observe: false)
        }
        #expect(device.taps.isEmpty)
        #expect(recorder.recorder.trace.steps.isEmpty)
    }

    @Test("a SwiftUI toolbar button without identifier is found by label through its wrappers")
    func wrappedBarButton() throws {
        let device = PopoverDevice()
        device.dialog = false
        let recorder = RecorderSupport.recorder(on: device)
        try recorder.tapBarButton("Done", observe: false)
        #expect(device.taps == [CGPoint(x: PopoverDevice.doneButton.midX, y: PopoverDevice.doneButton.midY)])
        #expect(recorder.recorder.yaml().contains("tap: Done"))
        #expect(throws: XCUIRecordingError.noBarButton(label: "Save")) {
            try recorder.tapBarButton("Save", observe: false)
        }
        #expect(Simulation.failures == [])
    }
}
