import ConformCore
import ConformKit
import Testing

@testable import ConformReports

/// Each test is written from one fact of a policy's source, cited above it (BEHAVIOURS.md gives the
/// sources in full).
@Suite("Kit: Form and disclosure policies mark what no source states")
struct UnverifiedSourceTests {
    func marks(_ id: String) throws -> [String] {
        try #require(builtIns.policy(id: id)).unverifiedMarks.map(\.place)
    }

    /// BEHAVIOURS §2.1-2.3 (SG-EN): the Apple apps' sheets are described only as "an action sheet asks";
    /// no source gives their strings, how many actions they have or in what order.
    @Test(
        "Apple's own apps: the sheet (strings, number and order of actions) and its cancel action are unverified",
        arguments: ["apple-reminders", "apple-contacts", "apple-calendar"])
    func appleSheets(id: String) throws {
        let policy = try #require(builtIns.policy(id: id))
        let sheet = try #require(policy.unverifiedMarks.first { $0.place == "state 'confirm', its sheet" })
        #expect(sheet.reason.contains("how many actions it has and in what order"))
        #expect(try marks(id).contains("state 'confirm', choose cancel"))
        let explained = PolicyExplanation(policy: policy).markdown()
        #expect(explained.contains("Unverified (no source states these"))
        #expect(explained.contains("UNVERIFIED: the sheet: no source gives the sheet's title"))
    }

    /// BEHAVIOURS §2.2 (SG-EN): swipe-to-dismiss is not implemented on the contact edition form;
    /// "Whether a blocked swipe shows any sheet is UNVERIFIED".
    @Test("Contacts: the ignored swipe is sourced, what it shows is unverified")
    func contactsSwipe() throws {
        let policy = try #require(builtIns.policy(id: "apple-contacts"))
        let editing = try #require(policy.state(named: "editing"))
        let swipe = ActionPattern(verb: "swipe", argument: nil)
        #expect(editing.ignored == [swipe])
        #expect(editing.ignoredDetails[swipe]?.provenance.sources == ["SG-EN"])
        #expect(try marks("apple-contacts").contains("state 'editing', swipe (ignored)"))
        let row = try #require(PolicyExplanation(policy: policy).rows.first { $0.action == "swipe" })
        #expect(row.source.hasPrefix("SG-EN; UNVERIFIED: whether the blocked swipe shows anything"))
    }

    /// TD `MasterViewController.swift` (fbb3b29): indicators are set in `cellForRowAt` and in
    /// `viewWillTransition`'s completion only; `viewWillAppear` refreshes nothing.
    @Test("disclosure-split-aware: a first appearance is sourced, the refresh when the list appears again is not")
    func reappear() throws {
        #expect(try marks("disclosure-split-aware").contains("state 'steady', show"))
        let again = "conform: 1\nsteps:\n  - show: { collapsed: true }\n  - show: { collapsed: false }\n  - see: { indicators: false }\n"
        #expect(summary(try check(again, against: "disclosure-split-aware")) == "pass")
    }

    /// BEHAVIOURS §2.11 (SUI): `interactiveDismissDisabled()` with no argument defaults to `true`, so even
    /// a clean form is not dismissed by the swipe; MIS `View+InteractiveDismissDisable.swift` (1e089b47):
    /// `interactiveDismissDisabled(_ isDisabled: Bool = true, attemptToDismiss:)`.
    @Test("the argument-less interactiveDismissDisabled() is true: a clean swipe is refused (settings)")
    func argumentless() throws {
        let stock =
            "conform: 1\nsettings: { interactiveDismissDisabled: true }\nsteps:\n  - swipe: down\n  - see: { dismissed: false, sheet: none }\n"
        #expect(summary(try check(stock, against: "swiftui-dismiss-disabled")) == "pass")
        let replica = "conform: 1\nsettings: { interactiveDismissDisabled: true }\nsteps:\n  - swipe: down\n  - see: { sheet: shown }\n"
        #expect(summary(try check(replica, against: "makeitso")) == "pass")
        // Without the setting the flag is isModified, and a clean swipe dismisses.
        let plain = "conform: 1\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n"
        #expect(summary(try check(plain, against: "swiftui-dismiss-disabled")) == "pass")
        #expect(summary(try check(plain, against: "makeitso")) == "pass")
        // Any other value is not `true`.
        let other =
            "conform: 1\nsettings: { interactiveDismissDisabled: isModified }\nsteps:\n  - swipe: down\n  - see: { dismissed: true }\n"
        #expect(summary(try check(other, against: "swiftui-dismiss-disabled")) == "pass")
    }
}
