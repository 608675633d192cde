import ConformCore
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

extension XCUITraceRecorder {
    /// Replaces the text of `field` with `text`, records `edit: { NAME: VALUE }`, then observes.
    ///
    /// VALUE is what the field holds afterwards, read back from it, not what was typed: typing goes
    /// through autocorrection and autocapitalisation. When the two differ, the step's note says what
    /// was typed. A secure field shows bullets and cannot be read back: its step records the typed text
    /// and says so in the note.
    ///
    /// Clearing never taps the field's clear button by accident: the field is focused with a tap at its
    /// centre; then, when it shows a clear button ("Clear text"), that button is tapped on purpose, and
    /// otherwise the cursor is put at the end (a tap near the right edge, safe once no clear button is
    /// there) and the text is deleted.
    public func edit(_ field: XCUIElement, name: String, text: String, note: String? = nil, observe: Bool = true) throws {
        field.tap()
        let focused = try field.snapshot()
        let isSecure = focused.elementType == .secureTextField
        if !Self.shownText(focused).isEmpty { try clear(field, shown: focused) }
        field.typeText(text)
        let recorded: String
        var typingNote: String?
        if isSecure {
            recorded = text
            typingNote = "secure field: recorded as typed (it shows bullets and cannot be read back)"
        } else {
            recorded = Self.shownText(try field.snapshot())
            if recorded != text {
                typingNote = "typed \(Self.quoted(text)); the field holds \(Self.quoted(recorded)) (autocorrection or capitalisation)"
            }
        }
        recorder.edit([name: .string(recorded)], note: Self.joined(note, typingNote))
        if observe { try self.observe() }
    }

    // MARK: - Private

    /// The label of the button UIKit shows at a text field's right edge to clear it.
    static let clearButtonLabel = "Clear text"

    /// Empties the focused `field`, whose snapshot is `shown`.
    private func clear(_ field: XCUIElement, shown: any XCUIElementSnapshot) throws {
        let hasClearButton = shown.allDescendants.contains {
            $0.elementType == .button && $0.label == Self.clearButtonLabel
        }
        if hasClearButton {
            field.buttons.matching(.button, identifier: Self.clearButtonLabel).firstMatch.tap()
            return
        }
        field.coordinate(withNormalizedOffset: CGVector(dx: 0.98, dy: 0.5)).tap()
        let count = Self.shownText(try field.snapshot()).count
        field.typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: count))
    }

    /// The text a field holds: its value, or "" when it shows only its placeholder (XCUITest reports an
    /// empty field's placeholder as its value).
    static func shownText(_ snapshot: any XCUIElementSnapshot) -> String {
        guard let value = snapshot.value else { return "" }
        let text = (value as? String) ?? "\(value)"
        return text == snapshot.placeholderValue ? "" : text
    }

    private static func quoted(_ text: String) -> String {
        "'\(text)'"
    }
}
