import ConformCore
import Testing

@testable import ConformRecording

@Suite("Recording: Keyboard and disclosure fixtures")
struct KeyboardAndDisclosureTests {
    let keyboardOptions = ScreenObserver.Options(keys: [.offset, .inset], offsetHook: "debug.offset", insetHook: "debug.inset")

    @Test("offset and inset come from the app's debug hooks")
    func hooks() throws {
        let observation = try ScreenObserver(options: keyboardOptions).observe(fixture("keyboard-up"))
        #expect(lines(observation) == ["offset: 202", "inset: 336"])
    }

    @Test("keyboard height, window height and the focused field's bottom")
    func geometry() throws {
        let screen = try fixture("keyboard-up")
        let observer = ScreenObserver()
        #expect(observer.keyboardHeight(in: screen) == 336)
        #expect(observer.windowHeight(in: screen) == 844)
        #expect(observer.focus(of: "email", in: screen) == ScreenObserver.Focus(bottom: 498, kind: "textField"))
        #expect(observer.focusBottom(of: "nowhere", in: screen) == nil)
        #expect(try observer.keyboardHeight(in: fixture("reminders-form")) == 0)
        #expect(try observer.focus(of: "notes-field", in: fixture("reminders-form"))?.kind == "textView")
    }

    @Test("a missing hook and a hook that is not a number are errors that say so")
    func hookErrors() throws {
        var options = keyboardOptions
        options.offsetHook = "debug.scroll"
        #expect(throws: ScreenObserverError.hookMissing(key: "offset", identifier: "debug.scroll")) {
            try ScreenObserver(options: options).observe(fixture("keyboard-up"))
        }
        options.offsetHook = "email"
        #expect(throws: ScreenObserverError.hookNotANumber(key: "offset", identifier: "email", value: "Email")) {
            try ScreenObserver(options: options).observe(fixture("keyboard-up"))
        }
        #expect(
            ScreenObserverError.hookMissing(key: "offset", identifier: "debug.scroll").description
                == "'offset' is read from an element with identifier 'debug.scroll', and the screen has none")
    }

    @Test("a collapsed list shows chevrons; the expanded split view shows none")
    func indicators() throws {
        let observer = ScreenObserver(options: ScreenObserver.Options(keys: [.indicators]))
        #expect(try lines(observer.observe(fixture("split-collapsed"))) == ["indicators: true"])
        #expect(try lines(observer.observe(fixture("split-expanded"))) == ["indicators: false"])
    }

    @Test("only the cells the test calls disclosable count")
    func disclosablePredicate() throws {
        // The detail column's Wi-Fi cell has no chevron and cannot disclose; the list's cells are excluded too.
        let onlyDetail = ScreenObserver(
            options: ScreenObserver.Options(keys: [.indicators], disclosable: { $0.elementType == .cell && $0.identifier == "" }))
        #expect(try lines(onlyDetail.observe(fixture("split-expanded"))) == ["indicators: false"])
        let none = ScreenObserver(options: ScreenObserver.Options(keys: [.indicators], disclosable: { _ in false }))
        #expect(throws: ScreenObserverError.noDisclosableCell) { try none.observe(fixture("split-collapsed")) }
    }

    @Test("cells that disagree are an error naming them; a list cell's chevron.forward image counts")
    func mixedIndicators() throws {
        let window = UIRect(x: 0, y: 0, width: 390, height: 844)
        func cell(_ label: String, y: Double, chevron: ElementSnapshot?) -> ElementSnapshot {
            ElementSnapshot(.cell, label: label, frame: UIRect(x: 0, y: y, width: 390, height: 44), children: chevron.map { [$0] } ?? [])
        }
        let image = ElementSnapshot(.image, identifier: "chevron.forward", frame: UIRect(x: 360, y: 0, width: 8, height: 13))
        let offScreen = cell("Below", y: 900, chevron: nil)
        let root = ElementSnapshot(
            .application, frame: window,
            children: [ElementSnapshot(.window, frame: window, children: [cell("General", y: 100, chevron: image), offScreen])])
        let observer = ScreenObserver(options: ScreenObserver.Options(keys: [.indicators]))
        // The cell below the window is not visible: it does not count.
        #expect(try lines(observer.observe(root)) == ["indicators: true"])
        var mixed = root
        mixed.elements[0].elements.append(cell("Privacy", y: 144, chevron: nil))
        #expect(throws: ScreenObserverError.indicatorsDisagree(shown: ["'General'"], hidden: ["'Privacy'"])) {
            try observer.observe(mixed)
        }
        // A UITableViewCell's accessory shows as a disabled Button 'chevron' (the Settings app's General rows, iOS 26.4).
        let accessory = ElementSnapshot(
            .button, identifier: "chevron", label: "chevron", isEnabled: false, frame: UIRect(x: 360, y: 0, width: 11, height: 15))
        #expect(ScreenObserver.showsSystemChevron(cell("About", y: 0, chevron: accessory)))
        #expect(!ScreenObserver.showsSystemChevron(cell("About", y: 0, chevron: ElementSnapshot(.button, label: "Info", frame: .zero))))
    }
}
