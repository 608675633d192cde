import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
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

        @Flag(
            help: """
                Show, per claimed policy, which transitions the traces exercised and which they did not; and, per pair of \
                claimed policies of one domain, which of the differences `conform compare` finds some trace shows and how many traces \
                tell them apart.
                """)
        var coverage = false

        @Flag(help: "Follow symbolic links found in the paths even where they lead outside them (by default such links are skipped, with a warning).")
        var followLinks = false

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
            let context = reportOptions.context(policies: library.policies, version: ConformCommand.version)
            let (outputs, problems) = reportOptions.outputs(standardOutput: format, context: context)
            let needsSteps = reportOptions.needsSteps
            var options = ConformRunner.Options(
                paths: paths, claims: claims, keepSteps: needsSteps, recordPaths: needsSteps || coverage, revealDifferences: coverage)
            options.followLinks = followLinks
            var coverageTally = CoverageTally()
            outputs.begin()
            let ending = ConformRunner(library: library).run(options, prepare: outputs.prepare) { outcome in
                outputs.add(outcome)
                if coverage { coverageTally.add(outcome) }
            }
            coverageTally.add(revealed: ending.lateRevealed)
            let leading = library.diagnostics + ending.leadingErrors
            let report = coverage
                ? CoverageReport(
                    policies: library.policies, covered: coverageTally.covered, toldApart: coverageTally.toldApart,
                    revealed: coverageTally.revealed)
                : nil
            var status = outputs.finish(
                RunEnding(leadingErrors: leading, coverage: report, lineLengths: needsSteps ? .measuring(leading) : LineLengths()))
            printProblems(problems + outputs.problems)
            if !problems.isEmpty { status = 2 }
            throw ExitCode(status)
        }
    }
}

