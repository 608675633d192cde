import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform generate ID`: the traces to record so that every transition of a policy is exercised.
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Plan the traces to record so that every transition of a policy is exercised.",
            discussion: """
                Finds a small set of scenarios (few actions in total) that together take every transition of \
                policy ID, each with what the policy predicts the screen shows after every action. Without \
                --output, prints them as a checklist to follow on a device; with --output, writes one trace \
                per scenario, claiming ID, ready for `conform run`.

                With --format xcuitest, writes one Swift file of XCTest UI tests instead (to --output FILE, \
                or standard output): one test per scenario, each opening the form through a function your \
                team writes once (`openForm`), performing the scenario through ConformXCUITest's \
                XCUIScenario, waiting after every action for the screen to settle (CONFORM_SETTLE_TIMEOUT), \
                writing the trace (CONFORM_TRACES_DIR) and attaching it to the test result, and failing at \
                the first step that departs from ID. The file carries the policy's text, a policy of your \
                own (--policies) as well as a built-in one, and checks against it. --testing swift-testing \
                is refused: Swift Testing cannot drive an app (swift-testing issue 516). Form policies \
                only: keyboard and disclosure steps are geometry that XCUITest cannot perform (exit 2, \
                with the reason).

                A form's fields are those the policy reads (form.FIELD) or declares (fields:), each tried \
                with its `fields:` examples, a new value, the literals it is compared with, empty and null. \
                Other domains' values come from the policy's `vocabulary.examples`, or else 0 and the \
                constants its expressions use. Exit status: 0; 1 when some transition could not be reached; 2 on a usage \
                error, an unknown id, a --policies file that does not load, or a file that cannot be written.
                """)

        @Argument(help: ArgumentHelp("The policy id (see `conform policies`).", valueName: "ID"), completion: .policyIDs)
        var id: String

        @Option(
            help: ArgumentHelp(
                "Write the traces as YAML files into DIR instead of printing a checklist (with --format xcuitest: the Swift file, FILE).",
                valueName: "DIR|FILE"), completion: .file())
        var output: String?

        @Option(
            help: ArgumentHelp("What to make: a checklist (or traces with --output), or a Swift file of UI tests.", valueName: "FORMAT"))
        var format: GenerateFormat = .checklist

        @Option(
            help: ArgumentHelp(
                "With --format xcuitest: xctest, the only framework that drives an app (swift-testing is refused: swift-testing issue 516).",
                valueName: "FRAMEWORK"))
        var testing: TestingFramework = .xctest

        @OptionGroup var policyOptions: PolicyOptions

        @OptionGroup var writeOptions: WriteOptions

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            let policy = try library.requirePolicy(id)
            if format == .xcuitest, let refusal = XCUITestSource.refusal(for: policy) {
                throw ValidationError("--format xcuitest: " + refusal + ".")
            }
            if format == .xcuitest, testing == .swiftTesting {
                throw ValidationError("--testing swift-testing: " + XCUITestSource.swiftTestingRefusal + ".")
            }
            let suite = SuiteGenerator(policy: policy).generate()
            let output = GeneratedSuiteOutput(suite: suite, policy: policy)
            if format == .xcuitest {
                guard let text = library.sourceText(of: policy.id) else {
                    throw ValidationError("--format xcuitest: the text of policy '\(policy.id)' is not at hand to carry into the tests.")
                }
                let source = XCUITestSource(suite: suite, policy: policy, policyText: text, policyFile: policy.file)
                    .source(version: ConformCommand.version)
                if let file = self.output {
                    do {
                        try AtomicFile.write(source, to: file, what: "the UI tests", rules: writeOptions.rules)
                    } catch let diagnostic as Diagnostic {
                        printProblems([diagnostic])
                        throw ExitCode(2)
                    }
                    printError("conform: wrote \(Escaping.terminal(file)): \(output.summary)")
                } else {
                    printOutput(source, terminator: "")
                }
                if !suite.unreached.isEmpty { Console.standardError.write(output.unreachedText()) }
            } else if let directory = self.output {
                let check = WrittenTraceCheck(library: library)
                let writer = TraceFileWriter(
                    directory: directory, prefix: "\(policy.id)-", marker: output.marker, rules: writeOptions.rules)
                let (written, problems) = try writer.write(output.traceFiles()) { text, path in
                    check.check(text, file: path, passes: policy).problem
                }
                // The paths are the result; what was planned and written is said on standard error.
                for path in written { printOutput(Escaping.terminal(path)) }
                printError(output.writtenSummary(written.count))
                if !suite.unreached.isEmpty { Console.standardError.write(output.unreachedText()) }
                printProblems(problems)
                if !problems.isEmpty { throw ExitCode(2) }
            } else {
                printOutput(output.checklist(), terminator: "")
            }
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
            if !suite.unreached.isEmpty { throw ExitCode(1) }
        }
    }
}

/// What `conform generate` makes.
enum GenerateFormat: String, ExpressibleByArgument, CaseIterable {
    case checklist
    case xcuitest
}

/// The framework of `--format xcuitest`'s tests: XCTest; Swift Testing is accepted as a value only to be
/// refused with the reason.
enum TestingFramework: String, ExpressibleByArgument, CaseIterable {
    case xctest
    case swiftTesting = "swift-testing"
}
