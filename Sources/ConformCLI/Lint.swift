import ArgumentParser
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform lint`: validate trace and policy files.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate traces and policies and report every problem with its file, line and column.",
            discussion:
                "Policy files (those with `states:`) among the paths are loaded first. Each policy is then checked for what loads but is "
                + "likely wrong (a state nothing leads to, a variable never read, a sheet with no cancel action, a form field no claiming "
                + "trace declares, ...): warnings, listed in Docs/PolicyFormat.md. Exit status 0 when no error is found, 2 otherwise."
        )

        @Argument(help: ArgumentHelp("Trace or policy files or directories.", valueName: "PATH"), completion: .traceFiles)
        var paths: [String] = ["Traces/"]

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let result = Linter(library: policyOptions.library()).lint(paths: paths)
            // The problems are lint's result: they go to standard output, like its summary.
            let console = Console.standardOutput
            console.problems(result.diagnostics)
            let problems = result.diagnostics.filter { $0.severity == .error }.count
            console.line(
                CommandWording.lintSummary(
                    traceFiles: result.traceFiles, policyFiles: result.policyFiles, unreadableFiles: result.unreadableFiles,
                    problems: problems,
                    warnings: result.diagnostics.count - problems, terminal: console.terminal))
            throw ExitCode(result.exitStatus)
        }
    }
}
