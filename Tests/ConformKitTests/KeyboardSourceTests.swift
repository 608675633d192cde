import ConformCore
import ConformKit
import Testing

/// Each test is written from one fact of a policy's source, cited above it (BEHAVIOURS.md gives the
/// sources in full), and checks that the built-in policy behaves as that source says.
@Suite("Kit: The keyboard policies follow their sources")
struct KeyboardSourceTests {
    /// A trace on an 844-pt window, no offset or inset yet, with these steps (two spaces of indent added).
    func keyboard(_ steps: String, layout: String = "{ window: 844, offset: 0, inset: 0 }") -> String {
        "conform: 1\nsteps:\n  - layout: \(layout)\n" + steps.split(separator: "\n").map { "  - \($0)\n" }.joined()
    }

    /// IQ `IQKeyboardManager+Position.swift` `getMoveUpDistance` (a55dbfc9): `moveUp = CGFloat(Int(moveUp))`.
    /// With a 336-pt keyboard grown by keyboardDistance 10, the room ends at 844 - 346 = 498.
    @Test("iq-keyboard-manager truncates the move to whole points: 145.33 pt scrolls 145")
    func truncates() throws {
        let yaml = keyboard(
            "focus: { bottom: 643.3333333333334, kind: textField }\nkeyboard-show: { height: 336 }\nsee: { offset: 145, inset: 346 }")
        #expect(summary(try check(yaml, against: "iq-keyboard-manager")) == "pass")
        // keyboard-listener, which scrolls by the exact difference, expects the fraction.
        #expect(summary(try check(yaml, against: "keyboard-listener")).contains("expected offset: 145.33"))
    }

    /// IQ `getMoveUpDistance`: `topMovement = minY in the root view - layoutGuide.top`, and
    /// `moveUp = min(topMovement, bottomMovement)`.
    @Test("iq-keyboard-manager caps the move so the field's top stays below the top layout guide (focus.top)")
    func topCaps() throws {
        let capped = keyboard(
            "focus: { bottom: 800, top: 150, kind: textView }\nkeyboard-show: { height: 336 }\nsee: { offset: 150, inset: 346 }")
        #expect(summary(try check(capped, against: "iq-keyboard-manager")) == "pass")
        // Without `top` (the old form, still accepted) the cap is unknown and the bottom decides: 800 - 498.
        let uncapped = keyboard("focus: { bottom: 800, kind: textView }\nkeyboard-show: { height: 336 }\nsee: { offset: 302, inset: 346 }")
        #expect(summary(try check(uncapped, against: "iq-keyboard-manager")) == "pass")
        // A room larger than the move does not limit it.
        let roomy = keyboard("focus: { bottom: 800, top: 600, kind: textView }\nkeyboard-show: { height: 336 }\nsee: { offset: 302 }")
        #expect(summary(try check(roomy, against: "iq-keyboard-manager")) == "pass")
    }

    /// IQ `adjustScrollViewContentOffsets`: a field whose top is above the guide (`moveUp <= 0` and
    /// `minY < layoutGuide.top`) is scrolled down by as much, the offset going no lower than 0
    /// (`suggestedOffsetY = offset - min(offset, -moveUp)`).
    @Test("iq-keyboard-manager scrolls a field above the top layout guide back down, not below offset 0")
    func aboveGuide() throws {
        let yaml = keyboard(
            "focus: { bottom: 30, top: -78, kind: textField }\nkeyboard-show: { height: 336 }\nsee: { offset: 22, inset: 346 }",
            layout: "{ window: 844, offset: 100, inset: 0 }")
        #expect(summary(try check(yaml, against: "iq-keyboard-manager")) == "pass")
        let floor = keyboard(
            "focus: { bottom: 34, top: -74, kind: textField }\nkeyboard-show: { height: 336 }\nsee: { offset: 0 }",
            layout: "{ window: 844, offset: 30, inset: 0 }")
        #expect(summary(try check(floor, against: "iq-keyboard-manager")) == "pass")
    }

    /// IQ `adjustScrollViewContentOffsets`: `isContinue = moveUp > (-scrollView.contentOffset.y - scrollView.contentInset.top)`;
    /// otherwise `moveUp = 0` and nothing scrolls.
    @Test("iq-keyboard-manager scrolls only a move larger than -contentOffset.y (under a navigation bar)")
    func negativeOffset() throws {
        let small = keyboard(
            "focus: { bottom: 548, kind: textField }\nkeyboard-show: { height: 336 }\nsee: { offset: -64, inset: 346 }",
            layout: "{ window: 844, offset: -64, inset: 0 }")
        #expect(summary(try check(small, against: "iq-keyboard-manager")) == "pass")
        let large = keyboard(
            "focus: { bottom: 648, kind: textField }\nkeyboard-show: { height: 336 }\nsee: { offset: 86 }",
            layout: "{ window: 844, offset: -64, inset: 0 }")
        #expect(summary(try check(large, against: "iq-keyboard-manager")) == "pass")
    }

    /// IQ `IQActiveConfiguration.addTextInputViewObserver`: on `beginEditing`, `sendEvent()` notifies
    /// `.change` while the keyboard is visible, and `handleKeyboardTextInputViewChanged` runs `adjustPosition`.
    @Test("iq-keyboard-manager adjusts when focus moves while the keyboard is up, without a new will-show")
    func refocus() throws {
        let yaml = keyboard(
            """
            focus: { bottom: 700, kind: textField }
            keyboard-show: { height: 336 }
            focus: { bottom: 640, kind: textField }
            see: { offset: 344, inset: 346 }
            focus: { bottom: 300, kind: textField }
            see: { offset: 344, inset: 346 }
            """)
        #expect(summary(try check(yaml, against: "iq-keyboard-manager")) == "pass")
        // While no keyboard is shown, beginEditing sends nothing: the offset waits for the will-show.
        let hidden = keyboard("focus: { bottom: 700, kind: textField }\nsee: { offset: 0, inset: 0 }")
        #expect(summary(try check(hidden, against: "iq-keyboard-manager")) == "pass")
    }

    /// IQ `IQActiveConfiguration.addKeyboardObserver`: `guard oldKeyboardInfo.endFrame.height != endFrame.height else { return }`.
    @Test("iq-keyboard-manager ignores a will-show whose keyboard height did not change, and adjusts on one that did")
    func sameHeight() throws {
        // The field, focused after the scroll and not yet adjusted for: a repeated show must not scroll it.
        let same = keyboard(
            """
            focus: { bottom: 700, kind: textField }
            keyboard-show: { height: 336 }
            keyboard-show: { height: 336 }
            see: { offset: 202, inset: 346 }
            """)
        #expect(summary(try check(same, against: "iq-keyboard-manager")) == "pass")
        let taller = keyboard(
            """
            focus: { bottom: 600, kind: textField }
            keyboard-show: { height: 336 }
            keyboard-show: { height: 380 }
            see: { offset: 146, inset: 390 }
            """)
        #expect(summary(try check(taller, against: "iq-keyboard-manager")) == "pass")
    }

    /// IQ `restorePosition` and `IQScrollViewConfiguration.restore`: the offset is restored only when
    /// `scrollView.iq.restoreContentOffset` (default `false`); `restoreScrollViewContentOffset` clamps an
    /// offset beyond `contentSize.height - frame.height`.
    @Test("iq-keyboard-manager restores the inset on hide but not the offset, which is only clamped to the content")
    func hideKeepsOffset() throws {
        let kept = keyboard(
            "focus: { bottom: 700, kind: textField }\nkeyboard-show: { height: 336 }\nkeyboard-hide:\nsee: { offset: 202, inset: 0 }")
        #expect(summary(try check(kept, against: "iq-keyboard-manager")) == "pass")
        let clamped = keyboard(
            "focus: { bottom: 700, kind: textField }\nkeyboard-show: { height: 336 }\nkeyboard-hide:\nsee: { offset: 56, inset: 0 }",
            layout: "{ window: 844, offset: 0, inset: 0, content: 900 }")
        #expect(summary(try check(clamped, against: "iq-keyboard-manager")) == "pass")
        // keyboard-listener restores both (RL resetScrollView).
        #expect(summary(try check(kept, against: "keyboard-listener")).contains("expected offset: 0"))
    }

    /// IQN `IQKeyboardInfo.isVisible` (`endFrame.height > 0`) and IQ `IQActiveConfiguration.sendEvent`:
    /// a keyboard event that is not visible after a visible one notifies `.hide`.
    @Test("iq-keyboard-manager treats a height-0 keyboard (a hardware keyboard) as a hide, and ignores it while none is shown")
    func hardwareKeyboard() throws {
        let yaml = keyboard(
            "focus: { bottom: 700, kind: textField }\nkeyboard-show: { height: 336 }\nkeyboard-show: { height: 0 }\nsee: { offset: 202, inset: 40 }",
            layout: "{ window: 844, offset: 0, inset: 40 }")
        #expect(summary(try check(yaml, against: "iq-keyboard-manager")) == "pass")
        let idle = keyboard("focus: { bottom: 700, kind: textField }\nkeyboard-show: { height: 0 }\nsee: { offset: 0, inset: 0 }")
        #expect(summary(try check(idle, against: "iq-keyboard-manager")) == "pass")
    }

    /// RL `updateContentOffsetOnTextFieldFocus` converts the text field's frame to the window inside the
    /// will-show handler, while `contentOffsetPreKeyboardDisplay` is stored only when nil.
    @Test("keyboard-listener measures the field where it is at each will-show and keeps the first show's values")
    func listenerRemeasures() throws {
        let yaml = keyboard(
            """
            focus: { bottom: 700, kind: textField }
            keyboard-show: { height: 336 }
            keyboard-show: { height: 336 }
            see: { offset: 202, inset: 672 }
            keyboard-hide:
            see: { offset: 0, inset: 0 }
            """)
        #expect(summary(try check(yaml, against: "keyboard-listener")) == "pass")
        // Content scrolled by hand moves the field with it: 52 pt down, then 96 pt to scroll under a 380-pt keyboard.
        let dragged = keyboard(
            """
            focus: { bottom: 700, kind: textField }
            keyboard-show: { height: 336 }
            layout: { window: 844, offset: 150, inset: 336 }
            keyboard-show: { height: 380 }
            see: { offset: 246, inset: 716 }
            """)
        #expect(summary(try check(dragged, against: "keyboard-listener")) == "pass")
    }

    @Test("the old keyboard form (no top, no content) still loads and checks; null stands for a left-out optional key")
    func oldForm() throws {
        let yaml = keyboard(
            "focus: { bottom: 700, kind: textField, top: null }\nkeyboard-show: { height: 336 }\nsee: { offset: 202 }",
            layout: "{ window: 844, offset: 0, inset: 0, content: null }")
        #expect(summary(try check(yaml, against: "iq-keyboard-manager")) == "pass")
        #expect(throws: LoadFailure.self) { try check(keyboard("focus: { kind: textField }"), against: "iq-keyboard-manager") }
    }
}
