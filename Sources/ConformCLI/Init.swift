import ArgumentParser
import ConformKit
import ConformReports

extension ConformCommand {
    /// `conform init`: a starter project (configuration, one policy to edit, one trace).
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Start a project: a .conform.yaml, a policy of your app to edit, and a trace that conforms to it.",
            discussion: """
                Writes into FOLDER (default: the working directory):

                  .conform.yaml                                   policies: [Policies], traces: [Traces]
                  Policies/my-app-edit-form.yaml                  an edit form with Save and Cancel, commented
                  Traces/my-app-edit-form-cancel-then-save.yaml   a trace that conforms to it

                `conform run` then passes with no options, and `conform lint` is clean. Edit the policy into \
                the rule your app follows (Docs/PolicyFormat.md, Docs/Configuration.md). Nothing is ever \
                overwritten: when one of these files exists (a symbolic link counts, wherever it leads), init \
                names it and writes nothing. Exit status: 0 \
                when the files were written; 2 when one exists or a file cannot be written.
                """)

        @Argument(help: ArgumentHelp("The project's folder (created if needed).", valueName: "FOLDER"), completion: .directory)
        var folder = "."

        func run() throws {
            let existing = ProjectStarter.existing(in: folder)
            guard existing.isEmpty else {
                let names = existing.map { Escaping.terminal($0) }.joined(separator: ", ")
                throw ValidationError(
                    "not written: \(names) already exist\(existing.count == 1 ? "s" : ""); conform init writes nothing over a file")
            }
            let written: [String]
            do {
                written = try ProjectStarter.write(in: folder)
            } catch let diagnostic as Diagnostic {
                printProblems([diagnostic])
                throw ExitCode(2)
            }
            for path in written { printOutput(Escaping.terminal(path)) }
            let check = folder == "." ? "conform run" : "cd \(ShellWord.quoted(folder)) && conform run"
            printError("conform: wrote a starter project; check it with: \(Escaping.terminal(check))")
        }
    }
}
