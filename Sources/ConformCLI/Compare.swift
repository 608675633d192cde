import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform compare A B`: the shortest scenarios on which two policies show something different.
    struct Compare: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compare",
            abstract: "Find the shortest scenarios on which two policies show something different.",
            discussion: """
                Explores both policies together, breadth-first over pairs of states, and prints each \
                difference in UI words: the actions, then what A shows and what B shows. With --output, \
                writes each scenario that a trace can show as a trace claiming A that B fails. \
                "No difference" when they agree on every sequence. Exit status: 0 either way; 2 on a usage \
                error, an unknown id, two policies of different domains, a --policies file that does not load, \
                or a file that cannot be written.
                """)

        @Argument(help: ArgumentHelp("The policy whose behaviour the scenarios record.", valueName: "A"), completion: .policyIDs)
        var a: String

        @Argument(help: ArgumentHelp("The policy compared with A.", valueName: "B"), completion: .policyIDs)
        var b: String

        @Option(
            help: ArgumentHelp("Write the scenarios as trace files (claiming A, failing B) into DIR.", valueName: "DIR"),
            completion: .directory)
        var output: String?

        @Option(help: "What to print: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var policyOptions: PolicyOptions

        @OptionGroup var writeOptions: WriteOptions

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            let policyA = try library.requirePolicy(a)
            let policyB = try library.requirePolicy(b)
            guard policyA.domain == policyB.domain else {
                throw ValidationError(
                    "'\(a)' (domain \(policyA.domain)) and '\(b)' (domain \(policyB.domain)) speak different vocabularies: no trace applies to both."
                )
            }
            let output = ComparisonOutput(result: PolicyComparison(policyA, policyB).compare(), a: policyA, b: policyB)
            var written: [String] = []
            var problems: [Diagnostic] = []
            if let directory = self.output {
                let check = WrittenTraceCheck(library: library)
                let writer = TraceFileWriter(
                    directory: directory, prefix: "\(a)-vs-\(b)-", marker: output.marker, rules: writeOptions.rules)
                (written, problems) = try writer.write(output.traceFiles()) { text, path in
                    check.check(text, file: path, passes: policyA, fails: policyB).problem
                }
            }
            switch format {
            case .text:
                printOutput(output.text(), terminator: "")
                // Standard output carries the comparison: what was written is said on standard error.
                if !written.isEmpty { printError(output.writtenSummary(written)) }
            case .json:
                printOutput(output.json(files: written).serialized(pretty: true))
            }
            printProblems(problems)
            if !library.diagnostics.isEmpty || !problems.isEmpty { throw ExitCode(2) }
        }
    }
}
