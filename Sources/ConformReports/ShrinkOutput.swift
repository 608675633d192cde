import ConformCore

/// What `conform shrink` writes and says: the shrunk trace (canonical YAML through `TraceWriter`, with
/// notes marking every cut where it was made) and a summary of the cuts, faithful ones apart from those
/// that need the trace recorded again.
public struct ShrinkOutput: Sendable {
    public let result: ShrinkResult
    /// Where the shrunk trace is written (`nil`: standard output), to keep `evidence` paths pointing at
    /// their files when it goes to another folder than the original.
    public let destination: String?
    /// The absolute folder relative paths start from.
    public let workingDirectory: String?

    public init(result: ShrinkResult, destination: String?, workingDirectory: String? = nil) {
        self.result = result
        self.destination = destination
        self.workingDirectory = workingDirectory
    }

    /// The most ranges or actions one line of the summary lists.
    static let listed = 12

    // MARK: - The trace

    /// The shrunk trace: id `ID-shrunk`, claiming the policy it fails (so that `conform run` shows the
    /// failure), the kept steps numbered anew, each note saying what was cut before it, and the trace's
    /// note saying where it comes from and whether it must be recorded again.
    public var trace: Trace {
        let original = result.original
        var trace = original
        trace.id = original.id + "-shrunk"
        trace.claims = [Claim(policy: result.policy, position: .start)]
        let byNumber = Dictionary(original.steps.map { ($0.number, $0) }) { first, _ in first }
        var previous = 0
        trace.steps = result.kept.enumerated().compactMap { offset, number in
            guard var step = byNumber[number] else { return nil }
            let before = cutSteps(in: (previous + 1)..<number)
            previous = number
            step.number = offset + 1
            var notes = step.note.map { [$0] } ?? []
            if let note = noteBefore(before) { notes.append(note) }
            if offset == result.kept.count - 1 {
                let after = result.steps(cut: .afterDeparture).filter { $0 > number }
                if !after.isEmpty { notes.append("shrink: the trace departs here; cut after it: \(Self.steps(after))") }
            }
            step.note = notes.isEmpty ? nil : notes.joined(separator: " | ")
            step.evidence = step.evidence.map(rebased)
            return step
        }
        trace.note = ([provenance] + (original.note.map { ["The recording's note: " + $0] } ?? [])).joined(separator: " ")
        return trace
    }

    /// The shrunk trace as a file.
    public func yaml() -> String {
        TraceWriter.yaml(trace)
    }

    private var provenance: String {
        let original = result.original
        var text =
            "Shrunk by `conform shrink --policy \(result.policy)` from \(original.file) "
            + "(\(Plural.count(original.steps.count, "step")) to \(result.kept.count)): it departs from \(result.policy) as the recording does, "
            + "in state '\(result.shape.state)' at \(result.shape.key)."
        if result.needsRerecording {
            text +=
                " NEEDS RE-RECORDING: actions were cut (\(Self.steps(result.steps(cut: .action)))), so no one recorded this sequence;"
                + " record it on a device before relying on it."
        }
        return text
    }

    /// The cuts among `range` (original numbers), by kind.
    private func cutSteps(in range: Range<Int>) -> [ShrinkCut.Kind: [Int]] {
        guard !range.isEmpty else { return [:] }
        var found: [ShrinkCut.Kind: [Int]] = [:]
        for cut in result.cuts where cut.kind != .afterDeparture {
            let inside = cut.steps.filter(range.contains)
            if !inside.isEmpty { found[cut.kind, default: []] += inside }
        }
        return found
    }

    /// `shrink: cut before this step: steps 2-4 (1 observation, 1 undone edit)`, with `RE-RECORD` and the
    /// actions when actions were cut.
    private func noteBefore(_ cut: [ShrinkCut.Kind: [Int]]) -> String? {
        let all = cut.values.flatMap { $0 }.sorted()
        guard !all.isEmpty else { return nil }
        var parts: [String] = []
        if let actions = cut[.action] { parts.append(Plural.noun("action", actions.count) + ": " + actionTexts(actions)) }
        if let seen = cut[.observation] { parts.append(Plural.count(seen.count, "observation")) }
        if let undone = cut[.undoneEdit].map(Set.init) {
            parts.append(Plural.count(result.cuts.filter { $0.kind == .undoneEdit && undone.contains($0.steps[0]) }.count, "undone edit"))
        }
        let head = cut[.action] == nil ? "shrink" : "shrink, RE-RECORD"
        return "\(head): cut before this step: \(Self.steps(all)) (\(parts.joined(separator: "; ")))"
    }

    /// An evidence path relative to the original trace, made relative to the destination's folder.
    private func rebased(_ evidence: String) -> String {
        guard let destination, !evidence.hasPrefix("/") else { return evidence }
        let from = Self.folder(of: destination)
        let original = Self.folder(of: result.original.file)
        guard from != original else { return evidence }
        return RelativePath.path(to: original + "/" + evidence, from: from, workingDirectory: workingDirectory) ?? evidence
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return path[..<slash].isEmpty ? "/" : String(path[..<slash])
    }

    // MARK: - The summary

    /// Why a trace cannot be shrunk: it does not fail the policy.
    public static func refusal(policy: String, verdict: Verdict) -> String {
        switch verdict {
        case .pass, .fail: return "the trace conforms to '\(policy)': there is no failure to shrink"
        case .inapplicable(let reason): return "'\(policy)' cannot judge the trace (\(reason)): there is no failure to shrink"
        case .error(let message, _, _): return "\(message): there is no failure to shrink"
        }
    }

    /// What shrinking did, for a person: how the shrunk trace departs, the faithful cuts, the cuts that
    /// need a re-recording, and where the trace was written (`written`: `nil` when it went to standard
    /// output). Each line passes `Escaping.terminal` whole: paths, states, keys and steps come from the files.
    public func summary(written: String?) -> String {
        let original = result.original
        var lines: [String] = []
        lines.append(
            "Shrunk \(original.file) against '\(result.policy)': \(Plural.count(original.steps.count, "step")) to \(result.kept.count)"
                + (result.cuts.isEmpty ? "; no step could be cut." : "."))
        let difference = result.departure.difference
        lines.append(
            "It departs as the recording does, in state '\(result.shape.state)' at \(result.shape.key): "
                + "step \(result.departure.step) (was \(result.originalDeparture.step)): \(difference.headline)")
        lines += difference.lines.map { "    " + $0 }
        let faithful: [(ShrinkCut.Kind, String)] = [
            (.afterDeparture, "after the departure"), (.observation, "observations"), (.undoneEdit, "undone edits"),
        ]
        let cuts = faithful.compactMap { kind, label -> String? in
            let steps = result.steps(cut: kind)
            guard !steps.isEmpty else { return nil }
            return "  \(label): \(Self.steps(steps))\(kind == .undoneEdit ? undoneCount : "")"
        }
        if !cuts.isEmpty { lines += ["Faithful cuts (the trace still shows only what was recorded):"] + cuts }
        let actions = result.steps(cut: .action)
        if !actions.isEmpty {
            lines.append("Cuts that need a re-recording (no one recorded the shrunk sequence):")
            lines.append("  actions: \(describe(actions))")
            lines.append("Record the shrunk trace again on a device before relying on it; `--faithful-only` makes only faithful cuts.")
        }
        if let written { lines.append("Wrote \(written).") }
        return lines.map { Escaping.terminal($0) + "\n" }.joined()
    }

    /// ` (2 edits and the edits setting them back)`.
    private var undoneCount: String {
        let pairs = result.cuts.filter { $0.kind == .undoneEdit }.count
        return " (\(Plural.count(pairs, "edit")) and " + (pairs == 1 ? "the edit setting it back)" : "the edits setting them back)")
    }

    /// `tap: Cancel, choose: Keep Editing`: the steps in trace syntax, at most `listed` of them.
    private func actionTexts(_ numbers: [Int]) -> String {
        let byNumber = Dictionary(result.original.steps.map { ($0.number, $0) }) { first, _ in first }
        let shown = numbers.prefix(Self.listed).map { byNumber[$0].map(Self.text) ?? "?" }
        return shown.joined(separator: ", ") + (numbers.count > Self.listed ? " and \(numbers.count - Self.listed) more" : "")
    }

    /// A step as the trace writes it: `tap: Cancel`, `edit: { title: Bread }`, `see: { done: enabled }`.
    private static func text(_ step: Step) -> String {
        switch step.kind {
        case .action(let action): return TraceYAML.action(action)
        case .see(let observation): return TraceYAML.observation(observation)
        }
    }

    /// `steps 4 (tap: Cancel), 9 (swipe: down)`, at most `listed` of them.
    private func describe(_ numbers: [Int]) -> String {
        let byNumber = Dictionary(result.original.steps.map { ($0.number, $0) }) { first, _ in first }
        let shown = numbers.prefix(Self.listed).map { number in
            "\(number) (\(byNumber[number].map(Self.text) ?? "?"))"
        }
        let more = numbers.count > Self.listed ? " and \(numbers.count - Self.listed) more" : ""
        return Plural.noun("step", numbers.count) + " " + shown.joined(separator: ", ") + more
    }

    /// `step 3`, `steps 1-3, 5 and 7-9`: runs of consecutive numbers; at most `listed` runs, then how many more.
    static func steps(_ numbers: [Int]) -> String {
        var runs: [(Int, Int)] = []
        for number in numbers.sorted() {
            if let last = runs.last, last.1 + 1 == number { runs[runs.count - 1].1 = number } else { runs.append((number, number)) }
        }
        let words = runs.prefix(listed).map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)-\($0.1)" }
        var text = Plural.noun("step", numbers.count) + " "
        if runs.count > listed {
            let rest = runs.dropFirst(listed).reduce(0) { $0 + $1.1 - $1.0 + 1 }
            return text + words.joined(separator: ", ") + " and " + Plural.count(rest, "more step")
        }
        text += words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
        return text
    }
}
