import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform generate ID`: the traces to record so that every transition of a policy is exercised.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Plan the traces to record so that every transition of a policy is exercised.",
            discussion: """
                Finds a small set of scenarios (few actions in total) that together take every transition of \
                policy ID, each with what the policy predicts the screen shows after every action. Without \
                --output, prints them as a checklist to follow on a device; with --output, writes one trace \
                per scenario, claiming ID, ready for `conform run`.

                Numbers come from the policy's `vocabulary.examples`, or else 0 and the constants its \
                expressions use. Exit status: 0; 1 when some transition could not be reached; 2 on a usage \
                error, an unknown id, a --policies file that does not load, or a file that cannot be written.
                """)

        @Argument(help: ArgumentHelp("The policy id (see `conform policies`).", valueName: "ID"), completion: .policyIDs)
        var id: String

        @Option(help: ArgumentHelp("Write the traces as YAML files into DIR instead of printing a checklist.", valueName: "DIR"), completion: .directory)
        var output: String?

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let library = policyOptions.library()
            printProblems(library.diagnostics)
            let policy = try library.requirePolicy(id)
            let suite = SuiteGenerator(policy: policy).generate()
            let output = GeneratedSuiteOutput(suite: suite, policy: policy)
            if let directory = self.output {
                let check = WrittenTraceCheck(library: library)
                let writer = TraceFileWriter(directory: directory, prefix: "\(policy.id)-", marker: output.marker)
                let written = try writer.write(output.traceFiles()) { text, path in check.check(text, file: path, passes: policy).problem }
                // The paths are the result; what was planned and written is said on standard error.
                for path in written { printOutput(path) }
                printError(output.writtenSummary(written.count))
                if !suite.unreached.isEmpty { Console.standardError.write(output.unreachedText()) }
            } else {
                printOutput(output.checklist(), terminator: "")
            }
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
            if !suite.unreached.isEmpty { throw ExitCode(1) }
        }
    }
}
