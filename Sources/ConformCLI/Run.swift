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
                error, no trace found, or a file could not be read). A --baseline file lists broken claims that \
                are accepted for now: reported as baselined, they do not fail the run (Docs/Baselines.md).
                """)

        @Argument(help: ArgumentHelp("Trace files or directories (searched recursively for .yaml, .yml, .json).", valueName: "PATH"), completion: .traceFiles)
        var paths: [String] = ["Traces/"]

        @Option(
            name: .customLong("policy"), help: ArgumentHelp("Claim: every trace this policy can read must conform to ID (repeatable).", valueName: "ID"),
            completion: .policyIDs)
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

        @OptionGroup(title: "Baselines") var baselineOptions: BaselineOptions

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
            var (outputs, problems) = reportOptions.outputs(standardOutput: format, context: context)
            let needsSteps = reportOptions.needsSteps
            var options = ConformRunner.Options(
                paths: paths, claims: claims, keepSteps: needsSteps, recordPaths: needsSteps || coverage, revealDifferences: coverage)
            options.followLinks = followLinks
            let baseline = baselineOptions.matcher()
            options.baseline = baseline?.0
            options.writeBaseline = baselineOptions.writeBaseline
            let baselineProblems = baseline?.1 ?? []
            var coverageTally = CoverageTally()
            outputs.begin()
            let ending = ConformRunner(library: library).run(options, prepare: outputs.prepare) { outcome in
                outputs.add(outcome)
                if coverage { coverageTally.add(outcome) }
            }
            let leading = library.diagnostics + baselineProblems + ending.leadingErrors
            if let outcome = ending.baseline, let written = outcome.written {
                problems += write(written, outcome, readProblems: baselineProblems)
            }
            let report = coverage
                ? CoverageReport(
                    policies: library.policies, covered: coverageTally.covered, toldApart: coverageTally.toldApart,
                    revealed: coverageTally.revealed)
                : nil
            var status = outputs.finish(
                RunEnding(
                    leadingErrors: leading, coverage: report, lineLengths: needsSteps ? .measuring(leading) : LineLengths(),
                    baseline: ending.baseline))
            printProblems(problems + outputs.problems)
            if let written = CommandWording.reportsWritten(outputs.written) { printError(written) }
            if !problems.isEmpty { status = 2 }
            throw ExitCode(status)
        }

        /// Writes the baseline `--write-baseline` asks for, unless the one read had a problem (its entries
        /// would be lost); says on standard error what was written and which entries were left out.
        private func write(_ written: Baseline, _ outcome: BaselineOutcome, readProblems: [Diagnostic]) -> [Diagnostic] {
            guard readProblems.isEmpty else {
                let problem = "not written, since the baseline read (\(baselineOptions.baseline ?? "")) has problems; fix them first"
                return [Diagnostic(.error, problem, at: SourceLocation(file: written.file, position: nil))]
            }
            do {
                try BaselineFile.write(written)
            } catch let diagnostic as Diagnostic {
                return [diagnostic]
            } catch {
                return [Diagnostic(.error, "\(error)", at: SourceLocation(file: written.file, position: nil))]
            }
            let (dropped, summary) = BaselineWording.written(outcome)
            printProblems(dropped)
            printError(summary)
            return []
        }
    }
}

