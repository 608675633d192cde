import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform explain ID`: a policy as a table and a state diagram.
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "explain",
            abstract: "Show a policy: per state, what it shows and where each action leads, with sources; and a state diagram.",
            discussion: """
                By default, plain text to read in a terminal. --format md prints GitHub-flavoured Markdown: the table \
                (state × action → what is shown next, with sources) and a Mermaid state diagram; --mermaid prints only \
                the stateDiagram-v2. Exit status: 0; 2 on an unknown id or a --policies file that does not load.
                """)

        @Argument(help: ArgumentHelp("The policy id (see `conform policies`).", valueName: "ID"), completion: .policyIDs)
        var id: String

        @Option(help: "What to print: text (to read in a terminal) or md (GitHub-flavoured Markdown with a Mermaid diagram).")
        var format: ExplainFormat = .text

        @Flag(help: "Print only the Mermaid stateDiagram-v2.")
        var mermaid = false

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let library = try policyOptions.load().library
            printProblems(library.diagnostics)
            let policy = try library.requirePolicy(id)
            let explanation = PolicyExplanation(policy: policy)
            let console = Console.standardOutput
            switch (mermaid, format) {
            case (true, _): console.write(explanation.mermaid())
            case (false, .md): console.write(explanation.markdown())
            case (false, .text): console.write(explanation.text(terminal: console.terminal))
            }
            // As `run`: a --policies file that does not load is a problem the exit status reports.
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
        }
    }
}

/// What `conform explain` prints.
enum ExplainFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case md
}
