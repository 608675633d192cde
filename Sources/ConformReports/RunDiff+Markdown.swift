import ConformCore

extension RunDiff {
    /// At most this many bytes of Markdown (GitHub's limit for a comment is 65,536 characters; counting
    /// bytes keeps within it whatever GitHub counts).
    public static let markdownLimit = 65_536

    /// `conform diff --format md`: a pull-request comment (and the step summary), within `markdownLimit`.
    /// Claims newly broken come first; past the limit, rows are left out from the last sections up, and
    /// a note says how many and where the whole diff is (`--format json`). Unclaimed departures that
    /// moved are counted in one line, listed only when `verbose`: they are news, not the change's effect.
    public func markdown(verbose: Bool = false) -> String {
        let sections = markdownSections(verbose: verbose)
        let title = markdownTitle()
        let total = sections.reduce(0) { $0 + $1.count }
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
            // Rows are made only while they fit: a diff of 10,000 traces may have 100,000 of them.
            while kept < section.count, budget > 0 {
                let row = section.row(kept)
                let size = row.utf8.count + 1
                guard budget >= size else { break }
                budget -= size
                body += row + "\n"
                kept += 1
            }
            shown += kept
            if kept < section.count {
                omitted += section.count - kept
                body += "\n_… and \(section.count - kept) more, not shown here._\n"
            }
        }
        if omitted > 0 {
            out +=
                "\n> **Shortened:** \(omitted) of \(total) changes are not shown, to stay within GitHub's \(Self.markdownLimit) characters. "
                + "The whole diff: \(Escaping.markdownCode("conform diff \(base.file) \(head.file) --format json")).\n"
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

    private struct Section {
        var head: String
        var count: Int
        /// The row at a position, made when it is shown.
        var row: (Int) -> String
    }

    private func markdownSections(verbose: Bool) -> [Section] {
        func table(_ title: String, _ columns: [String], _ count: Int, _ cells: @escaping (Int) -> [String]) -> Section? {
            guard count > 0 else { return nil }
            let head =
                "\n### \(title) (\(count))\n\n| \(columns.joined(separator: " | ")) |\n|\(columns.map { _ in "---" }.joined(separator: "|"))|\n"
            return Section(head: head, count: count) { "| " + cells($0).joined(separator: " | ") + " |" }
        }
        let m = Escaping.markdown
        func place(_ trace: TraceRef, _ verdict: Verdict?) -> String { m(Self.place(trace.file, verdict)) }
        /// A departure's headline and each part that differs, a line each in the cell.
        func departure(_ verdict: Verdict) -> String {
            let difference = verdict.difference
            return ([m(difference.headline)] + difference.differences.map { m($0.sentence) }).joined(separator: "<br>")
        }
        func moved(_ move: Move) -> String {
            var lines = move.aspects.filter { !Self.departureAspects.contains($0) }.map {
                m("\($0.rawValue): \(Self.value($0, move.base)) → \(Self.value($0, move.head))")
            }
            if move.aspects.contains(where: Self.departureAspects.contains) {
                for (word, verdict) in [("was", move.base), ("now", move.head)] {
                    lines.append("\(word): " + (verdict.kind == .fail ? departure(verdict) : m(Self.what(verdict, policy: move.policy))))
                }
            }
            return lines.joined(separator: "<br>")
        }
        let (newlyBroken, fixed, movedClaims, made, withdrawn) = (self.newlyBroken, self.fixed, self.moved, claimsMade, claimsWithdrawn)
        let (renamed, added, removed, apps, unclaimed) = (self.renamed, self.added, self.removed, self.apps, unclaimedMoved)
        let sections: [Section?] = [
            table("❌ Claims newly broken", ["Trace", "Policy", "Where", "Before", "Now"], newlyBroken.count) {
                let change = newlyBroken[$0]
                return [
                    m(change.trace.trace), m(change.policy), place(change.trace, change.head), m(Self.beforeWords(change.before)),
                    change.head.map { head in
                        m(Self.what(head, policy: change.policy))
                            + (head.kind == .fail ? head.difference.differences.map { "<br>" + m($0.sentence) }.joined() : "")
                    } ?? "",
                ]
            },
            table("✅ Claims fixed", ["Trace", "Policy", "File", "Before"], fixed.count) {
                let change = fixed[$0]
                return [
                    m(change.trace.trace), m(change.policy), m(change.trace.file),
                    change.base.map { m(Self.what($0, policy: change.policy)) } ?? "",
                ]
            },
            table("↪️ Departures moved", ["Trace", "Policy", "Where", "What changed"], movedClaims.count) {
                let move = movedClaims[$0]
                return [m(move.trace.trace), m(move.policy), place(move.trace, move.head), moved(move)]
            },
            table("Claims made or withdrawn", ["Trace", "Policy", "File", "Change"], made.count + withdrawn.count) {
                let change = $0 < made.count ? made[$0] : withdrawn[$0 - made.count]
                let what = $0 < made.count ? "claimed now, holds" : "no longer claimed (was \(change.before.rawValue))"
                return [m(change.trace.trace), m(change.policy), m(change.trace.file), what]
            },
            table("Traces renamed, added or removed", ["Trace", "File", "Change"], renamed.count + added.count + removed.count) {
                if $0 < renamed.count {
                    let rename = renamed[$0]
                    switch rename.kind {
                    case .id: return [m(rename.head.trace), m(rename.head.file), "renamed from " + m(rename.base.trace)]
                    case .file: return [m(rename.head.trace), m(rename.head.file), "moved from " + m(rename.base.file)]
                    }
                }
                let index = $0 - renamed.count
                let (trace, word) = index < added.count ? (added[index], "added") : (removed[index - added.count], "removed")
                return [m(trace.trace), m(trace.file), word]
            },
            table("Per app", ["App", "Now agrees with", "No longer agrees with"], apps.count) {
                let app = apps[$0]
                return [
                    m(app.app), app.nowAgrees.map { m("\($0.policy) (was: \($0.base.words))") }.joined(separator: "<br>"),
                    app.noLongerAgrees.map { m("\($0.policy) (now: \($0.head.words))") }.joined(separator: "<br>"),
                ]
            },
            verbose
                ? table("Departures of unclaimed policies moved", ["Trace", "Policy", "Where", "What changed"], unclaimed.count) {
                    let move = unclaimed[$0]
                    return [m(move.trace.trace), m(move.policy), place(move.trace, move.head), moved(move)]
                } : nil,
        ]
        var shown = sections.compactMap { $0 }
        if !verbose, !unclaimed.isEmpty {
            // One line, no table: in a pull-request comment they would bury what the change did.
            let command = Escaping.markdownCode(verboseCommand(format: "md"))
            shown.append(Section(head: "\n" + Escaping.markdown(unclaimedCount()) + " " + command + " lists them.\n", count: 0) { _ in "" })
        }
        return shown
    }
}
