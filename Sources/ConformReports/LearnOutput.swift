import ConformCore

/// What `conform learn` prints: per model its size and guard, the nearest policies ranked, the differing
/// scenarios of the nearest in `compare`'s words with the traces behind them, and the traces to record
/// next; or one JSON document (Docs/Learning.md).
public struct LearnOutput {
    /// One learned model, as the command hands it over.
    public struct Model {
        /// The model in policy terms.
        public var model: LearnedModel
        /// The learned policy's id.
        public var id: String
        /// The learned policy, as loaded.
        public var policy: Policy
        /// The loaded form policies, nearest first.
        public var nearest: [PolicyDistance]
        /// The traces to record next.
        public var suggestions: [LearningSuggestion]
        /// Where the policy was written (`--output`), if it was.
        public var file: String?
        /// The suggested trace files written (`--suggest`), in the order of `suggestions`.
        public var suggestionFiles: [String]

        /// A learned model as the command hands it over.
        public init(
            model: LearnedModel, id: String, policy: Policy, nearest: [PolicyDistance], suggestions: [LearningSuggestion], file: String?,
            suggestionFiles: [String]
        ) {
            self.model = model
            self.id = id
            self.policy = policy
            self.nearest = nearest
            self.suggestions = suggestions
            self.file = file
            self.suggestionFiles = suggestionFiles
        }
    }

    /// A model not learned (an app of another domain, traces that contradict each other), with the reason.
    public struct Skipped {
        /// The app (`nil` for traces without one).
        public var app: String?
        /// The traces' settings.
        public var settings: [String: Value]
        /// Why it was not learned.
        public var reason: String

        /// A model not learned, with the reason.
        public init(app: String?, settings: [String: Value] = [:], reason: String) {
            self.app = app
            self.settings = settings
            self.reason = reason
        }
    }

    /// The models learned, by app then settings.
    public var models: [Model]
    /// The models not learned.
    public var skipped: [Skipped]
    /// Every located problem and warning, printed on standard error and listed in the JSON.
    public var diagnostics: [Diagnostic]

    /// What `conform learn` prints about these models.
    public init(models: [Model], skipped: [Skipped], diagnostics: [Diagnostic]) {
        self.models = models
        self.skipped = skipped
        self.diagnostics = diagnostics
    }

    /// How many policies the ranking lists in the text.
    static let rankedShown = 5
    /// How many traces a scenario names in the text.
    static let tracesShown = 3

    /// The message when the guard is not decided.
    public static let undeterminedGuard = "guard undetermined: record a trace that reverts an edit"
    /// The message when no trace edits the form.
    public static let noEdit = "guard undetermined: no trace edits the form; record one that edits a field, and one that sets it back"

    // MARK: - Text

    /// The text output: per model its size and guard, the nearest policies, how the nearest differs, what to
    /// record next. Each line passes `Escaping.terminal` whole, so that no value from a trace or policy
    /// (an app's name, a title, a file name) can break it or start a command.
    public func text() -> String {
        var blocks: [[String]] = models.map(lines)
        for skip in skipped {
            blocks.append(["\(LearnWording.modelName(app: skip.app, settings: skip.settings)): not learned: \(skip.reason)"])
        }
        return blocks.map { block in block.map { Escaping.terminal($0) + "\n" }.joined() }.joined(separator: "\n")
    }

    private func lines(_ entry: Model) -> [String] {
        let model = entry.model
        var out = [
            "\(LearnWording.modelName(app: model.app, settings: model.settings)): learned '\(entry.id)' from "
                + "\(Plural.count(model.traces.count, "trace")): \(Plural.count(model.states.count, "state")), "
                + "\(Plural.count(model.transitionCount, "transition")); guard: \(model.editGuard.rawValue)"
        ]
        if !model.guardDetermined { out.append("  \(model.editsSeen ? Self.undeterminedGuard : Self.noEdit)") }
        guard let nearest = entry.nearest.first else { return out + ["  No form policy is loaded to compare it with."] }
        out.append("  Nearest policies (fewest conflicts, then fewest gaps, then the most of their transitions taken):")
        let claimed = Set(model.traces.flatMap { $0.claims.map(\.policy) })
        let width = entry.nearest.prefix(Self.rankedShown).map(\.policy.id.count).max() ?? 0
        for (rank, distance) in entry.nearest.prefix(Self.rankedShown).enumerated() {
            var line = "    \(rank + 1). " + distance.policy.id.padding(toLength: width, withPad: " ", startingAt: 0)
            line += "  \(Plural.count(distance.conflicts.count, "conflict")), \(Plural.count(distance.gaps.count, "gap"))"
            line += "; the traces take \(distance.taken) of its \(Plural.count(distance.transitions, "transition"))"
            if claimed.contains(distance.policy.id) { line += " (claimed)" }
            if !distance.complete { line += " (search limit reached)" }
            out.append(line)
        }
        if entry.nearest.count > Self.rankedShown {
            out.append("    ... and \(Plural.count(entry.nearest.count - Self.rankedShown, "more policy"))")
        }
        for distance in entry.nearest where claimed.contains(distance.policy.id) && !distance.conflicts.isEmpty {
            out.append(
                "  The traces claim \(distance.policy.id), which the model learnt from them conflicts with "
                    + "(\(Plural.count(distance.conflicts.count, "scenario"))): traces of two behaviours may be mixed, or the claim is broken."
            )
        }
        if entry.nearest.count > 1, entry.nearest[1].conflicts.count == nearest.conflicts.count,
            entry.nearest[1].gaps.count == nearest.gaps.count,
            entry.nearest[1].taken * nearest.transitions == nearest.taken * entry.nearest[1].transitions
        {
            out.append(
                "  \(nearest.policy.id) and \(entry.nearest[1].policy.id) are as near: the traces do not tell them apart"
                    + (claimed.contains(nearest.policy.id) ? " (the traces claim \(nearest.policy.id)); " : "; ")
                    + "the traces to record next do.")
        }
        out += differences(entry, nearest)
        out += suggestions(entry)
        if let file = entry.file { out.append("  Wrote \(file).") }
        return out
    }

    private func differences(_ entry: Model, _ nearest: PolicyDistance) -> [String] {
        // The differences are with the model under the other guard when the policy is nearer to it.
        let viaAlternative = nearest.learned.id != entry.id
        let model = viaAlternative ? entry.model.alternatives.first ?? entry.model : entry.model
        let learned = ScenarioWording(policy: nearest.learned, form: nearest.form)
        let other = ScenarioWording(policy: nearest.policy, form: nearest.form)
        let id = entry.id
        let them = nearest.policy.id
        let guardNote = viaAlternative ? " (with the \(model.editGuard.rawValue) guard, which fits the traces as well)" : ""
        guard !nearest.conflicts.isEmpty || !nearest.gaps.isEmpty else {
            return [
                "  \(them): no conflict and no gap\(guardNote): no scenario of the model fails it, and it allows nothing the traces do not show."
            ]
        }
        var out = ["  How \(them) differs\(guardNote):"]
        let width = max(id.count, them.count) + 1
        func line(_ name: String, _ words: String) -> String {
            "       " + (name + ":").padding(toLength: width, withPad: " ", startingAt: 0) + " " + words
        }
        for (number, conflict) in nearest.conflicts.enumerated() {
            out.append("    Conflict \(number + 1). " + actions(conflict, learned))
            switch conflict.kind {
            case .shows:
                out.append(line(id, learned.observation(conflict.aShows)))
                out.append(line(them, other.observation(conflict.bShows)))
            default:
                out.append(line(id, "allows it; then " + learned.observation(conflict.aShows)))
                out.append(line(them, "does not allow the last action (\(conflict.reason))"))
            }
            out.append("       traces behind it: " + traceList(tracesBehind(conflict, in: model)))
        }
        for (number, gap) in nearest.gaps.enumerated() {
            out.append("    Gap \(number + 1). " + actions(gap, other))
            out.append(line(them, "allows it; then " + other.observation(gap.aShows)))
            out.append(line(id, "no trace shows it"))
            out.append("       traces that reach it: " + traceList(tracesIn(gap.stateB, of: model)))
        }
        return out
    }

    private func actions(_ difference: Difference, _ wording: ScenarioWording) -> String {
        let steps = difference.actions.map(wording.action)
        return steps.isEmpty ? "When the screen opens" : steps.joined(separator: " → ")
    }

    private func traceList(_ traces: [Trace]) -> String {
        guard !traces.isEmpty else { return "none" }
        let names = traces.prefix(Self.tracesShown).map(\.file)
        let rest = traces.count - names.count
        return names.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : "")
    }

    /// The traces that show the learned side of a conflict: those taking its last transition, or those
    /// through the state where it shows.
    private func tracesBehind(_ conflict: Difference, in model: LearnedModel) -> [Trace] {
        if let last = conflict.scenario.steps.last?.transition,
            let state = model.states.first(where: { $0.name == last.state }),
            let transition = state.transitions.first(where: { $0.pattern == last.pattern }), last.branch < transition.branches.count
        {
            return transition.branches[last.branch].traces.map { model.traces[$0] }
        }
        return tracesIn(conflict.stateA, of: model)
    }

    private func tracesIn(_ stateName: String, of model: LearnedModel) -> [Trace] {
        (model.states.first { $0.name == stateName }?.traces ?? []).map { model.traces[$0] }
    }

    private func suggestions(_ entry: Model) -> [String] {
        guard !entry.suggestions.isEmpty else { return [] }
        var out = [
            "  Record next (\(Plural.count(entry.suggestions.count, "trace"))"
                + (entry.suggestionFiles.isEmpty ? "; --suggest DIR writes them):" : ", written):")
        ]
        for (number, suggestion) in entry.suggestions.enumerated() {
            let wording = ScenarioWording(
                policy: entry.nearest.first { $0.policy.id == suggestion.policy }?.policy ?? entry.policy, form: suggestion.form)
            var line = "    \(number + 1). " + actions(suggestion.difference, wording) + ": "
            switch suggestion.kind {
            case .decidesGuard:
                line +=
                    "decides the guard (\(entry.model.editGuard.rawValue) or \(entry.model.alternatives.first?.editGuard.rawValue ?? "another"))"
            case .tellsApart: line += "tells \(suggestion.policy) from \(suggestion.versus)"
            case .gap: line += "\(suggestion.policy) allows it, no trace shows it"
            }
            if number < entry.suggestionFiles.count { line += " (\(entry.suggestionFiles[number]))" }
            out.append(line)
        }
        return out
    }

    // MARK: - JSON

    /// The JSON document (Docs/Learning.md, schemas/conform-learn.schema.json).
    public func json() -> JSONValue {
        .object([
            ("conform", .number(1)),
            ("models", .array(models.map(json))),
            (
                "skipped",
                .array(
                    skipped.map {
                        .object([
                            ("app", $0.app.map(JSONValue.string) ?? .null), ("settings", Self.json($0.settings)),
                            ("reason", .string($0.reason)),
                        ])
                    })
            ),
            ("errors", .array(diagnostics.filter { $0.severity == .error }.map(\.json))),
            ("warnings", .array(diagnostics.filter { $0.severity == .warning }.map(\.json))),
        ])
    }

    private func json(_ entry: Model) -> JSONValue {
        let model = entry.model
        let suggestions = entry.suggestions.enumerated().map { number, suggestion -> JSONValue in
            .object([
                ("kind", .string(suggestion.kind.rawValue)), ("policy", .string(suggestion.policy)), ("versus", .string(suggestion.versus)),
                ("actions", .array(suggestion.difference.actions.map(\.json))),
                ("file", number < entry.suggestionFiles.count ? .string(entry.suggestionFiles[number]) : .null),
            ])
        }
        return .object([
            ("app", model.app.map(JSONValue.string) ?? .null),
            ("settings", Self.json(model.settings)),
            ("policy", .string(entry.id)),
            ("file", entry.file.map(JSONValue.string) ?? .null),
            ("states", .number(Double(model.states.count))),
            ("transitions", .number(Double(model.transitionCount))),
            ("traces", .number(Double(model.traces.count))),
            ("guard", .string(model.editGuard.rawValue)),
            ("guardDetermined", .bool(model.guardDetermined)),
            (
                "nearest",
                .array(
                    entry.nearest.map {
                        .object([
                            ("policy", .string($0.policy.id)), ("conflicts", .number(Double($0.conflicts.count))),
                            ("gaps", .number(Double($0.gaps.count))), ("transitionsTaken", .number(Double($0.taken))),
                            ("transitions", .number(Double($0.transitions))),
                        ])
                    })
            ),
            ("suggest", .array(suggestions)),
        ])
    }

    private static func json(_ settings: [String: Value]) -> JSONValue {
        .object(settings.keys.sorted().map { ($0, settings[$0]?.json ?? .null) })
    }

    /// A suggested trace file: the scenario with what `suggestion.policy` predicts, claiming it, with the
    /// model's app and settings, so that once recorded it joins the model's traces.
    /// - Parameter policy: the policy whose predictions it records (`suggestion.policy`), for its buttons' labels.
    public static func suggestionTrace(
        _ suggestion: LearningSuggestion, number: Int, count: Int, id: String, model: LearnedModel, policy: Policy
    ) -> (name: String, text: String) {
        let name = "\(id)-next-\(String(number + 1).leftPadded(to: max(2, String(count).count)))"
        let wording = ScenarioWording(policy: policy, form: suggestion.form)
        let words = suggestion.difference.actions.map(wording.action).joined(separator: " → ")
        let why: String
        switch suggestion.kind {
        case .decidesGuard: why = "decides whether the form compares values or keeps a sticky edited flag"
        case .tellsApart: why = "tells \(suggestion.policy) from \(suggestion.versus)"
        case .gap: why = "\(suggestion.policy) allows it and no trace shows it yet"
        }
        let text = TraceYAML.trace(
            id: name, title: "Record next: " + (words.isEmpty ? "the form opening" : words), claims: [suggestion.policy],
            note:
                "\(suggestionMarker(id)) (\(why)): the observations are what \(suggestion.policy) predicts. Record it on a device, write what the screen shows, and learn again.",
            form: suggestion.form, scenario: suggestion.difference.scenario, app: model.app, settings: model.settings)
        return (name + ".yaml", text)
    }

    /// What every suggested trace's note says about where it comes from.
    public static func suggestionMarker(_ id: String) -> String { "Suggested by `conform learn` for \(id)" }
}
