import ConformCore

extension RunDiff {
    /// `conform diff --github`: an `::error` annotation at each claim newly broken, and only those (a fixed
    /// claim or a moved departure is news, not a problem), escaped as the runner parses them; past
    /// GitHub's 10 per step, a notice says how many more.
    public func githubAnnotations() -> [String] {
        let lines = newlyBroken.map { change -> String in
            let what = change.head.map { Self.what($0, policy: change.policy) } ?? "broken"
            return GitHubOutput.command(
                "error", file: change.trace.file, line: change.head?.line, column: change.head?.column,
                title: "conform diff: \(change.trace.trace) breaks its claim '\(change.policy)'",
                message: "\(what) (\(Self.beforeWords(change.before)))"
                    + (change.head.map { $0.kind == .fail ? $0.difference.lines.map { "\n  " + $0 }.joined() : "" } ?? ""))
        }
        return GitHubOutput.limited(lines, "claims newly broken")
    }
}
