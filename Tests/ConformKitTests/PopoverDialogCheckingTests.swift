import ConformCore
import Testing

@testable import ConformKit

/// A confirmation dialog shown as a popover (iOS 26 iPhone, every iPad; IOS-UI-TREES.md §2) has no
/// button for its cancel action: a trace says `outside: cancel` on the sheet and `tap-outside:` for the
/// cancel (Docs/TraceFormat.md, "Popover dialogs").
@Suite("Kit: Checking popover dialogs: outside: cancel and tap-outside (issue 22)")
struct PopoverDialogCheckingTests {
    /// The same Reminders behaviour as the PRODUCT example, as iOS 26 shows it.
    static let remindersOnIOS26 = trace(
        """
          - see: { done: disabled, cancel: absent, sheet: none }
          - edit: { title: Milk and eggs }
          - swipe: down
          - see: { sheet: { actions: [Discard Changes], outside: cancel }, dismissed: false }
          - tap-outside: sheet
          - see: { sheet: none, dismissed: false }
          - swipe: down
          - see: { sheet: { actions: [Discard Changes], outside: cancel } }
          - choose: Discard Changes
          - see: { dismissed: true, saved: false }
        """)

    @Test("an app that does what apple-reminders says conforms on a popover: tap-outside is the cancel action")
    func remindersPopoverConforms() throws {
        #expect(summary(try check(Self.remindersOnIOS26, against: "apple-reminders")) == "pass")
    }

    @Test("one-handed's titled sheets match their buttons without Cancel; a tap outside keeps the form open")
    func oneHandedPopover() throws {
        let yaml = trace(
            """
              - edit: { name: Steven }
              - swipe: down
              - see:
                  sheet:
                    title: You have unsaved changes!
                    message: If you cancel, the changes will be reversed.
                    actions: [Save changes, Cancel changes]
                    outside: cancel
              - tap-outside:
              - see: { sheet: none, dismissed: false, done: enabled }
              - tap: Cancel
              - see: { sheet: { actions: [Cancel changes], outside: cancel } }
              - choose: Cancel changes
              - see: { dismissed: true, saved: false }
            """, form: "{ name: Steve }")
        #expect(summary(try check(yaml, against: "one-handed")) == "pass")
    }

    @Test("a popover that shows only the destructive action and cannot be cancelled departs at that see")
    func noWayToCancel() throws {
        let yaml = trace("  - edit: title\n  - swipe: down\n  - see: { sheet: { actions: [Discard Changes] } }\n")
        #expect(
            summary(try check(yaml, against: "apple-reminders"))
                == "fail step 3 line 6 [confirm]: expected sheet: { actions [(destructive), (cancel)] }, saw sheet: { actions ['Discard Changes'] }"
        )
    }

    @Test("outside: cancel still needs the other actions: a sheet with one button too few departs")
    func outsideStillChecksButtons() throws {
        let yaml = trace(
            "  - edit: { name: Steven }\n  - swipe: down\n  - see: { sheet: { actions: [Save changes], outside: cancel } }\n",
            form: "{ name: Steve }")
        #expect(summary(try check(yaml, against: "one-handed")).hasPrefix("fail step 3 line 6 [confirm-swipe]: expected sheet:"))
    }

    @Test("a policy whose sheet has no cancel action does not accept outside: cancel")
    func outsideWithoutCancelAction() throws {
        let policy = """
            conform: 1
            policy: no-cancel
            title: A sheet with no cancel action
            domain: form
            initial: editing
            states:
              editing:
                see: { sheet: none }
                on:
                  swipe down: ask
              ask:
                see: { sheet: { actions: [{ title: Discard, role: destructive }] } }
                on:
                  choose Discard: gone
              gone:
                final: true
                see: { dismissed: true }
            """
        let seen = trace("  - swipe: down\n  - see: { sheet: { actions: [Discard], outside: cancel } }\n")
        #expect(summary(try check(seen, against: policy)).hasPrefix("fail step 2 line 5 [ask]: expected sheet:"))
        let tapped = trace("  - swipe: down\n  - tap-outside:\n")
        #expect(
            summary(try check(tapped, against: policy))
                == "fail step 2 line 5 [ask]: tapped outside the sheet, which the policy's sheet does not allow: it has no cancel action")
    }

    @Test("tap-outside while no sheet is shown departs")
    func tapOutsideWithoutSheet() throws {
        let verdict = try check(trace("  - tap-outside:\n"), against: "apple-reminders")
        #expect(summary(verdict) == "fail step 1 line 4 [editing]: tapped outside while no sheet is shown")
        #expect(verdict.departure?.observed == .object([("tap-outside", .null)]))
    }

    @Test("traces without outside: keep their meaning: a two-button sheet on iOS 18 still matches")
    func iOS18Unchanged() throws {
        let yaml = trace(
            "  - edit: title\n  - swipe: down\n  - see: { sheet: { actions: [Discard Changes, Cancel] } }\n  - choose: Cancel\n  - see: { sheet: none }\n"
        )
        #expect(summary(try check(yaml, against: "apple-reminders")) == "pass")
    }

    @Test("TraceRecorder writes outside: cancel and tap-outside, and reads them back to the same verdict")
    func recorderRoundTrip() throws {
        var recorder = TraceRecorder(trace: "popover", claims: ["apple-reminders"], form: ["title": "Milk"])
        recorder.edit(["title": "Milk and eggs"])
        recorder.swipe()
        recorder.see(.sheet(actions: ["Discard Changes"], outsideCancels: true), .dismissed(false))
        recorder.tapOutside()
        recorder.see(.sheet(.none), .dismissed(false))
        let yaml = recorder.yaml()
        #expect(yaml.contains("  - see: { sheet: { actions: [Discard Changes], outside: cancel }, dismissed: false }\n"))
        #expect(yaml.contains("  - tap-outside: sheet\n"))
        #expect(try recorder.check(against: "apple-reminders").passed)
    }

    @Test("outside takes only cancel; tap-outside is not a policy verb")
    func badInput() throws {
        #expect(throws: LoadFailure.self) { try check(trace("  - see: { sheet: { outside: close } }\n"), against: "apple-reminders") }
        do {
            _ = try check(trace("  - see: { sheet: { outside: close } }\n"), against: "apple-reminders")
        } catch let failure as LoadFailure {
            #expect(
                failure.problems == [
                    "4:30: 'outside' says what a tap outside the sheet does: 'cancel' (a popover whose cancel action has no button), not 'close'"
                ])
        }
        let policy = """
            conform: 1
            policy: p
            title: P
            domain: form
            initial: editing
            states:
              editing:
                on:
                  tap-outside: editing
            """
        #expect(throws: LoadFailure.self) { try load(policy: policy) }
    }
}
