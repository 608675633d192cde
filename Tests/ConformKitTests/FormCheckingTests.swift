import ConformCore
import Testing

@testable import ConformKit

@Suite("Kit: Checking form traces (PRODUCT §3, §5)")
struct FormCheckingTests {
    @Test("the PRODUCT example conforms to apple-reminders: roles learnt by position")
    func productExample() throws {
        let yaml = trace(
            """
              - see: { done: disabled, cancel: absent }
              - edit: { title: Milk and eggs }
              - see: { done: enabled }
              - swipe: down
              - see:
                  sheet:
                    actions: [Discard Changes, Cancel]
              - choose: Discard Changes
              - see: { dismissed: true, saved: false }
            """)
        #expect(summary(try check(yaml, against: "apple-reminders")) == "pass")
        #expect(
            summary(try check(yaml, against: "one-handed"))
                == "fail step 1 line 4 [editing]: expected cancel: enabled, saw cancel: absent")
    }

    @Test("tapping a disabled button changes nothing")
    func disabledTap() throws {
        let yaml = trace("  - tap: Done\n  - see: { done: disabled, dismissed: false }\n")
        #expect(summary(try check(yaml, against: "one-handed")) == "pass")
        #expect(
            summary(try check(yaml, against: "makeitso")) == "fail step 2 line 5 [saved]: expected dismissed: true, saw dismissed: false")
    }

    @Test("tapping a button the policy says is absent departs")
    func absentTap() throws {
        let verdict = try check(trace("  - edit: title\n  - tap: Cancel\n"), against: "apple-reminders")
        #expect(
            summary(verdict) == "fail step 2 line 5 [editing]: tapped 'Cancel', which 'apple-reminders' does not show in state 'editing'")
        #expect(verdict.departure?.expected == .object([("cancel", .string("absent"))]))
        #expect(verdict.departure?.observed == .object([("tap", .string("Cancel"))]))
    }

    @Test("a label no bar button has departs")
    func unknownLabel() throws {
        #expect(
            summary(try check(trace("  - tap: Done\n"), against: "apple-sample"))
                == "fail step 1 line 4 [editing]: tapped 'Done', but 'apple-sample' has no button labelled so; its done button is labelled 'Save'"
        )
    }

    @Test("after dismissal only present and see may follow")
    func afterDismissal() throws {
        let yaml = trace("  - swipe: down\n  - see: { dismissed: true }\n  - edit: title\n")
        #expect(
            summary(try check(yaml, against: "one-handed"))
                == "fail step 3 line 6 [discarded]: edit title after the form was dismissed (only present and see may follow)")
    }

    @Test("present starts the model again: a saved form reopens with the saved values")
    func present() throws {
        let yaml = trace(
            """
              - edit: { title: Oat milk }
              - tap: Done
              - present: Edit
              - see: { done: disabled, form: { title: Oat milk } }
              - edit: { title: Milk }
              - see: { done: enabled }
              - swipe: down
              - choose: Cancel changes
              - present: Edit
              - see: { done: disabled, form: { title: Oat milk } }
            """)
        #expect(summary(try check(yaml, against: "one-handed")) == "pass")
    }

    @Test("choose while no sheet is shown departs")
    func chooseWithoutSheet() throws {
        #expect(
            summary(try check(trace("  - choose: Cancel\n"), against: "makeitso"))
                == "fail step 1 line 4 [editing]: chose 'Cancel' while no sheet is shown")
    }

    @Test("choose with a title the sheet does not have departs")
    func chooseUnknownTitle() throws {
        let verdict = try check(trace("  - edit: title\n  - tap: Cancel\n  - choose: Keep Editing\n"), against: "makeitso")
        #expect(
            summary(verdict)
                == "fail step 3 line 6 [confirm]: chose 'Keep Editing', which the sheet does not offer (it offers: 'Discard Changes', 'Cancel')"
        )
    }

    @Test("any action but choose while a sheet is shown departs, present included")
    func actionWhileSheetShown() throws {
        let base = "  - edit: title\n  - tap: Cancel\n"
        #expect(
            summary(try check(trace(base + "  - tap: Done\n"), against: "one-handed"))
                == "fail step 3 line 6 [confirm-cancel]: tap Done while a sheet is shown (only choose may follow)")
        #expect(
            summary(try check(trace(base + "  - present: Edit\n"), against: "one-handed"))
                == "fail step 3 line 6 [confirm-cancel]: present Edit while a sheet is shown (only choose may follow)")
    }

    @Test("open titles: choose is resolved through the role the trace gave that title earlier")
    func roleResolution() throws {
        let withRoles = trace(
            """
              - edit: title
              - tap: Cancel
              - see:
                  sheet:
                    actions:
                      - { title: Änderungen verwerfen, role: destructive }
                      - { title: Weiter bearbeiten, role: cancel }
              - choose: Weiter bearbeiten
              - tap: Cancel
              - choose: Änderungen verwerfen
              - see: { dismissed: true, saved: false }
            """)
        #expect(summary(try check(withRoles, against: "apple-contacts")) == "pass", "a role learnt on one sheet holds when it shows again")
        let noRoles = trace("  - edit: title\n  - tap: Cancel\n  - choose: Discard Changes\n")
        #expect(
            summary(try check(noRoles, against: "apple-contacts"))
                == "fail step 3 line 6 [confirm]: chose 'Discard Changes', which the sheet does not offer (its titles are open: give the title a role in an earlier see)"
        )
    }

    @Test("a role given in a see must match the policy's role")
    func roleMismatch() throws {
        let yaml = trace(
            "  - edit: title\n  - swipe: down\n  - see: { sheet: { actions: [{ title: Keep, role: cancel }, { title: Drop, role: destructive }] } }\n"
        )
        #expect(summary(try check(yaml, against: "apple-calendar")).hasPrefix("fail step 3 line 6 [confirm]: expected sheet:"))
    }

    @Test("sticky edited (one-handed) versus value comparison (makeitso, apple-sample)")
    func revert() throws {
        let yaml = trace(
            "  - edit: { title: Oat milk }\n  - edit: { title: Milk }\n  - see: { done: enabled }\n  - swipe: down\n  - see: { dismissed: true }\n"
        )
        // Reported at the swipe, where the behaviour diverged, not at the later `dismissed` key.
        #expect(
            summary(try check(yaml, against: "one-handed"))
                == "fail step 4 line 7 [confirm-swipe]: after step 4 swipe down, expected a sheet offering 'Save changes' (default), 'Cancel changes' (destructive) and 'Cancel' (cancel); the form was dismissed"
        )
        #expect(summary(try check(yaml, against: "makeitso")) == "pass")
        #expect(
            summary(try check(yaml, against: "apple-sample")) == "fail step 3 line 6 [editing]: expected done: disabled, saw done: enabled")
    }

    @Test("null differs from the empty string: MakeItSo's notes stay modified")
    func nullVersusEmpty() throws {
        let yaml = trace(
            "  - edit: { notes: x }\n  - edit: { notes: \"\" }\n  - swipe: down\n  - see: { sheet: shown }\n", form: "{ notes: null }")
        #expect(summary(try check(yaml, against: "makeitso")) == "pass")
        let clean = trace(
            "  - edit: { notes: x }\n  - edit: { notes: null }\n  - swipe: down\n  - see: { dismissed: true }\n", form: "{ notes: null }")
        #expect(summary(try check(clean, against: "makeitso")) == "pass")
    }

    @Test("an ignored action changes nothing (Contacts ignores the swipe)")
    func ignored() throws {
        let yaml = trace("  - edit: title\n  - swipe: down\n  - see: { dismissed: false, sheet: none }\n")
        #expect(summary(try check(yaml, against: "apple-contacts")) == "pass")
        #expect(
            summary(try check(yaml, against: "apple-calendar"))
                == "fail step 2 line 5 [confirm]: after step 2 swipe down, expected a sheet with roles destructive and cancel; no sheet was shown"
        )
    }

    @Test("a modified swipe is blocked silently by plain interactiveDismissDisabled")
    func blockedSilently() throws {
        let yaml = trace(
            "  - edit: title\n  - swipe: down\n  - see: { sheet: none, dismissed: false }\n  - tap: Done\n  - see: { dismissed: true, saved: true }\n"
        )
        #expect(summary(try check(yaml, against: "swiftui-dismiss-disabled")) == "pass")
        #expect(summary(try check(yaml, against: "makeitso")).hasPrefix("fail step 2 line 5 [confirm]: after step 2 swipe down"))
    }

    @Test("an edit with no value counts as a change; an unnamed observation key is not checked")
    func bareEdit() throws {
        // `notes` is declared: with a `form:`, an edit of a field it does not declare is a load error.
        let yaml = trace(
            "  - see: {}\n  - edit: notes\n  - see: { done: enabled, form: { notes: anything } }\n", form: "{ title: Milk, notes: \"\" }")
        #expect(summary(try check(yaml, against: "apple-calendar")) == "pass")
    }

    @Test("a field seen with another value than the one the trace set departs")
    func formValues() throws {
        let yaml = trace("  - edit: { title: Oat milk }\n  - see: { form: { title: Soy milk } }\n")
        #expect(
            summary(try check(yaml, against: "makeitso"))
                == "fail step 2 line 5 [editing]: expected form: { title: 'Oat milk' }, saw form: { title: 'Soy milk' }")
    }
}

@Suite("Kit: Checking: other buttons, unhandled choices, run-time types")
struct FormCheckingEdgeTests {
    static let helpPolicy = """
        conform: 1
        policy: helpful
        title: Helpful
        see: { done: enabled, cancel: enabled }
        states:
          editing:
            ignore: [tap Help]
            on:
              tap done: gone
              tap Share: { if: "form.mode == 'compact'", to: gone }
              swipe down: { if: "form.count", to: gone }
              tap cancel: asking
          asking:
            see: { sheet: { actions: [A, B] } }
            on:
              choose A: editing
          gone:
            final: true
        """

    @Test("a button other than Done and Cancel is taken by a transition or an ignore entry keyed by its label")
    func otherButtons() throws {
        #expect(summary(try check(trace("  - tap: Help\n  - see: { dismissed: false }\n"), against: Self.helpPolicy)) == "pass")
        #expect(
            summary(try check(trace("  - tap: Share\n  - see: { dismissed: true }\n", form: "{ mode: compact }"), against: Self.helpPolicy))
                == "pass",
            "an enumeration case equals the same word given by the trace")
        #expect(
            summary(try check(trace("  - tap: Print\n"), against: Self.helpPolicy))
                == "fail step 1 line 4 [editing]: tapped 'Print', but 'helpful' has no button labelled so")
    }

    @Test("the role words done and cancel are not labels: 'tap: done' never presses a (disabled) Done")
    func roleWordsAreNotLabels() throws {
        let yaml = trace("  - see: { done: disabled }\n  - tap: done\n  - see: { dismissed: true, saved: true }\n")
        // The label nearest the role word is suggested, or the label of the button it names (apple-sample's is `Save`).
        for (policy, hint) in [
            ("one-handed", "; did you mean 'Done'?"), ("apple-sample", "; its done button is labelled 'Save'"),
            ("apple-calendar", "; did you mean 'Done'?"),
        ] {
            #expect(
                summary(try check(yaml, against: policy))
                    == "fail step 2 line 5 [editing]: tapped 'done', but '\(policy)' has no button labelled so\(hint)")
        }
    }

    @Test("choosing an offered action that the state does not handle says so")
    func unhandledChoice() throws {
        #expect(
            summary(try check(trace("  - tap: Cancel\n  - choose: B\n"), against: Self.helpPolicy))
                == "fail step 2 line 5 [asking]: chose 'B', which 'helpful' does not handle in state 'asking'")
    }

    @Test("a condition that is not a boolean at run time is the error verdict")
    func nonBooleanCondition() throws {
        #expect(
            summary(try check(trace("  - swipe: down\n", form: "{ count: 3 }"), against: Self.helpPolicy))
                == "error step 1: step 1 could not be evaluated against 'helpful': the condition 'form.count' gave 3, not a boolean")
    }
}
