import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

extension ConformCommand {
    /// `conform diff BASE.json HEAD.json`: what a change did to the behaviour two runs recorded.
    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract:
                "Say what changed between two runs: claims newly broken or fixed, departures moved, traces renamed, added or removed.",
            discussion: """
                BASE and HEAD are the JSON documents of two whole runs (`conform run --format json`, the JSON report, \
                or `conform merge` of a sharded run), made with the same policies. Per trace and policy: claims newly \
                broken (a claim that held, a new claim or a new trace's claim that does not hold), claims fixed, \
                departures that moved (another step, state, expected or observed); traces renamed (the same file \
                with a new id, or the same id in a new file), added or removed; and per app the policies it now \
                agrees with, or no longer does. Departures of unclaimed policies that moved are counted in one line \
                (listed with --verbose). Files are compared relative to the paths each run was given, so runs made \
                from two checkouts (or with absolute and relative paths) compare; a document written before conform \
                recorded its paths is compared by files as written (the header says so). Runs of different conform \
                versions compare (the header says so). Docs/Diff.md.

                Exit status: 0 nothing got worse; 1 a claim is newly broken; 2 unusable input (a file that cannot be \
                read, is not a conform run document, is of another format version or is one shard's, or runs made \
                with different policies: which ones).
                """)

        @Argument(
            help: ArgumentHelp("The run before the change (its JSON document).", valueName: "BASE.json"),
            completion: .file(extensions: ["json"]))
        var base: String

        @Argument(
            help: ArgumentHelp("The run after the change (its JSON document).", valueName: "HEAD.json"),
            completion: .file(extensions: ["json"]))
        var head: String

        @Option(help: "What to print: text, md (a pull-request comment, at most 65,536 characters) or json.")
        var format: DiffFormat = .text

        @Flag(help: "GitHub Actions: annotate each claim newly broken, and append the Markdown to $GITHUB_STEP_SUMMARY.")
        var github = false

        @Flag(
            help: "List the departures of unclaimed policies that moved (text and md count them in one line; json always lists them).")
        var verbose = false

        func run() throws {
            // Both files are read, so that every reason either cannot be used is said at once.
            let documents = [base, head].map(RunDocument.read(file:))
            var problems = documents.compactMap { if case .failure(let problem) = $0 { problem } else { nil } }
            guard problems.isEmpty, case .success(let old) = documents[0], case .success(let new) = documents[1] else {
                printProblems(problems)
                throw ExitCode(2)
            }
            let diff: RunDiff
            switch RunDiff.compare(old, file: base, with: new, file: head) {
            case .success(let made): diff = made
            case .failure(let refusal):
                printProblems(refusal.problems)
                throw ExitCode(2)
            }
            switch format {
            // Text and JSON in pieces: the diff of two large runs can be tens of megabytes.
            case .text: diff.writeText(verbose: verbose) { printOutput($0, terminator: "") }
            case .md: printOutput(diff.markdown(verbose: verbose), terminator: "")
            case .json: diff.writeJSON { printOutput($0, terminator: "") }
            }
            var warnings: [Diagnostic] = []
            if github {
                let annotations = diff.githubAnnotations().map { $0 + "\n" }.joined()
                // Annotations go where the data does not: standard error when standard output carries JSON.
                if format == .json {
                    Console.standardError.write(workflowCommands: annotations)
                } else {
                    Console.standardOutput.write(workflowCommands: annotations)
                }
                if let summary = ProcessEnvironment.value("GITHUB_STEP_SUMMARY"), !summary.isEmpty {
                    // A summary that is not a regular file is a warning: the exit status stays the diff's.
                    if let problem = GitHubStepSummary.append(diff.markdown(verbose: verbose) + "\n", to: summary) {
                        if problem.severity == .error { problems.append(problem) } else { warnings.append(problem) }
                    }
                } else {
                    printError("conform: GITHUB_STEP_SUMMARY is not set, so no step summary was written")
                }
            }
            printProblems(warnings + problems)
            throw ExitCode(problems.isEmpty ? diff.exitStatus : 2)
        }
    }
}

/// What `conform diff` prints.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case md
    case json
}
