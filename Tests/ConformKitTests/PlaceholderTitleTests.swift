import ConformCore
import ConformReports
import Foundation
import Testing

@testable import ConformKit

/// Issue 27 §6: a sheet action title in the form the recorder gives a role no source names
/// (`(destructive action)`) is a prediction written down, not something the screen showed.
@Suite("Kit: a placeholder sheet action title is a located warning in lint and run")
struct PlaceholderTitleTests {
    static let trace = """
        conform: 1
        trace: predicted
        policy: apple-reminders
        form: { title: Milk }
        steps:
          - edit: title
          - swipe: down
          - see:
              sheet:
                actions:
                  - { title: "(destructive action)", role: destructive }
                  - { title: Keep Editing, role: cancel }
          - choose: "(destructive action)"
          - see: { dismissed: true }

        """

    static let message =
        "sheet action title '(destructive action)' looks like a recorder's prediction (a role no source gives words for), not something the screen showed: write the title the sheet shows"

    @Test("lint warns at the title in the see and at the choose, file:line:column, and exits 0")
    func lint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-placeholder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("predicted.yaml").path
        try Self.trace.write(toFile: file, atomically: true, encoding: .utf8)
        let result = Linter(library: builtIns).lint(paths: [file])
        #expect(
            result.diagnostics.map { "\($0.location.line ?? 0):\($0.location.column ?? 0): \($0.severity.rawValue): \($0.message)" } == [
                "11:13: warning: \(Self.message)", "13:5: warning: \(Self.message)",
            ])
        #expect(result.diagnostics.allSatisfy { $0.location.file == file })
        #expect(result.exitStatus == 0)
        // The summary says there are warnings, not only "no problems".
        #expect(
            CommandWording.lintSummary(traceFiles: 1, policyFiles: 0, problems: 0, warnings: 2, terminal: Terminal(colours: false))
                == "1 trace file, 0 policy files: no problems, 2 warnings")
    }

    @Test("the same trace with the titles the screen showed has no warning; a real title in parentheses is not a placeholder")
    func realTitles() throws {
        let shown = Self.trace.replacingOccurrences(of: "\"(destructive action)\"", with: "\"(Discard action)\"")
        #expect(PlaceholderTitles.warnings(in: try builtIns.load(yaml: shown, file: "shown.yaml")).isEmpty)
        #expect(PlaceholderTitles.warnings(in: try builtIns.load(yaml: Self.trace, file: "t.yaml")).count == 2)
        #expect(PolicySimulator.isPlaceholder("(any action)"))
        #expect(!PolicySimulator.isPlaceholder("(Undo last action)"))
    }

    @Test("a placeholder only in a choose, or only among a sheet's actions, is found in a trace read directly", arguments: [0, 1])
    func eachPlace(place: Int) throws {
        let sheetTitle = "{ title: \"(destructive action)\", role: destructive }"
        let yaml =
            place == 0
            ? Self.trace.replacingOccurrences(of: sheetTitle, with: "{ title: Delete, role: destructive }")
            : Self.trace.replacingOccurrences(of: "choose: \"(destructive action)\"", with: "choose: Keep Editing")
        let trace = try builtIns.load(yaml: yaml, file: "t.yaml")
        // Read directly: the reader noted a title ending in a parenthesis, so the steps are walked.
        #expect(trace.digest?.hasTitleEndingInParenthesis == true)
        #expect(PlaceholderTitles.warnings(in: trace).map(\.message) == [Self.message])
        // A trace whose titles none ends so is not walked, and has no warning.
        let plain = try builtIns.load(yaml: yaml.replacingOccurrences(of: "\"(destructive action)\"", with: "Delete"), file: "t.yaml")
        #expect(plain.digest?.hasTitleEndingInParenthesis == false)
        #expect(PlaceholderTitles.warnings(in: plain).isEmpty)
    }
}
