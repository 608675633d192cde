import ConformCore
import ConformKit
import ConformLoading
import Foundation
import Testing

@testable import ConformReports

/// A branch's `note:` in the HTML report: in the tooltip of its arrow, and listed under the diagram
/// of the policy's section, escaped (issue 28 §5).
@Suite("Reports: Policy notes in the HTML report")
struct PolicyNoteReportTests {
    static let policyYAML = """
        conform: 1
        policy: noted
        title: Noted
        summary: A policy whose notes hold markup.
        domain: form
        see: { done: enabled, cancel: enabled }
        initial: editing
        states:
          editing:
            note: "the <b>first</b> state"
            on:
              edit: editing
              swipe down:
                - if: modified
                  to: editing
                  note: "held back <script>alert(1)</script> & kept"
                - to: closed
          closed:
            final: true
            see: { dismissed: true, saved: false }
        """

    static let traceYAML = """
        conform: 1
        trace: noted-swipe
        policy: noted
        form: { title: Milk }
        steps:
          - swipe: down
          - see: { dismissed: true }
        """

    func input() throws -> ReportInput {
        let (policy, problems) = PolicyLoader().load(Array(Self.policyYAML.utf8), file: "noted.yaml")
        let loaded = try #require(policy, "\(problems.map(\.message))")
        let library = PolicyLibrary(policies: [loaded])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-notes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("noted-swipe.yaml")
        try Self.traceYAML.write(to: file, atomically: true, encoding: .utf8)
        let result = ConformRunner(library: library).run(.init(paths: [file.path], keepSteps: true))
        #expect(result.results.map(\.verdict.name) == ["pass"])
        return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test"))
    }

    @Test("the arrow's tooltip gives the label, then the note, escaped")
    func tooltip() throws {
        let html = try render(.html, input())
        #expect(html.contains("<title>swipe down [modified]&#10;note: held back &lt;script&gt;alert(1)&lt;/script&gt; &amp; kept</title>"))
        // A branch without a note keeps its label alone; the line break is a character reference, as in any attribute-safe text.
        #expect(html.contains("<title>swipe down</title>"))
        #expect(!html.contains("<script>alert(1)"))
    }

    @Test("the policy's section lists every note under its diagram, the state's first, escaped")
    func legend() throws {
        let html = try render(.html, input())
        let legend =
            "<p class=\"note\"><strong>Notes</strong> (a branch's note is also in its arrow's tooltip):</p><ul class=\"note\">"
            + "<li><strong>editing</strong>: the &lt;b&gt;first&lt;/b&gt; state</li>"
            + "<li><strong>editing</strong>, on swipe down: held back &lt;script&gt;alert(1)&lt;/script&gt; &amp; kept</li></ul>"
        #expect(html.contains(legend))
    }
}
