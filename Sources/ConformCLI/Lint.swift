import ArgumentParser
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform lint`: validate trace and policy files.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lint",
            abstract: "Validate traces and policies and report every problem with its file, line and column.",
            discussion: """
                Policy files (those with `states:`) among the paths are loaded first. Each policy is then checked for \
                what loads but is likely wrong (a state nothing leads to, a variable never read, a sheet with no cancel \
                action, a form field no claiming trace declares, ...): warnings, listed in Docs/PolicyFormat.md. A \
                project's .conform.yaml (Docs/Configuration.md) gives the default PATHs (`traces:`) and the policies \
                (`policies:`), which are linted too; options on the command line win over it. Exit status 0 when no \
                error is found, 2 otherwise (a .conform.yaml with a problem included).
                """)

        @Argument(
            help: ArgumentHelp(
                "Trace or policy files or directories; default: the configuration's `traces:` (and its `policies:`), else Traces/.",
                valueName: "PATH"), completion: .traceFiles)
        var paths: [String] = []

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let (config, library) = try policyOptions.load()
            // Without paths, the project's traces and its policies (counted as policy files linted).
            let paths =
                self.paths.isEmpty ? (config.map { ($0.traces ?? ["Traces/"]) + policyOptions.policyPaths($0) } ?? ["Traces/"]) : self.paths
            let result = Linter(library: library).lint(paths: paths)
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
