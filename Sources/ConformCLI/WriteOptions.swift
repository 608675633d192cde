import ArgumentParser
import ConformReports

/// `--follow-links` for a command that writes files: whether it writes through a symbolic link at its
/// output that leads outside the output's folder (Docs/Security.md). `conform run` has its own flag,
/// which also follows such links among the traces it reads.
struct WriteOptions: ParsableArguments {
    @Flag(
        help:
            "Write through a symbolic link at the output even where it leads outside the output's folder (by default such a write is refused, exit 2)."
    )
    var followLinks = false

    /// How this command's files are written.
    var rules: AtomicFile.Rules { AtomicFile.Rules(followLinks: followLinks) }
}
