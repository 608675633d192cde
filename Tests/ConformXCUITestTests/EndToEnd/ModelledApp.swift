import ConformCore
import ConformRecording
import XCUISimulator

/// The three apps the end-to-end tests record, with what a UI test for each knows about it: the policy it
/// claims, its form's identifier and fields (the identifiers its developers set), the values it opens with.
@MainActor
enum ModelledApp: String, CaseIterable, Sendable {
    case remindersLike = "reminders"
    case oneHanded = "one-handed"
    case broken = "broken-reminders"

    func make() -> any FormApp {
        switch self {
        case .remindersLike: return RemindersLikeApp()
        case .oneHanded: return OneHandedApp()
        case .broken: return RemindersLikeApp.broken()
        }
    }

    /// The policy the app claims (the broken app claims Reminders' and should fail it).
    var claim: String { self == .oneHanded ? "one-handed" : "apple-reminders" }

    var formIdentifier: String { self == .oneHanded ? "contact-form" : "reminder-form" }
    var formTitle: String { self == .oneHanded ? "Edit contact" : "Details" }

    /// The trace's field names and the identifiers of their text fields.
    var fields: [ScreenObserver.FormField] {
        switch self {
        case .oneHanded: return [.init("name", identifier: "name-field"), .init("email", identifier: "email-field")]
        case .remindersLike, .broken: return [.init("title", identifier: "title-field"), .init("notes", identifier: "notes-field")]
        }
    }

    /// The values the form opens with (the trace's `form:`).
    var opening: [String: Value] {
        switch self {
        case .oneHanded: return ["name": .string("Ada"), "email": .string("ada@example.com")]
        case .remindersLike, .broken: return ["title": .string("Milk"), "notes": .string("")]
        }
    }

    /// How the observer reads this app: its fields, and its form named by the identifier it sets.
    var observer: ScreenObserver {
        ScreenObserver(options: ScreenObserver.Options(formRoot: .identifier(formIdentifier), fields: fields))
    }
}
