import ConformCore

extension RunDiff {
    /// The terminal text: the header, then the claims (newly broken, fixed, moved, made and withdrawn),
    /// the traces renamed, added and removed, each app's agreements, unclaimed departures that moved
    /// (counted in one line; listed with `verbose`), and a summary line. Places in compiler form
    /// (`file:line:column`), so that editors can go there. Every line is made of values from the run
    /// documents, so each passes `Escaping.terminal` whole: a value cannot break its line or start a
    /// workflow command.
    public func text(verbose: Bool = false) -> String {
        var out = ""
        writeText(verbose: verbose) { out += $0 }
        return out
    }

    /// `text(verbose:)` in pieces of about a megabyte, for a diff too large to hold twice.
    public func writeText(verbose: Bool = false, _ write: (String) -> Void) {
        var out = header().map { Escaping.terminal($0) + "\n" }.joined()
        func flush(_ force: Bool = false) {
            guard force || out.utf8.count > DiffChunks.size else { return }
            write(out)
            out = ""
        }
        func section<Item>(_ title: String, _ items: [Item], _ lines: (Item) -> [String]) {
            guard !items.isEmpty else { return }
            out += "\n\(title) (\(items.count)):\n"
            for item in items {
                for line in lines(item) { out += Escaping.terminal(line) + "\n" }
                flush()
            }
        }
        section("Claims newly broken", newlyBroken, brokenLines)
        section("Claims fixed", fixed) { [fixedLine($0)] }
        section("Departures moved", moved, moveLines)
        section("Claims made", claimsMade) { ["\($0.trace.file): \($0.trace.trace) now claims '\($0.policy)', which holds"] }
        section("Claims withdrawn", claimsWithdrawn) { [withdrawnLine($0)] }
        section("Traces renamed", renamed) { [renameLine($0)] }
        section("Traces added", added) { ["\($0.file): \($0.trace)" + Self.appNote($0.app)] }
        section("Traces removed", removed) { ["\($0.file): \($0.trace)" + Self.appNote($0.app)] }
        section("Per app", apps) { [appLine($0)] }
        if verbose {
            section("Departures of unclaimed policies moved", unclaimedMoved, moveLines)
        } else if !unclaimedMoved.isEmpty {
            out += "\n" + Escaping.terminal(unclaimedCount() + " \(verboseCommand(format: nil)) lists them.") + "\n"
        }
        out += "\n" + Escaping.terminal(summaryLine()) + "\n"
        flush(true)
    }

    /// What was compared: the two files, their conform versions and times, and the runs' sizes.
    func header() -> [String] {
        var lines = ["conform diff: \(sideText(base)) → \(sideText(head)); \(Plural.count(policies.count, "policy"))"]
        if versionsDiffer, let old = base.version, let new = head.version {
            lines.append(
                "The runs were made by different conform versions (\(old) and \(new)) with the same run document format, 1: compared.")
        }
        for side in [base, head] where !side.digestsRecorded {
            lines.append("\(side.file) does not record its policies' digests: its policies are compared by id only.")
        }
        if filesCompared == .asWritten {
            for side in [base, head] where side.paths == nil {
                lines.append(
                    "\(side.file) does not record the paths its run was given: trace files are compared as written, "
                        + "so the traces of a run made from another folder show as renamed.")
            }
        }
        return lines
    }

    /// The command that lists every unclaimed departure that moved: `conform diff base.json head.json --verbose`.
    func verboseCommand(format: String?) -> String {
        "conform diff \(ShellWord.quoted(base.file)) \(ShellWord.quoted(head.file))" + (format.map { " --format \($0)" } ?? "")
            + " --verbose"
    }

    /// The unclaimed departures that moved, counted: `Departures of unclaimed policies moved (3), in 1
    /// trace, for information only:`, followed by how to list them.
    func unclaimedCount() -> String {
        let traces = Set(unclaimedMoved.map { "\($0.trace.file)\u{0}\($0.trace.trace)" }).count
        return
            "Departures of unclaimed policies moved (\(unclaimedMoved.count)), in \(Plural.count(traces, "trace")), for information only:"
    }

    private func sideText(_ side: Side) -> String {
        var facts = [side.version.map { "conform \($0)" } ?? "conform version not recorded"]
        if let time = side.recordedAt { facts.append(time) }
        facts.append(Plural.count(side.traces, "trace"))
        return "\(side.file) (\(facts.joined(separator: ", ")))"
    }

    /// `Worse: 1 claim newly broken. Also: 2 claims fixed; traces: 1 renamed, 1 added; 1 app agreeing otherwise.`,
    /// `Nothing got worse: 1 claim fixed.`, or that nothing changed: only what makes the exit status 1 follows "Worse".
    public func summaryLine() -> String {
        guard !isEmpty else { return "No change: every trace and claim is as it was." }
        var claims: [String] = []
        if !fixed.isEmpty { claims.append("\(Plural.count(fixed.count, "claim")) fixed") }
        if !moved.isEmpty { claims.append("\(Plural.count(moved.count, "departure")) moved") }
        if !claimsMade.isEmpty { claims.append("\(Plural.count(claimsMade.count, "claim")) made") }
        if !claimsWithdrawn.isEmpty { claims.append("\(Plural.count(claimsWithdrawn.count, "claim")) withdrawn") }
        var traces: [String] = []
        if !renamed.isEmpty { traces.append("\(renamed.count) renamed") }
        if !added.isEmpty { traces.append("\(added.count) added") }
        if !removed.isEmpty { traces.append("\(removed.count) removed") }
        var parts: [String] = []
        if !claims.isEmpty { parts.append(claims.joined(separator: ", ")) }
        if !traces.isEmpty { parts.append("traces: " + traces.joined(separator: ", ")) }
        if !apps.isEmpty { parts.append("\(Plural.count(apps.count, "app")) agreeing otherwise") }
        if !unclaimedMoved.isEmpty { parts.append("\(Plural.count(unclaimedMoved.count, "unclaimed departure")) moved") }
        let rest = parts.joined(separator: "; ")
        guard isWorse else { return "Nothing got worse: \(rest)." }
        let worse = "Worse: \(Plural.count(newlyBroken.count, "claim")) newly broken."
        return parts.isEmpty ? worse : "\(worse) Also: \(rest)."
    }

    // MARK: - Lines

    static func appNote(_ app: String?) -> String { app.map { " (app \($0))" } ?? "" }

    /// `file:line:column`, the file alone when the verdict has no place.
    static func place(_ file: String, _ verdict: Verdict?) -> String {
        guard let verdict, let line = verdict.line else { return file }
        return "\(file):\(line)" + (verdict.column.map { ":\($0)" } ?? "")
    }

    /// What a verdict that is not a pass says: `departs at step 3 (state 'editing'): MESSAGE`.
    static func what(_ verdict: Verdict, policy: String) -> String {
        switch verdict.kind {
        case .fail:
            return
                "departs at step \(verdict.step.map(String.init) ?? "?") (state '\(verdict.state ?? "?")'): \(verdict.difference.headline)"
        case .inapplicable: return "'\(policy)' cannot judge it: \(verdict.message ?? "")"
        case .error: return "could not be evaluated: \(verdict.message ?? "")"
        case .pass: return "holds"
        }
    }

    /// How the claim stood before it broke, in words.
    static func beforeWords(_ state: ClaimState) -> String {
        switch state {
        case .held: return "held in the base run"
        case .baselined: return "baselined in the base run; the baseline no longer accepts it"
        case .unclaimed: return "a new claim"
        case .absent: return "a new trace"
        case .broken: return "broken in the base run"
        }
    }

    private func brokenLines(_ change: ClaimChange) -> [String] {
        guard let head = change.head else { return [] }
        var lines = [
            "\(Self.place(change.trace.file, head)): error: \(change.trace.trace) breaks its claim '\(change.policy)' "
                + "(\(Self.beforeWords(change.before))): \(Self.what(head, policy: change.policy))"
        ]
        if head.kind == .fail { lines += head.difference.lines.map { "    " + $0 } }
        return lines
    }

    private func fixedLine(_ change: ClaimChange) -> String {
        let was = change.base.map { Self.what($0, policy: change.policy) } ?? "broken"
        return "\(change.trace.file): \(change.trace.trace) holds its claim '\(change.policy)' now (in the base run it \(was))"
    }

    private func moveLines(_ move: Move) -> [String] {
        var lines = ["\(Self.place(move.trace.file, move.head)): \(Self.moveWords(move))"]
        for aspect in move.aspects where !Self.departureAspects.contains(aspect) {
            lines.append("    \(aspect.rawValue): \(Self.value(aspect, move.base)) → \(Self.value(aspect, move.head))")
        }
        guard move.aspects.contains(where: Self.departureAspects.contains) else { return lines }
        // What was expected and seen, as each run's departure words it: the parts that differ, not two whole values each.
        for (word, verdict) in [("was", move.base), ("now", move.head)] {
            let difference = verdict.difference
            lines.append("    \(word): \(verdict.kind == .fail ? difference.headline : Self.what(verdict, policy: move.policy))")
            if verdict.kind == .fail { lines += difference.lines.map { "      " + $0 } }
        }
        return lines
    }

    /// The aspects of a move that its `was:` and `now:` lines show rather than one line each.
    static let departureAspects: Set<Aspect> = [.expected, .observed, .message]

    /// What became of a departure, in words that say "elsewhere" only when it departs at another step:
    /// `T departs from 'P' elsewhere now:`, `T still departs from 'P' at step 3, otherwise now:`, or,
    /// for another kind of verdict, `'P' judges T otherwise now:`.
    static func moveWords(_ move: Move) -> String {
        guard move.base.kind == .fail, move.head.kind == .fail else {
            return "'\(move.policy)' judges \(move.trace.trace) otherwise now:"
        }
        guard move.base.step == move.head.step, let step = move.head.step else {
            return "\(move.trace.trace) departs from '\(move.policy)' elsewhere now:"
        }
        return "\(move.trace.trace) still departs from '\(move.policy)' at step \(step), otherwise now:"
    }

    /// One aspect of a verdict, as the outputs show it.
    static func value(_ aspect: Aspect, _ verdict: Verdict) -> String {
        switch aspect {
        case .verdict: return verdict.kind.rawValue
        case .step: return verdict.step.map { "step \($0)" } ?? "none"
        case .state: return verdict.state.map { "'\($0)'" } ?? "none"
        case .expected: return verdict.expected?.serialized() ?? "none"
        case .observed: return verdict.observed?.serialized() ?? "none"
        case .message: return verdict.message ?? "none"
        }
    }

    private func withdrawnLine(_ change: ClaimChange) -> String {
        let was: String
        switch change.before {
        case .held: was = "it held"
        case .baselined: was = "it was broken and baselined"
        default: was = "it was broken"
        }
        return "\(change.trace.file): \(change.trace.trace) no longer claims '\(change.policy)' (\(was) in the base run)"
    }

    private func renameLine(_ rename: Rename) -> String {
        switch rename.kind {
        case .id: return "\(rename.head.file): id \(rename.base.trace) → \(rename.head.trace)"
        case .file: return "\(rename.head.trace): file \(rename.base.file) → \(rename.head.file)"
        }
    }

    private func appLine(_ app: AppChange) -> String {
        var parts: [String] = []
        if !app.nowAgrees.isEmpty {
            parts.append("now agrees with " + app.nowAgrees.map { "\($0.policy) (was: \($0.base.words))" }.joined(separator: ", "))
        }
        if !app.noLongerAgrees.isEmpty {
            parts.append(
                "no longer agrees with " + app.noLongerAgrees.map { "\($0.policy) (now: \($0.head.words))" }.joined(separator: ", "))
        }
        return "\(app.app): " + parts.joined(separator: "; ")
    }
}
