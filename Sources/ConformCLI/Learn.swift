import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform learn PATHS`: infer an app's form policy from its traces, name the nearest policies, say
    /// which traces to record next.
    struct Learn: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "learn",
            abstract: "Infer an app's form policy from its traces, name the nearest policies, and say which traces to record next.",
            discussion: """
                For each app (and each settings: its traces were recorded with), infers the smallest form \
                policy on which every trace holds. An edit counts by whether it leaves the form modified \
                (guard modified: values compared), edited (guard edited: a sticky flag), or not at all (no \
                guard); when the traces fit two guards that some trace would tell apart, the output says \
                "guard undetermined" and names such a trace. What a see leaves out is unknown, not absent. \
                Prints the model's size and guard; the loaded form policies ranked by conflicts (scenarios in \
                which the learned policy expects what the policy does not allow), then gaps (what the policy \
                allows and no trace shows); how the nearest differs, scenario by scenario; and the traces to \
                record next. Lint's warnings about the learned policy come last, on standard error. With \
                --output, writes the policy (it loads, lints and holds on every trace); with --suggest, writes \
                the traces to record next. More: Docs/Learning.md. Exit status: 0 learned; 2 on contradicting \
                traces (both named), a file that cannot be read or learnt from, --app naming no app, --output, \
                --suggest or --id with several models, or a file that cannot be written.
                """)

        @Argument(
            help: ArgumentHelp(
                "Trace files or folders (recursive); default: the configuration's traces:, else Traces/.", valueName: "PATH"),
            completion: .traceFiles)
        var paths: [String] = []

        @Option(help: ArgumentHelp("Learn the traces of this app only (their `app:`).", valueName: "NAME"))
        var app: String?

        @Option(help: ArgumentHelp("The learned policy's id (default: learned- and the app's name).", valueName: "ID"))
        var id: String?

        @Option(
            help: ArgumentHelp("Write the learned policy to FILE (one model).", valueName: "FILE"), completion: .file(extensions: ["yaml"]))
        var output: String?

        @Option(help: ArgumentHelp("Write the traces to record next into DIR (one model).", valueName: "DIR"), completion: .directory)
        var suggest: String?

        @Option(help: "What to print: text or json.")
        var format: OutputFormat = .text

        @OptionGroup var policyOptions: PolicyOptions

        @OptionGroup var writeOptions: WriteOptions

        func validate() throws {
            if let id, !Self.isPolicyID(id) {
                throw ValidationError(
                    "--id '\(id)' is no policy id: use letters, digits, '.', '_' and '-', starting with a letter or digit")
            }
        }

        /// A policy id as the loader accepts one.
        static func isPolicyID(_ id: String) -> Bool {
            guard let first = id.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) else {
                return false
            }
            return id.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            }
        }

        func run() throws {
            let (config, library) = try policyOptions.load()
            let paths = self.paths.isEmpty ? (config?.traces ?? ["Traces/"]) : self.paths
            let learning = PolicyLearning(library: library).learn(paths: paths, app: app, id: id, file: output)
            let learned = learning.outcomes.compactMap { outcome -> PolicyLearning.LearnedPolicy? in
                if case .learned(let model) = outcome { return model }
                return nil
            }
            var problems = learning.diagnostics
            for outcome in learning.outcomes {
                switch outcome {
                case .learned: continue
                case .contradicted(_, _, let found), .failed(_, _, let found): problems += found
                }
            }
            if learning.outcomes.count > 1, output != nil || suggest != nil || id != nil {
                let names = learning.outcomes.map(Self.name).joined(separator: ", ")
                throw ValidationError(
                    "the traces are of \(learning.outcomes.count) models (\(names)); --output, --suggest and --id take one: pick an app with --app, or give the files of one settings"
                )
            }
            var models: [LearnOutput.Model] = []
            var failedToWrite = false
            for entry in learned {
                var written: String?
                if let output {
                    do {
                        // An earlier learned policy among the paths, read as a policy, is the file to replace.
                        let rules = AtomicFile.Rules(
                            followLinks: writeOptions.followLinks, replaceable: entry.replacesLoadedPolicy ? [output] : [])
                        try AtomicFile.write(entry.text, to: output, what: "the learned policy", rules: rules)
                        written = output
                    } catch let diagnostic as Diagnostic {
                        problems.append(diagnostic)
                        failedToWrite = true
                    }
                }
                var suggestionFiles: [String] = []
                if let suggest {
                    let files = entry.suggestions.enumerated().map { number, suggestion in
                        LearnOutput.suggestionTrace(
                            suggestion, number: number, count: entry.suggestions.count, id: entry.id, model: entry.model,
                            policy: entry.nearest.first { $0.policy.id == suggestion.policy }?.policy ?? entry.policy)
                    }
                    // Each file must hold for the policy it claims: the learned one or a loaded one.
                    var policies = [entry.id: entry.policy]
                    for distance in entry.nearest where policies[distance.policy.id] == nil {
                        policies[distance.policy.id] = distance.policy
                    }
                    let claims = Dictionary(zip(files.map(\.name), entry.suggestions.map(\.policy))) { first, _ in first }
                    let check = WrittenTraceCheck(library: library)
                    let writer = TraceFileWriter(
                        directory: suggest, prefix: "\(entry.id)-next-", marker: LearnOutput.suggestionMarker(entry.id),
                        rules: writeOptions.rules)
                    let (written, failures) = try writer.write(files) { text, path in
                        guard let claimed = claims[(path as NSString).lastPathComponent].flatMap({ policies[$0] }) else {
                            return "claims no policy known"
                        }
                        return check.check(text, file: path, passes: claimed).problem
                    }
                    suggestionFiles = written
                    problems += failures
                    if !failures.isEmpty { failedToWrite = true }
                }
                // Lint's warnings name the file written; when writing it failed, the learned policy itself.
                let warnings =
                    written != nil || output == nil
                    ? entry.warnings
                    : entry.warnings.map {
                        Diagnostic(
                            $0.severity, $0.message,
                            at: SourceLocation(file: LearnWording.unwrittenPolicy(entry.id), position: $0.location.position))
                    }
                models.append(
                    LearnOutput.Model(
                        model: entry.model, id: entry.id, policy: entry.policy, nearest: entry.nearest, suggestions: entry.suggestions,
                        file: written, suggestionFiles: suggestionFiles, warnings: warnings))
            }
            var skipped = learning.skipped.map { LearnOutput.Skipped(app: $0.app, reason: $0.reason) }
            for outcome in learning.outcomes {
                switch outcome {
                case .learned: continue
                case .contradicted(let app, let settings, let found):
                    skipped.append(
                        LearnOutput.Skipped(
                            app: app, settings: settings,
                            reason:
                                "its traces contradict each other (\(Plural.count(found.count, "pair")) of traces, each named in an error)"
                        ))
                case .failed(let app, let settings, _):
                    skipped.append(
                        LearnOutput.Skipped(
                            app: app, settings: settings, reason: "the policy learnt does not hold on every trace (the errors say where)"))
                }
            }
            let report = LearnOutput(models: models, skipped: skipped, diagnostics: problems + models.flatMap(\.warnings))
            // Problems with the input first; lint's warnings about the learned policy after the result they are about.
            printProblems(problems)
            switch format {
            case .text: printOutput(report.text(), terminator: "")
            case .json: printOutput(report.json().serialized(pretty: true))
            }
            Console.standardError.write(report.lintText(terminal: Console.standardError.terminal))
            if learning.exitStatus != 0 || failedToWrite { throw ExitCode(2) }
        }

        private static func name(_ outcome: PolicyLearning.Outcome) -> String {
            switch outcome {
            case .learned(let model): return LearnWording.modelName(app: model.model.app, settings: model.model.settings)
            case .contradicted(let app, let settings, _), .failed(let app, let settings, _):
                return LearnWording.modelName(app: app, settings: settings)
            }
        }
    }
}
