/// The app models by the built-in FORM policy each follows, so a test can pick the app for a policy id.
/// Each model is written from ../shared/BEHAVIOURS.md (its doc comment cites the rows), never from
/// `Policies/`; whether it passes the policy is what the end-to-end tests check.
@MainActor public enum SimulatedApps {
    /// The built-in form policies with an app that follows them, in the order tests list them.
    public static let policyIDs = [
        "apple-reminders", "apple-contacts", "apple-calendar", "apple-sample", "one-handed", "makeitso",
        "swiftui-dismiss-disabled",
    ]

    /// A fresh app that follows the policy `policyID` (a built-in form policy, or the team policy
    /// `team-drafts` of conform's tests), or `nil` when the simulator has none (keyboard and disclosure
    /// policies, unknown ids).
    public static func following(_ policyID: String) -> (any FormApp)? {
        switch policyID {
        case "apple-reminders": return RemindersLikeApp()
        case "apple-contacts": return ContactsLikeApp()
        case "apple-calendar": return CalendarLikeApp()
        case "apple-sample": return AppleSampleApp()
        case "one-handed": return OneHandedApp()
        case "makeitso": return MakeItSoApp()
        case "swiftui-dismiss-disabled": return DismissDisabledApp()
        // A team's own policy (Tests/GeneratedUITests/Policies), not built in.
        case "team-drafts": return DraftsApp()
        default: return nil
        }
    }

    /// The broken app: Reminders-like, but an edited form's swipe dismisses without asking.
    public static func broken() -> any FormApp { RemindersLikeApp.broken() }
}
