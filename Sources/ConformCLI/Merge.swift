import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform merge`: the whole run's outputs and exit status from its shards' JSON documents.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the JSON documents of a sharded run into the outputs and exit status of the whole run.",
            discussion: """
                Each shard writes its document with `conform run PATH --shard K/N --report json --output shard-K` (or \
                `--format json` on standard output). `conform merge shard-*/conform-report.json` then prints and writes \
                exactly what `conform run PATH` would have, with the same --format, --report, --output, --templates, \
                --github and baseline options, and exits with its status (0 all claims hold, 1 one failed, 2 an input error).

                Give the --policies the shards had (the project's .conform.yaml counts as it does for `conform run`: \
                its `policies:`, `baseline:`, `reports:` and `output:` apply unless the command line gives them). Exit status 2, and nothing merged, for a file that is not a shard \
                result (not JSON, not a conform document, a run without --shard), shards of different conform versions or \
                policy libraries, a shard given twice or missing, shards made with and without --coverage, or a number of a \
                shard result out of its bounds (N from 1 to 10000, K from 1 to N, the files shard K is dealt; each at its line \
                and column, Docs/Sharding.md).
                """)

        @Argument(help: ArgumentHelp("The shards' JSON documents, one per shard, in any order.", valueName: "FILE"))
        var files: [String] = []

        @OptionGroup var policyOptions: PolicyOptions

        @Option(help: "What to print on standard output: text or json.")
        var format: OutputFormat = .text

        @OptionGroup(title: "Reports") var reportOptions: ReportOptions

        @OptionGroup(title: "Baselines") var baselineOptions: BaselineOptions

        @OptionGroup var writeOptions: WriteOptions

        func validate() throws {
            _ = try reportOptions.formats()
            _ = try reportOptions.recordedTime()
            _ = try ReportOptions.sourceDate()
            if files.isEmpty { throw ValidationError("give the JSON documents of the shards to merge") }
        }

        func run() throws {
            let (config, library) = try policyOptions.load()
            let reportOptions = self.reportOptions.applying(config)
            let baselineOptions = self.baselineOptions.applying(config)
            try reportOptions.validateFormats()
            try baselineOptions.validateNeeds()
            let (read, refusals) = ShardMerge.read(
                files, version: ConformCommand.version, library: library,
                baselineFiles: [baselineOptions.baseline, baselineOptions.writeBaseline].compactMap { $0 })
            guard let merged = read else {
                printProblems(refusals)
                throw ExitCode(2)
            }
            let context = reportOptions.context(library: library, version: ConformCommand.version, paths: merged.paths)
            var (outputs, problems) = reportOptions.outputs(standardOutput: format, context: context, rules: writeOptions.rules)
            let needsSteps = reportOptions.needsSteps
            let baseline = try baselineOptions.matcher()
            let baselineProblems = baseline?.errors ?? []
            var coverageTally = CoverageTally()
            outputs.begin()
            if let warnings = baseline?.warnings, !warnings.warnings.isEmpty { outputs.add(warnings) }
            let baselineOutcome = merged.replay(
                keepSteps: needsSteps, recordPaths: needsSteps || merged.coverage, baseline: baseline?.matcher,
                writeBaseline: baselineOptions.writeBaseline
            ) { outcome in
                outputs.add(outcome)
                if merged.coverage { coverageTally.add(outcome) }
            }
            if let outcome = baselineOutcome, let written = outcome.written {
                problems += baselineOptions.write(written, outcome, readProblems: baselineProblems, followLinks: writeOptions.followLinks)
            }
            var status = outputs.finish(
                leading: library.diagnostics + baselineProblems + merged.leadingErrors, coverage: merged.coverage ? coverageTally : nil,
                baseline: baselineOutcome, policies: library.policies, needsSteps: needsSteps)
            printProblems(problems + outputs.problems + outputs.warnings)
            if let written = CommandWording.reportsWritten(outputs.written) { printError(written) }
            if !problems.isEmpty { status = 2 }
            throw ExitCode(status)
        }
    }
}
