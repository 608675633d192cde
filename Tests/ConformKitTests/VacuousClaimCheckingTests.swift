import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// Issue 27 §5: no claim holds on a trace that does not show the claimed behaviour (Docs/Checking.md, "Vacuous claims").
@Suite("Kit: Checking: vacuous claims are errors or warnings")
struct VacuousClaimCheckingTests {
    /// Checks trace text as `conform run` checks its file: the outcome's errors and warnings as `line:column: severity: message`.
    static func outcome(_ yaml: String, claims: [String] = []) throws -> (
        errors: [String], warnings: [String], claims: [String: Verdict.Kind]
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-vacuous-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        let outcome = ConformRunner(library: builtIns).check(file: file.path, commandLineClaims: claims)
        let lines = { (diagnostics: [Diagnostic]) in
            diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.severity.rawValue): \($0.message)" }
        }
        let claimed = Dictionary(outcome.results.filter(\.claimed).map { ($0.policy, $0.verdict.kind) }) { first, _ in first }
        return (lines(outcome.errors), lines(outcome.warnings), claimed)
    }

    @Test("an empty trace is an error at its steps: line, not a claim that holds")
    func empty() throws {
        let result = try Self.outcome("conform: 1\npolicy: apple-reminders\nsteps: []\n")
        #expect(result.errors == ["3:1: error: a trace needs at least one step; with none it shows nothing, so no policy can hold on it"])
        #expect(result.claims.isEmpty)
    }

    @Test("TraceRecorder.check throws for a trace without steps, at the steps: line of the YAML it writes")
    func recorderEmpty() throws {
        let recorder = TraceRecorder(trace: "empty", app: "Reminders", claims: ["apple-reminders"])
        do {
            _ = try recorder.check(against: "apple-reminders")
            Issue.record("no error for a trace without steps")
        } catch {
            #expect(
                error.description
                    == "<trace 'empty', not written>:5:1: error: a trace needs at least one step; with none it shows nothing, so no policy can hold on it"
            )
        }
    }

    @Test("an edit of a field the form does not declare is an error; the claim is not checked")
    func misspelledField() throws {
        let result = try Self.outcome(
            "conform: 1\npolicy: apple-reminders\nform: { title: Milk }\nsteps:\n  - edit: { titel: Milk and eggs }\n  - swipe: down\n  - see: { dismissed: true }\n"
        )
        #expect(result.errors == ["5:13: error: field 'titel' is not declared by 'form:' (which declares title); did you mean 'title'?"])
        #expect(result.claims.isEmpty)
    }

    @Test("a claimed trace of observations only is a warning at its first step; the claim still holds")
    func onlyObservations() throws {
        let result = try Self.outcome("conform: 1\npolicy: apple-reminders\nsteps:\n  - see: { done: disabled, cancel: absent }\n")
        #expect(result.errors.isEmpty)
        #expect(
            result.warnings == [
                "4:5: warning: the trace takes no action, only observations: it shows the screen as it opened, not how the app behaves"
            ])
        #expect(result.claims == ["apple-reminders": .pass])
    }

    @Test("a claimed trace that observes nothing is a warning")
    func noObservations() throws {
        let result = try Self.outcome(
            "conform: 1\npolicy: one-handed\nform: { name: a }\nsteps:\n  - edit: { name: b }\n  - see: {}\n  - tap: Done\n")
        #expect(
            result.warnings == [
                "5:5: warning: the trace observes nothing (no 'see' names a key): a claim holds on it whenever its actions are allowed"
            ])
        #expect(result.claims == ["one-handed": .pass])
    }

    @Test("a claim that compared none of the observations, or that no action moved, is a warning at the claim")
    func unjudged() throws {
        // one-handed leaves `saved` unspecified while the form is open, and Done is disabled: nothing is judged.
        let result = try Self.outcome("conform: 1\npolicy: one-handed\nsteps:\n  - tap: Done\n  - see: { saved: true }\n")
        #expect(
            result.warnings == [
                "2:9: warning: 'one-handed' holds, but compared none of the observations: it specifies none of 'saved' where the trace sees them",
                "2:9: warning: 'one-handed' holds, but no action took one of its transitions (each was ignored, a tap on a disabled button, or present): the trace shows only its opening state",
            ])
        #expect(result.claims == ["one-handed": .pass])
    }

    @Test("a claim on the command line is warned about at the trace's first step")
    func commandLineClaim() throws {
        let result = try Self.outcome("conform: 1\nsteps:\n  - tap: Done\n  - see: { saved: true }\n", claims: ["one-handed"])
        #expect(result.warnings.count == 2)
        #expect(result.warnings.allSatisfy { $0.hasPrefix("3:5: warning: 'one-handed' holds, but ") })
    }

    @Test("an unclaimed trace, and a claim that departs, are not warned about")
    func notWarned() throws {
        #expect(try Self.outcome("conform: 1\nsteps:\n  - see: { saved: true }\n").warnings.isEmpty)
        let departs = try Self.outcome("conform: 1\npolicy: apple-reminders\nsteps:\n  - tap: Done\n  - see: { done: enabled }\n")
        #expect(departs.claims == ["apple-reminders": .fail])
        #expect(departs.warnings.isEmpty)
    }

    @Test("a form trace claiming a keyboard policy is still a claim that does not hold (inapplicable)")
    func keyboardClaim() throws {
        let result = try Self.outcome("conform: 1\npolicy: keyboard-listener\nsteps:\n  - tap: Done\n  - see: { done: disabled }\n")
        #expect(result.claims == ["keyboard-listener": .inapplicable])
        #expect(result.warnings.isEmpty)
    }

    @Test("every corpus trace that claims a policy shows it: no vacuity warning in Traces/")
    func corpus() throws {
        for file in corpusFiles {
            let outcome = ConformRunner(library: builtIns).check(file: file, commandLineClaims: [])
            #expect(outcome.errors.isEmpty, "\(file)")
            #expect(outcome.warnings.isEmpty, "\(file): \(outcome.warnings.map(\.message))")
        }
    }

    @Test("Checker.exercise counts the comparisons made and the transitions taken")
    func exercise() throws {
        let trace = try builtIns.load(
            yaml:
                "conform: 1\nform: { title: Milk }\nsteps:\n  - see: { done: disabled, saved: true }\n  - edit: { title: Eggs }\n  - see: { done: enabled, form: { title: Eggs } }\n",
            file: "t.yaml")
        let exercise = Checker.exercise(trace, against: try #require(builtIns.policy(id: "one-handed")))
        #expect(exercise.compared == 3)
        #expect(exercise.moved == 1)
        #expect(exercise.unjudgedKeys == ["saved"])
    }
}
