import Testing

@testable import ConformRecording

/// The reader on small synthetic texts: each hazard alone, and the errors.
@Suite("Recording: Reading debugDescription text")
struct DebugDescriptionReaderTests {
    @Test("a fenced paste with comment markers; flags outside quotes; a label that holds the word Disabled")
    func fencedAndFlags() throws {
        let text = """
            ```text
            /*
             →Application, 0x1, pid: 1, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  Button, 0x3, {{0.0, 0.0}, {44.0, 44.0}}, label: 'Disabled, Selected', Selected
                  Button, 0x4, {{50.0, 0.0}, {44.0, 44.0}}, identifier: 'save', label: 'Save', Disabled
            */
            ```
            """
        let tree = try DebugDescriptionReader.read(text)
        let buttons = tree.root.elements[0].elements
        #expect(buttons.map(\.label) == ["Disabled, Selected", "Save"])
        #expect(buttons.map(\.isEnabled) == [true, false])
        #expect(tree.skipped.isEmpty)
    }

    @Test("a value runs to the flags; an unknown type reads as other; a quote closes only before a field or the end")
    func valuesAndTypes() throws {
        let text = """
             →Application, 0x1, pid: 1, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                  TextField, 0x3, {{0.0, 0.0}, {200.0, 44.0}}, identifier: 'name', placeholderValue: 'Name', value: a, b, Disabled
                  MenuItem, 0x4, {{0.0, 50.0}, {200.0, 44.0}}, label: 'Tom's, Jerry's'
            """
        let window = try ElementSnapshot(debugDescription: text).elements[0]
        #expect(window.elements[0].value == "a, b" && !window.elements[0].isEnabled)
        #expect(window.elements[0].placeholderValue == "Name")
        #expect(window.elements[1].elementType == .other)
        #expect(window.elements[1].label == "Tom's, Jerry's")
    }

    @Test("an lldb literal with \\u{} and \\\" escapes")
    func literal() throws {
        let text =
            #""Element subtree:\n \u{2192}Application, 0x1, pid: 1, label: \'Say \"hi\"\'\n    Window, 0x2, {{0.0, 0.0}, {10.0, 10.0}}\n""#
        let root = try ElementSnapshot(debugDescription: text)
        #expect(root.label == #"Say "hi""#)
        #expect(root.elements.map(\.elementType) == [.window])
    }

    @Test("several top-level elements without a root get one application around them")
    func suppliedRoot() throws {
        let text = """
                Window (Main), 0x2, {{0.0, 0.0}, {390.0, 844.0}}
                Window, 0x3, {{0.0, 0.0}, {390.0, 844.0}}
                  Keyboard, 0x4, {{0.0, 508.0}, {390.0, 336.0}}
            """
        let tree = try DebugDescriptionReader.read(text)
        #expect(tree.rootSupplied)
        #expect(tree.root.elementType == .application && tree.root.elements.count == 2)
        #expect(tree.root.frame == UIRect(x: 0, y: 0, width: 390, height: 844))
        #expect(ScreenObserver().keyboardHeight(in: tree.root) == 336)
    }

    @Test("errors say the line and why; never a crash")
    func errors() {
        func error(_ text: String) -> DebugDescriptionError? {
            do {
                _ = try DebugDescriptionReader.read(text)
                return nil
            } catch {
                return error
            }
        }
        #expect(error("") == .noElements)
        #expect(error("Sparse tree of matches:\n→Application, pid: 1\n  ↳Cell, Selected") == .noElements)
        #expect(
            error(" →Application, 0x1, pid: 1\n    Button, 0x2, {{0.0, 0.0}, {1.0}}")
                == .malformed(
                    line: 2,
                    reason: "a frame is {{x, y}, {width, height}}: 4 finite numbers, width and height not negative"))
        #expect(
            error(" →Application, 0x1, pid: 1\n    Button, 0x2 {{0.0, 0.0}, {1.0, 1.0}}")
                == .malformed(line: 2, reason: "expected ', ' between the fields of an element line"))
        #expect(
            error(" →Application, 0x1, pid: 1\n    Button, 0x2, {{0.0, 0.0}, {1.0, 1.0}}, label: 'open\nstill open")
                == .unterminatedQuote(line: 2))
        #expect(
            DebugDescriptionError.unterminatedQuote(line: 2).description
                == "debugDescription, line 2: a quoted text opened here is never closed")
    }

    @Test("fragments as an author reformats them: no addresses, the frame last or missing (SOURCES.md, iOS 26.5)")
    func reformattedFragments() throws {
        // The shape of the fragments of a real Xcode 26.6 / iOS 26.5 / iPhone 17 Pro tree quoted in
        // ../shared/ui-tree-dumps/SOURCES.md (Icatly/moments-studio); the message text is made up.
        let text = """
            Application, label: 'Moments'
              Window (Main), {{0.0, 0.0}, {402.0, 874.0}}
                Other, identifier: 'PopoverDismissRegion', label: 'dismiss popup', {{0.0, 0.0}, {402.0, 874.0}}
                Popover, {{81.0, 72.0}, {240.0, 247.3}}
                  Sheet, label: 'Remove this photo from the project?'
                    StaticText, label: 'Remove this photo from the project?'
                    StaticText, label: 'It stays in your library.'
                    Button, label: 'Remove'
            """
        let tree = try DebugDescriptionReader.read(text)
        #expect(!tree.rootSupplied && tree.skipped.isEmpty)
        let region = try #require(tree.root.elements.first?.elements.first)
        #expect(region.identifier == "PopoverDismissRegion" && region.label == "dismiss popup")
        #expect(region.frame == UIRect(x: 0, y: 0, width: 402, height: 874))
        #expect(
            try lines(ScreenObserver(options: .init(keys: [.sheet, .dismissed])).observe(tree.root)) == [
                #"sheet: {"title":"Remove this photo from the project?","message":"It stays in your library.","#
                    + #""actions":["Remove"],"outside":"cancel"}"#,
                "dismissed: false",
            ])
    }
}
