import Foundation
@_spi(Simulation) import XCUIDeclarations

/// A tiny simulated device for the adapter's unit tests (synthetic: no real app or iOS version): an
/// iPhone-sized screen (390×844) with a navigation bar (Cancel, Done) and one text field.
///
/// The field behaves as UIKit's text fields do in the ways the adapter must survive:
/// - it capitalises the first letter typed into an empty field (autocapitalisation);
/// - a tap puts the cursor where it lands: at the end when near the right edge, in the middle otherwise;
/// - while it is focused and not empty it shows a clear button ("Clear text", 28 pt at its right edge)
///   when `clearButton` is true; a tap on that button empties the field;
/// - as a secure field it reports bullets as its value.
/// Every tap is logged, so a test can say exactly where the adapter tapped.
///
/// `flickers`: the Done button's enabled state flips at every read of the tree (a screen in the middle
/// of an animation), and the screenshot shows the state of the last read: so a screenshot illustrates a
/// snapshot only when nothing read the tree between them.
@MainActor
final class TinyFormDevice: SimulatedDevice {
    var text: String
    var cursor: Int
    var focused = false
    var clearButton: Bool
    var secure: Bool
    var flickers = false
    /// Whether a tap near the right edge puts the cursor at the end (false: every tap puts it in the middle).
    var tapsMoveCursorToEnd = true
    private(set) var taps: [CGPoint] = []
    private(set) var reads = 0
    private var doneEnabled = true

    static let fieldFrame = CGRect(x: 16, y: 120, width: 358, height: 44)
    static let clearFrame = CGRect(x: 16 + 358 - 28, y: 128, width: 28, height: 28)
    static let placeholder = "Title"
    static let bullet: Character = "\u{2022}"

    init(text: String = "", clearButton: Bool = true, secure: Bool = false) {
        self.text = text
        self.cursor = text.count
        self.clearButton = clearButton
        self.secure = secure
    }

    var showsClearButton: Bool { clearButton && focused && !text.isEmpty }

    var root: SimulatedElement {
        reads += 1
        if flickers { doneEnabled.toggle() }
        let shown: String = secure ? String(repeating: Self.bullet, count: text.count) : text
        let field = SimulatedElement(
            secure ? .secureTextField : .textField, identifier: "title", value: shown.isEmpty ? Self.placeholder : shown,
            placeholderValue: Self.placeholder, frame: Self.fieldFrame, hasFocus: focused,
            children: showsClearButton ? [SimulatedElement(.button, label: "Clear text", frame: Self.clearFrame)] : [])
        let bar = SimulatedElement(
            .navigationBar, identifier: "New Reminder", frame: CGRect(x: 0, y: 47, width: 390, height: 44),
            children: [
                SimulatedElement(.button, identifier: "Cancel", label: "Cancel", frame: CGRect(x: 8, y: 53, width: 60, height: 32)),
                SimulatedElement(
                    .button, identifier: "Done", label: "Done", frame: CGRect(x: 330, y: 53, width: 52, height: 32),
                    isEnabled: doneEnabled),
            ])
        let window = SimulatedElement(.window, frame: CGRect(x: 0, y: 0, width: 390, height: 844), children: [bar, field])
        return SimulatedElement(.application, label: "Tiny", frame: window.frame, children: [window])
    }

    func launch(arguments: [String], environment: [String: String]) {}

    func tap(at point: CGPoint) {
        taps.append(point)
        if showsClearButton, Self.clearFrame.contains(point) {
            text = ""
            cursor = 0
        } else if Self.fieldFrame.contains(point) {
            focused = true
            let nearEnd = point.x >= Self.fieldFrame.minX + Self.fieldFrame.width * 0.9
            cursor = nearEnd && tapsMoveCursorToEnd ? text.count : text.count / 2
        } else {
            focused = false
        }
    }

    func swipe(from point: CGPoint, direction: SimulatedSwipe) {}

    func typeText(_ typed: String) {
        guard focused else { return }
        var characters = Array(text)
        for character in typed {
            if character == "\u{7F}" {
                if cursor > 0 {
                    characters.remove(at: cursor - 1)
                    cursor -= 1
                }
            } else {
                let shown = characters.isEmpty && !secure ? Character(character.uppercased()) : character
                characters.insert(shown, at: cursor)
                cursor += 1
            }
        }
        text = String(characters)
    }

    /// Not a decodable image: the PNG signature, then the state of the last tree read as text, which is
    /// what the tests read back.
    func screenshotPNG() -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("done=\(doneEnabled ? "enabled" : "disabled")".utf8)
    }
}
