import ArgumentParser
import ConformCore
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform explain ID`: a policy as a table and a state diagram.
    struct Explain: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show a policy as a table (state × action → what is shown next, with sources) and a Mermaid state diagram.",
            discussion: """
                The output is GitHub-flavoured Markdown; --mermaid prints only the stateDiagram-v2. Exit status: 0; 2 on an \
                unknown id or a --policies file that does not load.
                """)

        @Argument(help: ArgumentHelp("The policy id (see `conform policies`).", valueName: "ID"))
        var id: String

        @Flag(help: "Print only the Mermaid stateDiagram-v2.")
        var mermaid = false

        @OptionGroup var policyOptions: PolicyOptions

        func run() throws {
            let library = policyOptions.library()
            printProblems(library.diagnostics)
            let policy = try library.requirePolicy(id)
            let explanation = PolicyExplanation(policy: policy)
            // Titles, sources and labels come from policy files: nothing in them acts on the terminal.
            print(Terminal.printableLines(mermaid ? explanation.mermaid() : explanation.markdown()), terminator: "")
            // As `run`: a --policies file that does not load is a problem the exit status reports.
            if !library.diagnostics.isEmpty { throw ExitCode(2) }
        }
    }
}
