import ConformCore
import ConformRecording
import XCUISimulator

/// The apps the end-to-end tests record, with what a UI test for each knows about it: the policy it
/// claims, its form's identifier and fields (the identifiers its developers set), the values it opens with.
/// This is written here, as a UI test's author writes it, not read from the model.
@MainActor
enum ModelledApp: String, CaseIterable, Sendable, CustomStringConvertible {
    case remindersLike = "reminders"
    case oneHanded = "one-handed"
    case broken = "broken-reminders"
    case contactsLike = "contacts"
    case calendarLike = "calendar"
    case appleSample = "apple-sample"
    case makeItSo = "makeitso"
    case dismissDisabled = "dismiss-disabled"

    nonisolated var description: String { rawValue }

    /// The apps that follow a built-in policy, besides Reminders' and one-handed (tested on their own).
    nonisolated static let followers: [ModelledApp] = [.contactsLike, .calendarLike, .appleSample, .makeItSo, .dismissDisabled]

    func make() -> any FormApp {
        if self == .broken { return SimulatedApps.broken() }
        // Every claim but the broken app's has a follower; the fallback keeps a missing one visible.
        return SimulatedApps.following(claim) ?? SimulatedApps.broken()
    }

    /// The policy the app claims (the broken app claims Reminders' and should fail it).
    var claim: String {
        switch self {
        case .remindersLike, .broken: return "apple-reminders"
        case .oneHanded: return "one-handed"
        case .contactsLike: return "apple-contacts"
        case .calendarLike: return "apple-calendar"
        case .appleSample: return "apple-sample"
        case .makeItSo: return "makeitso"
        case .dismissDisabled: return "swiftui-dismiss-disabled"
        }
    }

    var formIdentifier: String {
        switch self {
        case .remindersLike, .broken: return "reminder-form"
        case .oneHanded: return "contact-form"
        case .contactsLike: return "contact-editor"
        case .calendarLike: return "event-editor"
        case .appleSample: return "sample-editor"
        case .makeItSo, .dismissDisabled: return "reminder-details"
        }
    }

    var formTitle: String {
        switch self {
        case .remindersLike, .broken, .makeItSo, .dismissDisabled: return "Details"
        case .oneHanded: return "Edit contact"
        case .contactsLike: return "Edit Contact"
        case .calendarLike: return "Edit Event"
        case .appleSample: return "Edit"
        }
    }

    /// The confirming bar button's title.
    var doneTitle: String { self == .appleSample ? "Save" : "Done" }

    /// The title of the dialogs' cancel-role action (keep editing): the app's own choice for Apple's
    /// Contacts and Calendar, whose strings no source gives.
    var keepEditingTitle: String { [.contactsLike, .calendarLike].contains(self) ? "Keep Editing" : "Cancel" }

    /// The trace's field names, the identifiers of their text fields and the values the form opens with
    /// (the trace's `form:`), in the form's order.
    var fieldValues: [(field: ScreenObserver.FormField, opening: String)] {
        switch self {
        case .remindersLike, .broken:
            return [(.init("title", identifier: "title-field"), "Milk"), (.init("notes", identifier: "notes-field"), "")]
        case .oneHanded:
            return [(.init("name", identifier: "name-field"), "Ada"), (.init("email", identifier: "email-field"), "ada@example.com")]
        case .contactsLike:
            return [(.init("first", identifier: "first-name-field"), "John"), (.init("company", identifier: "company-field"), "")]
        case .calendarLike:
            return [(.init("title", identifier: "event-title-field"), "Lunch"), (.init("location", identifier: "location-field"), "")]
        case .appleSample: return [(.init("text", identifier: "text-field"), "Hello")]
        case .makeItSo, .dismissDisabled:
            return [(.init("title", identifier: "title-field"), "Buy milk"), (.init("notes", identifier: "notes-field"), "")]
        }
    }

    var fields: [ScreenObserver.FormField] { fieldValues.map(\.field) }

    var opening: [String: Value] {
        Dictionary(uniqueKeysWithValues: fieldValues.map { ($0.field.name, .string($0.opening)) })
    }

    /// How the observer reads this app: its fields, its form named by the identifier it sets, its Done.
    var observer: ScreenObserver {
        ScreenObserver(
            options: ScreenObserver.Options(
                done: .label(doneTitle), formRoot: .identifier(formIdentifier), fields: fields))
    }
}
