import ConformCore
import ConformKit
import Foundation

/// The held-out Add Expense policy of issue 28 (Ledger: Save greyed until there is an amount, Cancel
/// asks Discard Changes / Keep Editing once the form is changed), two of its traces, and broken
/// variants of it exactly as the held-out trial wrote them (Fixtures/ledger).
enum LedgerFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/ledger").path
    static let policy = folder + "/ledger-add-expense.yaml"
    static let traces = folder + "/traces"

    static func broken(_ name: String) -> String { folder + "/broken/" + name }

    /// What plain `conform lint` says in a project whose `.conform.yaml` names `policy` under
    /// `policies:` and the two traces under `traces:`: the library loads the policy, and lint is given
    /// the traces and the policy, as `FILE:LINE:COLUMN: severity: message` relative to the fixture folder.
    static func lintAsProject(policy: String) -> [String] {
        var library = PolicyLibrary.builtIn()
        library.load(paths: [policy])
        return Linter(library: library).lint(paths: [traces, policy]).diagnostics.map {
            $0.formatted.replacingOccurrences(of: folder + "/", with: "")
        }
    }

    /// What `conform lint` says of a broken variant with the two traces (no configuration).
    static func lint(_ variant: String, traces extra: [String] = []) -> [String] {
        Linter(library: builtIns).lint(paths: [broken(variant), traces] + extra).diagnostics.map {
            $0.formatted.replacingOccurrences(of: folder + "/", with: "")
        }
    }
}
