import ConformCore
import ConformReports
import Foundation
import Testing

@testable import ConformKit

/// Issue 27 §6: `conform record` taken through its menu, in-process through the conversation the command
/// runs, writes only what the screen showed, for every built-in form policy.
@Suite("Kit: conform record taken through its menu writes a trace that conforms, without a prediction in it")
struct RecordingConversationTests {
    /// The built-in form policies, as `conform policies` lists them (`[form]`): a new one joins the walk below.
    static let formPolicies = [
        "apple-calendar", "apple-contacts", "apple-reminders", "apple-sample", "makeitso", "one-handed", "swiftui-dismiss-disabled",
    ]

    /// What a person at the device answers, reading each question as it is asked.
    struct Person {
        /// Picks the next action while the prediction is unanswered, so the recorder asks for it first;
        /// otherwise presses Enter at the prediction, then picks.
        var picksBeforeConfirming: Bool
        /// How often each action was taken, by the screen it was taken on, the action before, and its menu entry.
        private var taken: [String: Int] = [:]
        /// The title questions asked, by role.
        private(set) var titlesAsked: [String] = []

        init(picksBeforeConfirming: Bool) {
            self.picksBeforeConfirming = picksBeforeConfirming
        }

        /// The titles this person's device shows for a sheet's roles.
        static func title(_ role: SheetRole?) -> String {
            switch role {
            case .destructive: "Discard Changes"
            case .cancel: "Keep Editing"
            case .default: "Save Changes"
            case nil: "Other"
            }
        }

        /// The answer to what the session asks now. The person takes the first action of the menu, among
        /// those taken least often on this screen after the same action: the first entry is always an
        /// edit, and taking it forever would never reach a sheet (nor would the same action after a
        /// reopened form: makeitso's screen is the same before and after an edit).
        mutating func answer(_ session: RecordingSession, actionsSoFar: Int) -> String {
            switch session.question {
            case .title(let role, _, _, _)?:
                titlesAsked.append(RecordingTranscript.roleName(role))
                return Self.title(role)
            case .observation?:
                return "" // the screen shows what the policy predicts
            case nil:
                break
            }
            if session.prediction != nil, !picksBeforeConfirming { return "" }
            if session.menu.isEmpty || actionsSoFar >= 24 { return "." }
            let entries = session.menu.map { Self.screen(session) + " " + RecordingTranscript.menuText($0) }
            let fewest = entries.map { taken[$0, default: 0] }.min() ?? 0
            let index = entries.firstIndex { taken[$0, default: 0] == fewest } ?? 0
            taken[entries[index], default: 0] += 1
            return String(index + 1)
        }

        /// What the person sees (the prediction not yet answered, else the observation last recorded),
        /// and the action they took last.
        static func screen(_ session: RecordingSession) -> String {
            var screen = session.prediction.map(TraceYAML.observation)
            var action: String?
            for step in session.recorder.trace.steps.reversed() where screen == nil || action == nil {
                switch step.kind {
                case .see(let observation): screen = screen ?? TraceYAML.observation(observation)
                case .action(let taken): action = action ?? TraceYAML.action(taken)
                }
            }
            return (screen ?? "") + " after " + (action ?? "nothing")
        }
    }

    /// Records `policy` with `person`, in-process through the conversation `conform record` runs.
    static func record(_ policy: String, person: inout Person) throws -> (yaml: String, saved: String, said: String) {
        let library = builtIns
        let claimed = try #require(library.policy(id: policy))
        var recorder = TraceRecorder(trace: "walk", app: "App", screen: "Edit reminder", claims: [policy], form: ["title": "Milk"])
        recorder.file = "walk.yaml"
        let saved = Saved()
        var conversation = RecordingConversation(
            session: RecordingSession(policy: claimed, library: library, recorder: recorder),
            transcript: RecordingTranscript(terminal: Terminal(colours: false)),
            app: "App", path: "walk.yaml", save: { saved.text = $0.yaml() })
        var said = conversation.opening()
        for _ in 0..<200 {
            let actions = conversation.session.recorder.trace.steps.count { if case .action = $0.kind { true } else { false } }
            let line = person.answer(conversation.session, actionsSoFar: actions)
            guard let reply = try conversation.reply(line) else { break }
            #expect(!reply.contains("not recorded"), "'\(line)' was refused: \(reply)")
            said += line + "\n" + reply
        }
        said += conversation.closing()
        return (conversation.session.recorder.yaml(), saved.text, said)
    }

    final class Saved: @unchecked Sendable {
        var text = ""
    }

    @Test("every built-in form policy is in the walk")
    func everyFormPolicy() {
        #expect(builtIns.policies.filter(\.isFormDomain).map(\.id).sorted() == Self.formPolicies)
    }

    @Test(
        "taking the first action and answering every question: the trace conforms and holds no placeholder title",
        arguments: formPolicies, [false, true])
    func walk(policy: String, picksBeforeConfirming: Bool) throws {
        var person = Person(picksBeforeConfirming: picksBeforeConfirming)
        let (yaml, saved, said) = try Self.record(policy, person: &person)
        let check = try builtIns.check(yaml: yaml, file: "walk.yaml", against: policy)
        #expect(check.passed, "\(check.summary)\n\(yaml)")
        #expect(said.contains("It conforms to '\(policy)'"), "\(said)")
        #expect(saved == yaml, "the file is rewritten after every step")
        // Nothing the policy only predicted is written: no title in the placeholder form, anywhere.
        for role in [nil] + SheetRole.allCases.map(Optional.some) {
            #expect(!yaml.contains(PolicySimulator.placeholderTitle(for: role)), "\(yaml)")
        }
        // ... and the menu never offers a placeholder as if it were a title.
        #expect(!said.contains("choose: \"("), "\(said)")
        // The walk reaches a sheet and chooses from it, so the questions above were asked where a policy has them.
        #expect(yaml.contains("  - choose: "), "\(yaml)")
        let placeholders = builtIns.policy(id: policy).map { Self.hasUntitledSheetAction($0) } ?? false
        #expect(!person.titlesAsked.isEmpty == placeholders, "titles asked: \(person.titlesAsked)")
        // Linted as a file, it has no problem and no warning (no placeholder, no vacuous claim).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-walk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("walk.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let lint = Linter(library: builtIns).lint(paths: [file.path])
        #expect(lint.diagnostics.map(\.message) == [])
    }

    static func hasUntitledSheetAction(_ policy: Policy) -> Bool {
        policy.states.contains { state in
            guard case .sheet(let sheet)? = policy.expectations(in: state.name)["sheet"] else { return false }
            return sheet.actions.contains { $0.title == nil }
        }
    }
}
