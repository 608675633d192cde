import Foundation
@_spi(Simulation) import XCUIDeclarations

@testable @_spi(Simulation) import XCUISimulator

/// Small queries over a rendered tree, for the simulator's own tests.
extension ScreenNode {
    func first(_ kind: Kind, _ named: String? = nil) -> ScreenNode? {
        all.first { $0.kind == kind && (named.map { $0 == identifierOrLabel($0) } ?? true) }
    }

    func every(_ kind: Kind) -> [ScreenNode] { all.filter { $0.kind == kind } }

    func hasIdentifier(_ identifier: String) -> Bool { all.contains { $0.identifier == identifier } }

    private func identifierOrLabel(_ name: String) -> String { identifier == name ? identifier : label }

    var centre: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

    /// What is in front of the list screen: the form's sheet and any dialog, every node inside them.
    var inFront: [ScreenNode] {
        children.flatMap { window in window.kind == .window ? Array(window.children.dropFirst()) : [] }.flatMap(\.all)
    }

    /// The first button labelled `label` in front of the list screen (the list has its own Cancel and Done).
    func frontButton(_ label: String) -> ScreenNode? {
        inFront.first { $0.kind == .button && $0.label == label }
    }
}

/// A device running `app` in `presentation`, launched; by default every change lands at once, as the
/// shape tests read the tree right after a gesture (TimingTests test the device's timing).
@MainActor func launched(_ app: any FormApp, on presentation: Presentation, timing: FormAppDevice.Timing = .immediate) -> FormAppDevice {
    let device = FormAppDevice(app: app, presentation: presentation, timing: timing)
    device.launch(arguments: [], environment: [:])
    return device
}

extension FormAppDevice {
    /// Focuses the field by a tap on its centre and types `text`.
    func type(_ text: String, into field: String) {
        guard let node = tree.all.first(where: { $0.kind == .textField && $0.identifier == field }) else { return }
        tap(at: node.centre)
        typeText(text)
    }

    /// Swipes down from the centre of the form's navigation bar.
    func swipeDownOnForm() {
        swipe(from: CGPoint(x: presentation.formBar.midX, y: presentation.formBar.midY), direction: .down)
    }
}
