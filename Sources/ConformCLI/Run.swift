import ArgumentParser
import ConformCore
import ConformKit
import Foundation

extension ConformCommand {
    /// `conform run`: replay traces against the policies.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check traces against the policies and report where each departs.",
            discussion: """
                Every trace is checked against every loaded policy (the matrix). A trace's own `policy:` entries \
                and every --policy are claims: they decide the exit status (0 all hold, 1 one failed, 2 usage \
                error, no trace found, or a file could not be read).
                """)

        @Argument(help: ArgumentHelp("Trace files or directories (searched recursively for .yaml, .yml, .json).", valueName: "PATH"))
        var paths: [String] = ["Traces/"]

        @Option(name: .customLong("policy"), help: ArgumentHelp("Claim: every trace this policy can read must conform to ID (repeatable).", valueName: "ID"))
        var claims: [String] = []

        @OptionGroup var policyOptions: PolicyOptions

        @Option(help: "What to print on standard output: text or json.")
        var format: OutputFormat = .text

        @OptionGroup(title: "Reports") var reportOptions: ReportOptions

        func validate() throws {
            _ = try reportOptions.formats()
        }

        func run() throws {
            let library = policyOptions.library()
            for claim in claims where library.policy(id: claim) == nil {
                let hint = Spelling.nearest(to: claim, among: library.ids).map { " Did you mean '\($0)'?" } ?? ""
                throw ValidationError("unknown policy '\(claim)'.\(hint) Known: \(library.ids.joined(separator: ", ")).")
            }
            var result = ConformRunner(library: library).run(.init(paths: paths, claims: claims, keepSteps: reportOptions.needsSteps))
            result.errors = library.diagnostics + result.errors
            let reportProblems = try reportOptions.emit(
                result, library: library, version: ConformCommand.version, annotationsToStandardError: format == .json)
            for problem in reportProblems { printError(problem.formatted) }
            switch format {
            case .json:
                print(result.jsonDocument().serialized(pretty: true))
            case .text:
                let stdout = Terminal(fileDescriptor: STDOUT_FILENO)
                print(TextReport(result: result, terminal: stdout).render(), terminator: "")
            }
            throw ExitCode(reportProblems.isEmpty ? result.exitStatus : 2)
        }
    }
}
