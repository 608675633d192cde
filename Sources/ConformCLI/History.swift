import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform history DIR --output FILE.html`: how a series of runs' claims fared over time, as one page.
    struct History: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "Write one HTML page showing how the claims of a series of runs fared over time.",
            discussion: """
                Reads every .json file under DIR (recursively; hidden ones skipped) as a run document: the output of \
                `conform run --format json` or `conform merge --format json`, or a JSON report (`--report json`). Runs that \
                record their time (`--recorded-at`) are ordered by it; runs that do not come first, in file name order \
                with numbers by value (run-9 before run-10); the page says which order it used for which files.

                The page is one self-contained HTML file (no script, no network, light and dark): the claims broken in \
                the latest run, each with the run where it first broke, and those that hold again; per app and claimed policy, a chart of whether \
                the claim held in each run; the counts per run (traces, claims that hold and that are broken, input \
                problems). The charts draw the latest 200 runs. The same documents give the same bytes. The page is \
                written whole or not at all.

                Exit status: 0 the page was written; 2 a usage error, no run document under DIR, a file that could not \
                be read or is not a run document this conform reads (not JSON, another format version, one shard's \
                document: each named with its reason; the page is still written from the others when at least one is \
                readable), or the page could not be written.
                """)

        @Argument(help: ArgumentHelp("The folder of run documents.", valueName: "DIR"), completion: .directory)
        var directory: String

        @Option(help: ArgumentHelp("The HTML page to write.", valueName: "FILE.html"), completion: .file(extensions: ["html"]))
        var output: String

        @OptionGroup var writeOptions: WriteOptions

        func run() throws {
            let read = HistoryFolder.read(directory)
            printProblems(read.problems)
            guard !read.runs.isEmpty else { throw ExitCode(2) }
            let history = RunHistory(read.runs)
            let page = HistoryPage(history: history, problems: read.problems, version: ConformCommand.version)
            do {
                try AtomicFile.write(page.html(), to: output, what: "the history page", rules: writeOptions.rules)
            } catch let diagnostic as Diagnostic {
                printProblems([diagnostic])
                throw ExitCode(2)
            }
            printError("conform: wrote \(Escaping.terminal(output)): \(page.summary)")
            if !read.problems.isEmpty { throw ExitCode(2) }
        }
    }
}
