import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform run`: replay traces against the policies.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Check traces against the policies and report where each departs.",
            discussion: """
                Every trace is checked against every loaded policy (the matrix). A trace's own `policy:` entries \
                and every --policy are claims: they decide the exit status (0 all hold, 1 one failed, 2 usage \
                error, no trace found, or a file could not be read). A --baseline file lists broken claims that \
                are accepted for now: reported as baselined, they do not fail the run (Docs/Baselines.md). \
                Policy files (those with `states:`) among the paths are loaded as policies, not checked as traces.

                A project's .conform.yaml (found from the working directory up to the repository's root; \
                Docs/Configuration.md) gives the default PATHs (`traces:`), `policies:`, `baseline:`, \
                `reports:` and `output:`; options on the command line win over it.

                SOURCE_DATE_EPOCH, when set, is the time the reports carry and the day baseline expiry is judged on: \
                whole seconds since 1970-01-01T00:00:00Z, within years 0001-9999 (any other value is a usage error).
                """)

        @Argument(
            help: ArgumentHelp(
                "Trace files or directories (searched recursively for .yaml, .yml, .json); default: the configuration's `traces:`, else Traces/.",
                valueName: "PATH"), completion: .traceFiles)
        var paths: [String] = []

        @Option(
            name: .customLong("policy"),
            help: ArgumentHelp("Claim: every trace this policy can read must conform to ID (repeatable).", valueName: "ID"),
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

        @Flag(
            help: ArgumentHelp(
                "Follow symbolic links found in the paths even where they lead outside them (by default such links are skipped, with a warning); "
                    + "and write report files and the baseline through a link that leads outside their folder (by default refused, exit 2)."
            )
        )
        var followLinks = false

        @Option(
            help: ArgumentHelp(
                "Check at most N files at once, 1 to \(ConformRunner.Options.maximumJobs) (default: one per core; 1: one after another). The output is the same for any N.",
                valueName: "N"))
        var jobs: Int?

        @Option(
            help: ArgumentHelp(
                "Check only shard K of N (1-based), to split a run across machines; `conform merge` joins the shards' JSON documents. "
                    + "Without it, Bazel's TEST_TOTAL_SHARDS and TEST_SHARD_INDEX (0-based) are honoured.",
                valueName: "K/N"))
        var shard: String?

        @OptionGroup(title: "Reports") var reportOptions: ReportOptions

        @OptionGroup(title: "Baselines") var baselineOptions: BaselineOptions

        func validate() throws {
            _ = try reportOptions.formats()
            _ = try reportOptions.recordedTime()
            _ = try ReportOptions.sourceDate()
            if let jobs, !(1...ConformRunner.Options.maximumJobs).contains(jobs) {
                throw ValidationError(
                    "invalid --jobs '\(jobs)': give how many files to check at once, from 1 to \(ConformRunner.Options.maximumJobs)")
            }
            _ = try selectedShard()
        }

        /// `--shard K/N`, else the shard Bazel's variables name, else none.
        private func selectedShard() throws -> Shard? {
            do {
                if let shard { return try Shard.parse(shard) }
                return try Shard.bazel(environment: ProcessEnvironment.variables)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run() throws {
            let config = try policyOptions.config()
            var library = policyOptions.library(config)
            let paths = self.paths.isEmpty ? (config?.traces ?? ["Traces/"]) : self.paths
            let reportOptions = self.reportOptions.applying(config)
            let baselineOptions = self.baselineOptions.applying(config)
            try reportOptions.validateFormats()
            try baselineOptions.validateNeeds()
            // The files are found once: for the policies among them, then for the run.
            let discovery = FileDiscovery.find(in: paths, followLinks: followLinks)
            let shard = try selectedShard()
            // The policy files among the paths are looked for in the one read the run gives each file, where
            // it can start over on meeting one: when nothing shown before the end must stay (the terminal
            // report prints at the end; streamed JSON can be taken back from a file or the null device, not
            // from a pipe; GitHub annotations stream), every claim is known without them, and the run is
            // whole (a shard reads only its own files). Otherwise every file is read for them first.
            let standardOutputMark = format == .json ? StandardOutputMark.here() : nil
            let seeksPolicyFiles =
                shard == nil && (format == .text || standardOutputMark != nil) && !reportOptions.github
                && claims.allSatisfy { library.policy(id: $0) != nil }
            var policyFiles = seeksPolicyFiles ? [] : library.loadPolicies(among: discovery)
            for claim in claims where library.policy(id: claim) == nil {
                throw ValidationError(library.unknownPolicyMessage(claim))
            }
            if shard != nil, baselineOptions.writeBaseline != nil {
                throw ValidationError("--write-baseline writes the whole run's baseline: give it to conform merge, not to a shard")
            }
            // Bazel asks a test runner that supports sharding to touch this file.
            let statusProblems = ShardStatusFile.touch(environment: ProcessEnvironment.variables)
            let pass = Pass(
                paths: paths, discovery: discovery, shard: shard, reportOptions: reportOptions, baselineOptions: baselineOptions,
                statusProblems: statusProblems, standardOutputMark: standardOutputMark)
            if let status = try check(pass, library: library, policyFiles: policyFiles, seeksPolicyFiles: seeksPolicyFiles) {
                throw ExitCode(status)
            }
            // A policy file was met: nothing was printed or written; the run starts over with the policies
            // among its paths loaded (a built-in one is never replaced, so every claim is still known). A
            // pass that does not seek them always ends with a status.
            policyFiles = library.loadPolicies(among: discovery)
            throw ExitCode(try check(pass, library: library, policyFiles: policyFiles, seeksPolicyFiles: false) ?? 2)
        }

        /// What every pass over the files shares.
        private struct Pass {
            let paths: [String]
            let discovery: FileDiscovery.Found
            let shard: Shard?
            let reportOptions: ReportOptions
            let baselineOptions: BaselineOptions
            let statusProblems: [Diagnostic]
            /// Where standard output's JSON is taken back to when a pass meets a policy file.
            let standardOutputMark: StandardOutputMark?
        }

        /// Checks the files against `library`'s policies, feeding and finishing every output.
        /// - Returns: the exit status; `nil` when, seeking the policy files among the paths, the pass met one
        ///   (its outputs discarded: nothing printed or written).
        private func check(_ pass: Pass, library: PolicyLibrary, policyFiles: [String], seeksPolicyFiles: Bool) throws -> Int32? {
            let (reportOptions, baselineOptions, shard) = (pass.reportOptions, pass.baselineOptions, pass.shard)
            let context = reportOptions.context(library: library, version: ConformCommand.version, paths: pass.paths)
            // A shard that writes JSON records every file's whole outcome there, for `conform merge`.
            let writesJSON = format == .json || ((try? reportOptions.formats()) ?? []).contains(.json)
            let record = shard.flatMap { shard in
                writesJSON
                    ? ShardRecord(
                        header: ShardHeader(
                            shard: shard, version: ConformCommand.version, policies: library.fingerprint, files: 0, coverage: coverage))
                    : nil
            }
            var (outputs, problems) = reportOptions.outputs(
                standardOutput: format, context: context, shard: record, rules: AtomicFile.Rules(followLinks: followLinks))
            let needsSteps = reportOptions.needsSteps
            // What a merged run's reports need is recorded whatever this shard's own outputs need.
            let keepsSteps = needsSteps || record != nil
            var options = ConformRunner.Options(
                paths: pass.paths, claims: claims, keepSteps: keepsSteps, recordPaths: keepsSteps || coverage, revealDifferences: coverage)
            // Step summaries are made only for the traces a report may show in full (a shard's for all).
            options.steps = outputs.stepDemand
            options.followLinks = followLinks
            options.policyFiles = policyFiles
            options.seeksPolicyFiles = seeksPolicyFiles
            options.discovery = pass.discovery
            // Every output writes out, or detaches, what it keeps of an outcome.
            options.keepsOutcomes = false
            options.jobs = jobs
            options.shard = shard
            let baseline = try baselineOptions.matcher()
            options.baseline = baseline?.matcher
            options.writeBaseline = baselineOptions.writeBaseline
            let baselineProblems = baseline?.errors ?? []
            var coverageTally = CoverageTally()
            var admission = RunAdmission(baseline: options.baseline)
            outputs.begin()
            if let warnings = baseline?.warnings, !warnings.warnings.isEmpty { outputs.add(warnings) }
            let ending = ConformRunner(library: library).runIndexed(
                options, prepare: outputs.prepare,
                discovered: { files in
                    admission.know(files: files)
                    outputs.protectInputs(ConformRunner.isAmong(files))
                },
                each: { index, checked in
                    record?.add(checked, index: index)
                    let outcome = admission.admit(checked, place: index)
                    outputs.add(outcome)
                    if coverage { coverageTally.add(outcome) }
                }
            )
            if ending.metPolicyFile != nil {
                outputs.discard()
                // Only JSON into a file or the null device has a mark; the terminal report printed nothing yet.
                if let mark = pass.standardOutputMark, !mark.takeBack() {
                    // Probed when the mark was made, so not seen in practice; the JSON printed so far stays.
                    printError(
                        "conform: error: the JSON written to standard output could not be taken back to start over with the policy files among the paths"
                    )
                    return 2
                }
                return nil
            }
            coverageTally.add(revealed: ending.revealed)
            record?.header.files = ending.discoveredFiles
            record?.header.errors = ending.leadingErrors
            record?.header.baselineFiles = ending.baselineFilesFound
            var baselineOutcome = admission.finish(writtenTo: options.writeBaseline)
            // A shard judges only its own traces' entries: the others' traces are in other shards.
            if shard != nil { baselineOutcome?.stale.removeAll { if case .traceNotChecked = $0.reason { true } else { false } } }
            if let outcome = baselineOutcome, let written = outcome.written {
                problems += baselineOptions.write(written, outcome, readProblems: baselineProblems, followLinks: followLinks)
            }
            var status = outputs.finish(
                leading: library.diagnostics + baselineProblems + ending.leadingErrors, coverage: coverage ? coverageTally : nil,
                baseline: baselineOutcome, policies: library.policies, needsSteps: needsSteps)
            // A shard dealt no trace is an empty part of a run, not a run that found none.
            if shard != nil, outputs.problems.isEmpty { status = outputs.tally.shardExitStatus }
            printProblems(pass.statusProblems + problems + outputs.problems + outputs.warnings)
            if let written = CommandWording.reportsWritten(outputs.written) { printError(written) }
            if !problems.isEmpty || !pass.statusProblems.isEmpty { status = 2 }
            return status
        }
    }
}
