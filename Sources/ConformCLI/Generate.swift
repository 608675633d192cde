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
                error or an unknown id.
                """)

        @Argument(help: ArgumentHelp("The policy id (see `conform policies`).", valueName: "ID"))
        var id: String

        @Option(help: ArgumentHelp("Write the traces as YAML files into DIR instead of printing a checklist.", valueName: "DIR"))
        var output: String?

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let library = policyOptions.library()
            for diagnostic in library.diagnostics { printError(diagnostic.formatted) }
            let policy = try library.requirePolicy(id)
            let suite = SuiteGenerator(policy: policy).generate()
            let output = GeneratedSuiteOutput(suite: suite, policy: policy)
            if let directory = self.output {
                try write(output, library: library, to: directory)
            } else {
                print(output.checklist(), terminator: "")
            }
            if !suite.unreached.isEmpty { throw ExitCode(1) }
        }

        private func write(_ output: GeneratedSuiteOutput, library: PolicyLibrary, to directory: String) throws {
            let check = WrittenTraceCheck(library: library)
            var written = 0
            for file in output.traceFiles() {
                let path = directory + "/" + file.name
                if let problem = check.check(file.text, file: path, passes: output.policy).problem {
                    printError("conform: internal error: \(path) was not written: it \(problem)")
                    continue
                }
                do {
                    try ReportWriter.write(file.text, named: file.name, in: directory, what: "the trace")
                } catch let diagnostic as Diagnostic {
                    printError(diagnostic.formatted)
                    throw ExitCode(2)
                }
                written += 1
                print(path)
            }
            print(output.summary + " (\(written) trace files written)")
            print(output.unreachedText(), terminator: "")
        }
    }
}
