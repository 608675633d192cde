import ConformCore
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

/// How a generated test reads `saved`, which the screen cannot show (Docs/Recording.md, "On a device",
/// rule 4): the team's extension gives one in `scenarioOptions.saved`; without one, `saved` is not
/// checked and the trace says so.
@MainActor
public struct SavedCheck {
    /// Whether the edits were saved (`nil`: cannot tell now), and why not when it cannot tell once the
    /// form is gone (the note of that `see` step).
    let read: @MainActor (XCUITraceRecorder) -> (saved: Bool?, note: String?)

    /// Your function of the app: `true` or `false` once it can tell (a debug label's value, a file the
    /// app writes in a test build), `nil` before. It is asked after each snapshot while the recorder waits.
    public static func reading(_ read: @escaping @MainActor (XCUIApplication) -> Bool?) -> SavedCheck {
        SavedCheck { recorder in
            guard let saved = read(recorder.app) else {
                let gone = recorder.currentSnapshot.map(recorder.observer.isDismissed) ?? false
                return (nil, gone ? "saved not checked: scenarioOptions.saved gave no answer" : nil)
            }
            return (saved, nil)
        }
    }

    /// Once the form is gone, the element identified `identifier` (the row of the screen behind that shows
    /// the edited item, e.g. a `Text` with `.accessibilityIdentifier("item-title")`) shows field `field`:
    /// saved when it shows the value the form showed last, not saved when it shows the value the form
    /// opened with. When the form last showed its opening value, or the element shows neither, it cannot
    /// tell, and the `see` step's note says why. The element's text is its label, else its value, else
    /// the label of the first text inside it.
    public static func row(_ identifier: String, shows field: String) -> SavedCheck {
        SavedCheck { recorder in
            guard let snapshot = recorder.currentSnapshot, recorder.observer.isDismissed(snapshot) else { return (nil, nil) }
            let opening = text(of: recorder.recorder.trace.form[field])
            let last = lastShown(field, in: recorder.recorder.trace) ?? opening
            guard let row = ([snapshot] + snapshot.descendants).first(where: { $0.identifier == identifier }) else {
                return (nil, "saved not checked: no element '\(identifier)' on screen once the form was gone")
            }
            guard last != opening else {
                return (
                    nil,
                    "saved not checked: the form last showed \(field) '\(last)', the value it opened with, so '\(identifier)' "
                        + "cannot tell a save from a discard"
                )
            }
            let shown = shownText(row)
            if shown == last { return (true, nil) }
            if shown == opening { return (false, nil) }
            return (
                nil,
                "saved not checked: '\(identifier)' shows '\(shown)', neither the form's last \(field) '\(last)' nor the one it opened with '\(opening)'"
            )
        }
    }

    /// Whether the edits were saved, as this check reads `recorder`'s current snapshot; `nil`: cannot tell.
    public func value(for recorder: XCUITraceRecorder) -> Bool? {
        read(recorder).saved
    }

    /// Why this check cannot tell, once the form is gone; `nil` when it can, or while the form is open.
    public func note(for recorder: XCUITraceRecorder) -> String? {
        read(recorder).note
    }

    // MARK: - Private

    private static func text(of value: Value?) -> String {
        switch value {
        case .string(let text)?, .symbol(let text)?: return text
        case nil, .null?: return ""
        case let other?: return other.display
        }
    }

    /// The value `field` had in the last `see` that showed it.
    private static func lastShown(_ field: String, in trace: Trace) -> String? {
        for step in trace.steps.reversed() {
            guard case .see(let observation) = step.kind else { continue }
            for item in observation.items where item.key == ObservationKey.form.rawValue {
                if case .fields(let fields) = item.value, let named = fields.first(where: { $0.name == field }) {
                    return text(of: named.value)
                }
            }
        }
        return nil
    }

    /// What an element shows: its label, else its value, else the label of the first text inside it.
    private static func shownText(_ element: any UIElementSnapshot) -> String {
        if !element.label.isEmpty { return element.label }
        if let value = element.value, !value.isEmpty { return value }
        return element.descendants.first { $0.elementType == .staticText }?.text ?? ""
    }
}
