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

    /// Taps the button the policy's label `label` names in a bar of the front-most presentation (a
    /// navigation bar or toolbar; through SwiftUI's `Other(label) > Other > Button` wrappers; by
    /// `observer.options.titles` in another language), records `tap: LABEL`, then observes.
    ///
    /// The button is found in a snapshot by `ScreenObserver.barButton(_:in:)`, so never in the screen
    /// behind a sheet, a scope bar's segment or an active search's Cancel, and tapped at its centre: the
    /// element tapped is the element read.
    /// - Throws: `XCUIRecordingError.noBarButton` (nothing recorded) when no such bar button is in front.
    public func tapBarButton(_ label: String, note: String? = nil, observe: Bool = true) throws {
        let snapshot = ElementSnapshot(xcui: try app.snapshot())
        guard let button = observer.barButton(label, in: snapshot) else { throw XCUIRecordingError.noBarButton(label: label) }
        tapCentre(of: button, in: snapshot)
        recorder.tap(label, note: note)
        if observe { try self.observe() }
    }

    /// Taps the button the policy's label `label` names: a bar button of the front-most presentation
    /// first (`tapBarButton(_:)`), else the first such button in front that is not the keyboard's;
    /// records `tap: LABEL`, then observes.
    /// - Throws: `XCUIRecordingError.noButton` (nothing recorded) when there is none in front.
    public func tapButton(_ label: String, note: String? = nil, observe: Bool = true) throws {
        let snapshot = ElementSnapshot(xcui: try app.snapshot())
        guard let button = observer.button(label, in: snapshot) else { throw XCUIRecordingError.noButton(label: label) }
        tapCentre(of: button, in: snapshot)
        recorder.tap(label, note: note)
        if observe { try self.observe() }
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

    /// Chooses the action titled `title` of the visible sheet, alert or popover: taps its button (found by
    /// `observer.options.titles` in another language) and records `choose: TITLE`, then observes.
    ///
    /// On iOS 26 iPhones and on iPad a confirmation dialog is a popover with no button for its cancel
    /// action: tapping outside it cancels. So when there is no such button, `role` is `.cancel` and a
    /// popover dismiss region (identifier `PopoverDismissRegion`, a `Button` or an `Other`) is on screen,
    /// this taps that region outside every popover and records `tap-outside: sheet`, which the checker
    /// resolves to the sheet's cancel action.
    /// - Throws: `XCUIRecordingError.noSheetButton` (nothing recorded) when neither can be done.
    public func choose(_ title: String, role: SheetRole? = nil, note: String? = nil, observe: Bool = true) throws {
        let snapshot = ElementSnapshot(xcui: try app.snapshot())
        if let button = observer.sheetButton(title, in: snapshot) {
            tapCentre(of: button, in: snapshot)
            recorder.choose(title, note: note)
        } else if role == .cancel, let outside = observer.pointOutsidePopovers(in: snapshot) {
            tap(atX: outside.x, y: outside.y, in: snapshot)
            recorder.tapOutside("sheet", note: note)
        } else {
            throw XCUIRecordingError.noSheetButton(title: title, role: role)
        }
        if observe { try self.observe() }
    }

    // MARK: - Private

    /// Taps the centre of `element`, an element of `snapshot`, where XCUITest taps an element.
    private func tapCentre(of element: any UIElementSnapshot, in snapshot: ElementSnapshot) {
        tap(atX: element.frame.minX + element.frame.width / 2, y: element.frame.minY + element.frame.height / 2, in: snapshot)
    }

    /// Taps the screen point (x, y): an offset from the application's origin (`snapshot`'s root).
    private func tap(atX x: Double, y: Double, in snapshot: ElementSnapshot) {
        let origin = app.coordinate(withNormalizedOffset: CGVector(dx: 0, dy: 0))
        origin.withOffset(CGVector(dx: x - snapshot.frame.minX, dy: y - snapshot.frame.minY)).tap()
    }

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
