import ConformCore
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

extension XCUITraceRecorder {
    /// Taps `element`, records `tap: LABEL` (its identifier when it has no label), then observes
    /// (unless `observe` is false).
    public func tap(_ element: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        let label = Self.name(of: element) // read before the tap: the element may be gone after it
        element.tap()
        recorder.tap(label, note: note)
        if observe { try self.observe() }
    }

    /// Taps the button labelled `label` in a navigation bar or toolbar, records `tap: LABEL`, then observes.
    ///
    /// The button is found by label among the bar's descendants, so SwiftUI's toolbar buttons, which
    /// carry no identifier and sit wrapped as `Other(label) > Other > Button`, are found as UIKit's are.
    /// - Throws: `XCUIRecordingError.noBarButton` (nothing recorded) when no bar holds such a button.
    public func tapBarButton(_ label: String, note: String? = nil, observe: Bool = true) throws {
        for bars in [app.navigationBars, app.toolbars] {
            let button = bars.buttons.matching(.button, identifier: label).firstMatch
            if button.exists {
                button.tap()
                recorder.tap(label, note: note)
                if observe { try self.observe() }
                return
            }
        }
        throw XCUIRecordingError.noBarButton(label: label)
    }

    /// Swipes `element` down (the sheet's navigation bar, for an interactive dismissal), records
    /// `swipe: down`, then observes.
    public func swipeDown(_ element: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        element.swipeDown()
        recorder.swipe("down", note: note)
        if observe { try self.observe() }
    }

    /// Taps an action of the visible sheet or alert, records `choose: TITLE`, then observes.
    public func choose(_ button: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        let title = Self.name(of: button)
        button.tap()
        recorder.choose(title, note: note)
        if observe { try self.observe() }
    }

    /// Chooses the action titled `title` of the visible sheet, alert or popover: taps its button and
    /// records `choose: TITLE`, then observes.
    ///
    /// On iOS 26 iPhones and on iPad a confirmation dialog is a popover with no button for its cancel
    /// action: tapping outside it cancels. So when there is no such button, `role` is `.cancel` and a
    /// popover dismiss region (`PopoverDismissRegion`) is on screen, this taps that region outside every
    /// popover and records `tap-outside: sheet`, which the checker resolves to the sheet's cancel action.
    /// - Throws: `XCUIRecordingError.noSheetButton` (nothing recorded) when neither can be done.
    public func choose(_ title: String, role: SheetRole? = nil, note: String? = nil, observe: Bool = true) throws {
        if let button = sheetButton(title) {
            button.tap()
            recorder.choose(title, note: note)
        } else if role == .cancel, let outside = try pointOutsidePopovers() {
            outside.tap()
            recorder.tapOutside("sheet", note: note)
        } else {
            throw XCUIRecordingError.noSheetButton(title: title, role: role)
        }
        if observe { try self.observe() }
    }

    // MARK: - Private

    /// The button titled `title` (label or identifier) in a visible sheet, alert or popover, if any.
    private func sheetButton(_ title: String) -> XCUIElement? {
        for containers in [app.sheets, app.alerts, app.popovers] {
            let button = containers.buttons.matching(.button, identifier: title).firstMatch
            if button.exists { return button }
        }
        return nil
    }

    /// A point of the popover dismiss region that no popover covers, so that the tap lands outside the
    /// dialog (the region spans the screen, and its centre may lie under the popover); nil when there is
    /// no region on screen.
    private func pointOutsidePopovers() throws -> XCUICoordinate? {
        let region = app.otherElements.matching(.other, identifier: Self.dismissRegion).firstMatch
        guard region.exists else { return nil }
        let area = region.frame
        let covered = try app.snapshot().allDescendants.filter { $0.elementType == .popover }.map(\.frame)
        for offset in Self.outsideCandidates {
            let point = CGPoint(x: area.minX + area.width * offset.dx, y: area.minY + area.height * offset.dy)
            if !covered.contains(where: { $0.contains(point) }) {
                return region.coordinate(withNormalizedOffset: offset)
            }
        }
        return nil
    }

    /// The identifier UIKit gives the full-screen element behind a popover (label "dismiss popup").
    static let dismissRegion = "PopoverDismissRegion"

    /// Where to try tapping outside a popover, in the region's normalized coordinates: low on the
    /// screen first (popovers are anchored near the bars at the top), clear of the home indicator.
    private static let outsideCandidates: [CGVector] = [
        CGVector(dx: 0.5, dy: 0.85), CGVector(dx: 0.5, dy: 0.6), CGVector(dx: 0.1, dy: 0.5), CGVector(dx: 0.9, dy: 0.5),
        CGVector(dx: 0.5, dy: 0.15),
    ]

    /// How a step names an element: its label, or its identifier when it has no label.
    static func name(of element: XCUIElement) -> String {
        let label = element.label
        return label.isEmpty ? element.identifier : label
    }
}

extension XCUIElementSnapshot {
    /// The element's descendants (not itself), depth first, parents before their children.
    var allDescendants: [any XCUIElementSnapshot] {
        var result: [any XCUIElementSnapshot] = []
        var stack: [any XCUIElementSnapshot] = children.reversed()
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }
}
