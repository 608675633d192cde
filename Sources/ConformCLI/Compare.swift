import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform compare A B`: the shortest scenarios on which two policies show something different.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the shortest scenarios on which two policies show something different.",
            discussion: """
                Explores both policies together, breadth-first over pairs of states, and prints each \
                difference in UI words: the actions, then what A shows and what B shows. With --output, \
                writes each scenario that a trace can show as a trace claiming A that B fails. \
                "No difference" when they agree on every sequence. Exit status: 0 either way; 2 on a usage \
                error, an unknown id, or two policies of different domains.
                """)

        @Argument(help: ArgumentHelp("The policy whose behaviour the scenarios record.", valueName: "A"))
        var a: String

        @Argument(help: ArgumentHelp("The policy compared with A.", valueName: "B"))
        var b: String

        @Option(help: ArgumentHelp("Write the scenarios as trace files (claiming A, failing B) into DIR.", valueName: "DIR"))
        var output: String?

        @Option(help: "What to print: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let library = policyOptions.library()
            for diagnostic in library.diagnostics { printError(diagnostic.formatted) }
            let policyA = try library.requirePolicy(a)
            let policyB = try library.requirePolicy(b)
            guard policyA.domain == policyB.domain else {
                throw ValidationError(
                    "'\(a)' (domain \(policyA.domain)) and '\(b)' (domain \(policyB.domain)) speak different vocabularies: no trace applies to both.")
            }
            let output = ComparisonOutput(result: PolicyComparison(policyA, policyB).compare(), a: policyA, b: policyB)
            switch format {
            case .text: print(output.text(), terminator: "")
            case .json: print(output.json.serialized(pretty: true))
            }
            if let directory = self.output { try write(output, library: library, to: directory) }
        }

        private func write(_ output: ComparisonOutput, library: PolicyLibrary, to directory: String) throws {
            let check = WrittenTraceCheck(library: library)
            for file in output.traceFiles() {
                let path = directory + "/" + file.name
                if let problem = check.check(file.text, file: path, passes: output.a, fails: output.b).problem {
                    printError("conform: internal error: \(path) was not written: it \(problem)")
                    continue
                }
                do {
                    try ReportWriter.write(file.text, named: file.name, in: directory, what: "the trace")
                } catch let diagnostic as Diagnostic {
                    printError(diagnostic.formatted)
                    throw ExitCode(2)
                }
                if format == .text { print(path) }
            }
        }
    }
}
