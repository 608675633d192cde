import ArgumentParser
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform lint`: validate trace and policy files.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate traces and policies and report every problem with its file, line and column.",
            discussion: "Policy files (those with `states:`) among the paths are loaded first. Exit status 0 when all is well, 2 otherwise.")

        @Argument(help: ArgumentHelp("Trace or policy files or directories.", valueName: "PATH"))
        var paths: [String] = ["Traces/"]

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let result = Linter(library: policyOptions.library()).lint(paths: paths)
            let terminal = Terminal(fileDescriptor: STDOUT_FILENO)
            let printer = DiagnosticPrinter(terminal: terminal)
            print(result.diagnostics.map(printer.text).joined(), terminator: "")
            let problems = result.diagnostics.filter { $0.severity == .error }.count
            print("\(result.traceFiles) trace file\(result.traceFiles == 1 ? "" : "s"), \(result.policyFiles) policy file\(result.policyFiles == 1 ? "" : "s"): "
                + (problems == 0 ? terminal.green("no problems") : terminal.red("\(problems) problem\(problems == 1 ? "" : "s")")))
            throw ExitCode(result.exitStatus)
        }
    }
}
