import ConformCore
import ConformKit
import ConformLoading
import Foundation

/// The compose-sheet policy of issue 28 (Cancel → Delete Draft / Save Draft / Cancel, Send greyed until
/// there is a recipient), its ten traces, and one broken variant per lint check, written from the docs.
enum ComposeFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/compose").path
    static let policy = folder + "/compose.yaml"
    static let traces = folder + "/traces"

    static func broken(_ name: String) -> String { folder + "/broken/" + name }

    /// What `conform lint` says about `paths`, as `FILE:LINE:COLUMN: severity: message` with FILE relative
    /// to the fixture folder.
    static func lint(_ paths: [String]) -> (lines: [String], result: Linter.Result) {
        let result = Linter(library: builtIns).lint(paths: paths)
        let lines = result.diagnostics.map { $0.formatted.replacingOccurrences(of: folder + "/", with: "") }
        return (lines, result)
    }

    /// `LINE:COLUMN: message` of the departure of a broken trace from the compose policy.
    static func departure(_ name: String) throws -> String {
        let policyText = try String(contentsOfFile: policy, encoding: .utf8)
        let traceText = try String(contentsOfFile: broken(name), encoding: .utf8)
        guard case .fail(let departure) = try check(traceText, against: policyText) else { return "no departure" }
        return "\(departure.line):\(departure.column): \(departure.message)"
    }
}
