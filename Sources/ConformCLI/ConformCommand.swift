import ArgumentParser
import ConformCore

/// `conform`: checks UI-behaviour traces against policy models.
struct ConformCommand: ParsableCommand {
    static let version = ConformVersion.current

    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Check recorded UI behaviour (traces) against design-rule models (policies).",
        discussion: """
            A trace (YAML) records what a person did on a screen and what it showed; a policy models what a \
            design rule expects. `conform run` replays every trace against every policy and exits non-zero \
            when a claimed policy is broken.

            Exit status: 0 every claim holds; 1 a claim failed; 2 usage error, no trace found, or a file \
            could not be read.
            """,
        version: version,
        subcommands: [
            Run.self, Merge.self, Diff.self, History.self, Policies.self, Explain.self, Lint.self, Generate.self, Compare.self, Learn.self,
            Record.self, Shrink.self, Init.self,
        ],
        defaultSubcommand: nil
    )
}
