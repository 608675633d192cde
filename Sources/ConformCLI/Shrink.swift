import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform shrink FILE --policy ID`: the shortest trace that still fails the same way.
    struct Shrink: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shrink",
            abstract: "Cut a failing trace down to the shortest one that still fails the policy the same way.",
            discussion: """
                The same way: the same policy departs in the same model state at the same key (the observation \
                key, or the action's verb). Steps after the departure go first; then cuts that keep the trace \
                faithful to the recording (observations the failure does not need, an edit undone by the next \
                action); then, unless --faithful-only, any step: such a trace is a sequence no one recorded, and \
                says so (NEEDS RE-RECORDING) in its note and in what shrink prints. Every cut is marked in a note \
                on the step after it. Without --output, the shrunk trace (canonical YAML) goes to standard output \
                and the summary to standard error. Deterministic (Docs/Analyses.md). Exit status: 0 when the \
                trace was shrunk; 2 on a usage error, an unknown id, a file that cannot be read or written, or a \
                trace that does not fail the policy.
                """)

        @Argument(help: ArgumentHelp("The failing trace.", valueName: "FILE"), completion: .traceFiles)
        var file: String

        @Option(help: ArgumentHelp("The policy the trace fails (see `conform policies`).", valueName: "ID"), completion: .policyIDs)
        var policy: String

        @Option(
            help: ArgumentHelp("Write the shrunk trace to FILE instead of standard output.", valueName: "FILE"), completion: .traceFiles)
        var output: String?

        @Flag(help: "Only cuts that keep the trace faithful to the recording (no action is cut).")
        var faithfulOnly = false

        @OptionGroup var policyOptions: PolicyOptions

        @OptionGroup var writeOptions: WriteOptions

        func validate() throws {
            if let output, Self.samePath(output, file) {
                throw ValidationError("--output is the trace being shrunk; write the shrunk trace to another file")
            }
        }

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
            let policy = try library.requirePolicy(self.policy)
            let trace: Trace
            do {
                trace = try library.load(file: file)
            } catch {
                printProblems(error.diagnostics)
                throw ExitCode(2)
            }
            let result: ShrinkResult
            do {
                result = try TraceShrinker(policy: policy, faithfulOnly: faithfulOnly).shrink(trace)
            } catch {
                let why = ShrinkOutput.refusal(policy: policy.id, verdict: error.verdict)
                printProblems([Diagnostic(.error, why, at: SourceLocation(file: file, position: nil))])
                throw ExitCode(2)
            }
            let shrunk = ShrinkOutput(result: result, destination: output, workingDirectory: FileManager.default.currentDirectoryPath)
            guard let output else {
                printOutput(shrunk.yaml(), terminator: "")
                Console.standardError.write(shrunk.summary(written: nil))
                return
            }
            do {
                try AtomicFile.write(shrunk.yaml(), to: output, what: "the shrunk trace", rules: writeOptions.rules)
            } catch let diagnostic as Diagnostic {
                printProblems([diagnostic])
                throw ExitCode(2)
            }
            Console.standardOutput.write(shrunk.summary(written: output))
        }

        /// Whether two paths name one file (as written, or resolved when both exist).
        static func samePath(_ a: String, _ b: String) -> Bool {
            let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
            return standard(a) == standard(b)
        }
    }
}
