import ConformCore

extension RunDiff {
    /// At most this many bytes of Markdown (GitHub's limit for a comment is 65,536 characters; counting
    /// bytes keeps within it whatever GitHub counts).
    public static let markdownLimit = 65_536

    /// `conform diff --format md`: a pull-request comment (and the step summary), within `markdownLimit`.
    /// Claims newly broken come first; past the limit, rows are left out from the last sections up, and
    /// a note says how many and where the whole diff is (`--format json`).
    public func markdown() -> String {
        let sections = markdownSections()
        let title = markdownTitle()
        let total = sections.reduce(0) { $0 + $1.rows.count }
        // Room for the title, every section's heading and table head, and the notes.
        let fixed = title.utf8.count + sections.reduce(0) { $0 + $1.head.utf8.count + 80 } + 600
        var budget = Self.markdownLimit - fixed
        var shown = 0
        var out = title
        var body = ""
        var omitted = 0
        for section in sections {
            body += section.head
            var kept = 0
            for row in section.rows {
                let size = row.utf8.count + 1
                guard budget >= size else { break }
                budget -= size
                body += row + "\n"
                kept += 1
            }
            shown += kept
            if kept < section.rows.count {
                omitted += section.rows.count - kept
                body += "\n_… and \(section.rows.count - kept) more, not shown here._\n"
            }
        }
        if omitted > 0 {
            out +=
                "\n> **Shortened:** \(omitted) of \(total) changes are not shown, to stay within GitHub's \(Self.markdownLimit) characters. "
                + "The whole diff: \(Self.codeSpan("conform diff \(base.file) \(head.file) --format json")).\n"
        }
        return out + body
    }

    private func markdownTitle() -> String {
        let status: String
        if isWorse {
            status = "❌ \(Plural.count(newlyBroken.count, "claim")) newly broken"
        } else if isEmpty {
            status = "no change"
        } else {
            status = "✅ nothing got worse"
        }
        var out = "## conform diff: \(status)\n\n"
        out += "Base \(Self.sideMarkdown(base)) → head \(Self.sideMarkdown(head)); \(Plural.count(policies.count, "policy")).\n"
        for line in header().dropFirst() { out += "\n> " + Escaping.markdown(line) + "\n" }
        out += "\n" + Escaping.markdown(summaryLine()) + "\n"
        return out
    }

    private static func sideMarkdown(_ side: Side) -> String {
        var facts = [side.version.map { "conform \(Escaping.markdown($0))" } ?? "conform version not recorded"]
        if let time = side.recordedAt { facts.append(Escaping.markdown(time)) }
        facts.append(Plural.count(side.traces, "trace"))
        return "**\(Escaping.markdown(side.file))** (\(facts.joined(separator: ", ")))"
    }

    /// Text as a code span; a backtick or line break in it (which would end the span) becomes a space.
    static func codeSpan(_ text: String) -> String {
        let clean = String(text.map { $0.isNewline || $0 == "`" ? " " : $0 })
        return "`" + clean + "`"
    }

    private struct Section {
        var head: String
        var rows: [String]
    }

    private func markdownSections() -> [Section] {
        func table(_ title: String, _ columns: [String], _ rows: [[String]]) -> Section? {
            guard !rows.isEmpty else { return nil }
            let head =
                "\n### \(title) (\(rows.count))\n\n| \(columns.joined(separator: " | ")) |\n|\(columns.map { _ in "---" }.joined(separator: "|"))|\n"
            return Section(head: head, rows: rows.map { "| " + $0.joined(separator: " | ") + " |" })
        }
        let m = Escaping.markdown
        func place(_ trace: TraceRef, _ verdict: Verdict?) -> String { m(Self.place(trace.file, verdict)) }
        func moved(_ move: Move) -> String {
            move.aspects.map { m("\($0.rawValue): \(Self.value($0, move.base)) → \(Self.value($0, move.head))") }.joined(separator: "<br>")
        }
        let sections: [Section?] = [
            table(
                "❌ Claims newly broken", ["Trace", "Policy", "Where", "Before", "Now"],
                newlyBroken.map { change in
                    [
                        m(change.trace.trace), m(change.policy), place(change.trace, change.head), m(Self.beforeWords(change.before)),
                        change.head.map { m(Self.what($0, policy: change.policy)) } ?? "",
                    ]
                }),
            table(
                "✅ Claims fixed", ["Trace", "Policy", "File", "Before"],
                fixed.map { change in
                    [
                        m(change.trace.trace), m(change.policy), m(change.trace.file),
                        change.base.map { m(Self.what($0, policy: change.policy)) } ?? "",
                    ]
                }),
            table(
                "↪️ Departures moved", ["Trace", "Policy", "Where", "What moved"],
                self.moved.map { [m($0.trace.trace), m($0.policy), place($0.trace, $0.head), moved($0)] }),
            table(
                "Claims made or withdrawn", ["Trace", "Policy", "File", "Change"],
                claimsMade.map { [m($0.trace.trace), m($0.policy), m($0.trace.file), "claimed now, holds"] }
                    + claimsWithdrawn.map {
                        [m($0.trace.trace), m($0.policy), m($0.trace.file), "no longer claimed (was \($0.before.rawValue))"]
                    }),
            table(
                "Traces renamed, added or removed", ["Trace", "File", "Change"],
                renamed.map { rename in
                    switch rename.kind {
                    case .id: return [m(rename.head.trace), m(rename.head.file), "renamed from " + m(rename.base.trace)]
                    case .file: return [m(rename.head.trace), m(rename.head.file), "moved from " + m(rename.base.file)]
                    }
                } + added.map { [m($0.trace), m($0.file), "added"] } + removed.map { [m($0.trace), m($0.file), "removed"] }),
            table(
                "Per app", ["App", "Now agrees with", "No longer agrees with"],
                apps.map { app in
                    [
                        m(app.app), app.nowAgrees.map { m("\($0.policy) (was: \($0.base.words))") }.joined(separator: "<br>"),
                        app.noLongerAgrees.map { m("\($0.policy) (now: \($0.head.words))") }.joined(separator: "<br>"),
                    ]
                }),
            table(
                "Departures of unclaimed policies moved", ["Trace", "Policy", "Where", "What moved"],
                unclaimedMoved.map { [m($0.trace.trace), m($0.policy), place($0.trace, $0.head), moved($0)] }),
        ]
        return sections.compactMap { $0 }
    }
}
