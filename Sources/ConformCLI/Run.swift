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

        @Flag(
            help: """
                Show, per claimed policy, which transitions the traces exercised and which they did not; and, per pair of \
                claimed policies of one domain, which of the differences `conform compare` finds some trace shows and how many traces \
                tell them apart.
                """)
        var coverage = false

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
            let runner = ConformRunner(library: library)
            let options = ConformRunner.Options(
                paths: paths, claims: claims, keepSteps: reportOptions.needsSteps, recordPaths: reportOptions.needsSteps || coverage,
                revealDifferences: coverage)
            var tally = CoverageTally()
            // Reports need the whole run at once; the terminal and JSON outputs are written as files are checked.
            var collected: RunResult? = reportOptions.needsSteps
                ? RunResult(results: [], errors: [], traceCount: 0, policyIDs: library.ids, traces: []) : nil
            var text = TextReport(policyIDs: library.ids)
            var json = JSONDocumentStream(policies: library.ids.count)
            let output = StandardOutput()
            if format == .json { output.write(json.header) }
            // JSON is serialised on the worker threads; the text report needs nothing prepared.
            let isJSON = format == .json
            let prepare: @Sendable (inout ConformRunner.FileOutcome) -> Void = { outcome in
                if isJSON { JSONDocumentStream.prepare(&outcome) }
            }
            let ending = runner.run(options, prepare: prepare) { outcome in
                switch format {
                case .json: output.write(json.text(for: outcome))
                case .text: text.add(outcome)
                }
                if coverage { tally.add(outcome) }
                collected?.add(outcome)
            }
            let leading = library.diagnostics + ending.leadingErrors
            let report = coverage ? CoverageReport(library: library, covered: tally.covered, toldApart: tally.toldApart, revealed: tally.revealed) : nil
            var status: Int32
            switch format {
            case .json:
                output.write(json.footer(leadingErrors: leading, coverage: report) + "\n")
                status = json.exitStatus(leadingErrors: leading)
            case .text:
                output.write(text.render(leadingErrors: leading, coverage: report, terminal: Terminal(fileDescriptor: STDOUT_FILENO)))
                status = text.exitStatus(leadingErrors: leading)
            }
            output.flush()
            if var result = collected {
                result.errors = leading + result.errors
                result.coverage = report
                let problems = try reportOptions.emit(
                    result, library: library, version: ConformCommand.version, annotationsToStandardError: format == .json)
                for problem in problems { printError(problem.formatted) }
                if !problems.isEmpty { status = 2 }
            }
            throw ExitCode(status)
        }
    }
}

/// Buffered standard output: large runs write a lot, and `print` flushes too often.
final class StandardOutput {
    private var buffer = ""

    func write(_ text: String) {
        buffer += text
        if buffer.utf8.count >= 1 << 16 { flush() }
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}
