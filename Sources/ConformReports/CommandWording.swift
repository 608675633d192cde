import ConformCore

/// What the commands say about their own work (not about a run's verdicts): lint's summary line, the
/// files a command wrote, an unknown command. The CLI prints these through `Console`.
public enum CommandWording {
    /// `2 trace files, 1 policy file: no problems` (green) or `... : 3 problems` (red), then
    /// `, 2 warnings` (yellow) when there are warnings: "no problems" alone under warnings reads as none.
    public static func lintSummary(
        traceFiles: Int, policyFiles: Int, unreadableFiles: Int = 0, problems: Int, warnings: Int = 0, terminal: Terminal
    ) -> String {
        "\(Plural.count(traceFiles, "trace file")), \(Plural.count(policyFiles, "policy file"))"
            + (unreadableFiles == 0 ? "" : ", \(Plural.count(unreadableFiles, "file")) that could not be read") + ": "
            + (problems == 0 ? terminal.green("no problems") : terminal.red(Plural.count(problems, "problem")))
            + (warnings == 0 ? "" : ", " + terminal.yellow(Plural.count(warnings, "warning")))
    }

    /// `conform: wrote conform-report/report.md, conform-report/report.json`: the report files a run
    /// wrote, in the order of `--report`'s formats (each escaped for the terminal); `nil` when it wrote none.
    public static func reportsWritten(_ paths: [String]) -> String? {
        paths.isEmpty ? nil : "conform: wrote " + paths.map(Escaping.terminal).joined(separator: ", ")
    }

    /// `unknown command 'rnu'; did you mean 'run'?`, or, for a word near no command, the commands there
    /// are; for a path that exists, how to check it.
    public static func unknownCommand(_ word: String, commands: [String], isPath: Bool) -> String {
        // `help` is a command too (`conform help run`), though not one worth listing.
        if let near = Spelling.nearest(to: word, among: commands + ["help"]) {
            return "unknown command '\(word)'; did you mean '\(near)'?"
        }
        if isPath {
            return "unknown command '\(word)'; to check the traces there, run 'conform run \(word)'"
        }
        return "unknown command '\(word)'; the commands are " + commands.joined(separator: ", ")
    }
}
