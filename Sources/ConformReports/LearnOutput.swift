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
        /// Lint's warnings about the learned policy, located in the file written (or as `--output` would write it).
        public var warnings: [Diagnostic]

        /// A learned model as the command hands it over.
        public init(
            model: LearnedModel, id: String, policy: Policy, nearest: [PolicyDistance], suggestions: [LearningSuggestion], file: String?,
            suggestionFiles: [String], warnings: [Diagnostic] = []
        ) {
            self.warnings = warnings
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

    /// Lint's warnings about the learned policies, printed after the text (on standard error): under a line
    /// naming the policy and where it was written, each with its line and column in the file as written (or as
    /// `--output` would write it). Escaped for the terminal.
    public func lintText(terminal: Terminal = Terminal(colours: false)) -> String {
        let printer = DiagnosticPrinter(terminal: terminal)
        var out = ""
        for entry in models where !entry.warnings.isEmpty {
            let count = Plural.count(entry.warnings.count, "warning")
            if let file = entry.file {
                out += Escaping.terminal("Lint: \(count) about the learned policy '\(entry.id)', written to \(file):") + "\n"
                out += entry.warnings.map(printer.text).joined()
            } else {
                out +=
                    Escaping.terminal(
                        "Lint: \(count) about the learned policy '\(entry.id)' (not written; the lines are those of the file --output writes):"
                    )
                    + "\n"
                out += entry.warnings.map { warning in
                    let position = warning.location.position.map { "line \($0.line), column \($0.column)" } ?? "the policy"
                    return printer.line("  " + position, .warning, warning.message)
                }.joined()
            }
        }
        return out
    }

    private func lines(_ entry: Model) -> [String] {
        let model = entry.model
        var out = [
            "\(LearnWording.modelName(app: model.app, settings: model.settings)): learned '\(entry.id)' from "
                + "\(Plural.count(model.traces.count, "trace")): \(Plural.count(model.states.count, "state")), "
                + "\(Plural.count(model.transitionCount, "transition"))",
            "  " + (model.editGuard == .none ? "No guard" : "Guard \(LearnWording.guardName(model.editGuard))") + ": "
                + LearnWording.guardMeaning(model.editGuard) + ".",
        ]
        let guardExample = entry.suggestions.first { $0.kind == .decidesGuard }.map { suggestion in
            LearnWording.scenario(suggestion.difference, policy: entry.policy, form: suggestion.form)
        }
        if let question = LearnWording.guardUndetermined(model, example: guardExample) { out.append("  " + question) }
        if !entry.warnings.isEmpty {
            out.append(
                "  Lint has \(Plural.count(entry.warnings.count, "warning")) about the learned policy (listed after this, on standard error); "
                    + "it loads and holds on every trace all the same.")
        }
        guard let nearest = entry.nearest.first else { return out + ["  No form policy is loaded to compare it with."] }
        out.append(
            "  Nearest policies, ranked by conflicts (scenarios in which the learned policy expects what the policy does not allow), "
                + "then gaps (what the policy allows and no trace shows), then the share of the policy's transitions the traces take:")
        let claimed = Set(model.traces.flatMap { $0.claims.map(\.policy) })
        let shown = entry.nearest.prefix(Self.rankedShown)
        let width = shown.map(\.policy.id.count).max() ?? 0
        for (rank, distance) in shown.enumerated() {
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
        if let limited = shown.first(where: { !$0.complete }) {
            out.append(
                "  (search limit reached): comparing the learned policy with that policy stopped at the search's limit "
                    + "(\(limited.limits.actions) actions after the form opens, or \(Self.grouped(limited.limits.pairs)) pairs of states, as conform compare does), "
                    + "so its conflicts and gaps are those found within the limit: there may be more, and it may rank nearer than it is. "
                    + "The learned policy is not affected. The limit is fixed; no option changes it.")
        }
        for distance in entry.nearest where claimed.contains(distance.policy.id) && !distance.conflicts.isEmpty {
            out.append("  " + claimNote(distance, model: model, isNearest: distance.policy.id == nearest.policy.id))
        }
        if let (rank, distance) = entry.nearest.enumerated().first(where: { claimed.contains($0.element.policy.id) }), rank > 0,
            distance.conflicts.isEmpty, !claimed.contains(nearest.policy.id)
        {
            out.append(
                "  The traces claim \(distance.policy.id), ranked \(rank + 1): no conflict, so it fits them too; "
                    + "\(nearest.policy.id) ranks first on fewer gaps or a larger share of its transitions taken, not on what the traces show."
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

    /// What a conflict with a claimed policy means, by what the checker says of the traces that claim it:
    /// a claim is broken only when one of them departs from it; otherwise the learned policy generalised
    /// beyond the traces (or learnt from traces of another behaviour too).
    private func claimNote(_ distance: PolicyDistance, model: LearnedModel, isNearest: Bool) -> String {
        let id = distance.policy.id
        let claimants = model.traces.filter { $0.claims.contains { $0.policy == id } }
        let departing = claimants.filter { Checker.check($0, against: distance.policy).verdict.kind == .fail }
        let scenarios = Plural.count(distance.conflicts.count, "scenario") + (isNearest ? " (below)" : "")
        if !departing.isEmpty {
            let who =
                claimants.count == 1
                ? "The one trace claiming \(id) departs from it"
                : "\(departing.count) of the \(claimants.count) traces claiming \(id) \(departing.count == 1 ? "departs" : "depart") from it"
            return "\(who) (\(traceList(departing))): \(departing.count == 1 ? "that claim is" : "those claims are") broken "
                + "(conform run says where). The learned policy holds on every trace and conflicts with \(id) in \(scenarios)."
        }
        let others = model.traces.count - claimants.count
        let every =
            claimants.count == 1
            ? "The one trace claiming \(id) holds on it" : "Each of the \(claimants.count) traces claiming \(id) holds on it"
        var note = "\(every): no claim is broken. The learned policy still conflicts with \(id) in \(scenarios): "
        if others > 0 {
            note +=
                "it was also learnt from \(Plural.count(others, "trace")) that \(others == 1 ? "does" : "do") not claim \(id), and it generalises beyond what the traces show, "
        } else {
            note += "there it generalises beyond what the traces show, "
        }
        return note + "predicting what no trace claiming \(id) saw. Recording the scenario shows which is right."
    }

    private func differences(_ entry: Model, _ nearest: PolicyDistance) -> [String] {
        // The differences are with the model under the other guard when the policy is nearer to it.
        let viaAlternative = nearest.learned.id != entry.id
        let model = viaAlternative ? entry.model.alternatives.first ?? entry.model : entry.model
        let learned = ScenarioWording(policy: nearest.learned, form: nearest.form)
        let other = ScenarioWording(policy: nearest.policy, form: nearest.form)
        let them = nearest.policy.id
        let guardNote =
            viaAlternative
            ? " (the learned policy taken with \(LearnWording.guardName(model.editGuard)), which fits the traces as well)" : ""
        guard !nearest.conflicts.isEmpty || !nearest.gaps.isEmpty else {
            let within = nearest.complete ? "" : " within the search limit"
            return [
                "  \(them) behaves as the learned policy\(guardNote) in every scenario compared\(within): no conflict, no gap."
            ]
        }
        var out = ["  How \(them) differs from the learned policy\(guardNote):"]
        let us = "learned policy"
        let width = max(us.count, them.count) + 1
        func line(_ name: String, _ words: String) -> String {
            "       " + (name + ":").padding(toLength: width, withPad: " ", startingAt: 0) + " " + words
        }
        for (number, conflict) in nearest.conflicts.enumerated() {
            out.append("    Conflict \(number + 1). " + LearnWording.scenario(conflict, policy: nearest.learned, form: nearest.form))
            switch conflict.kind {
            case .shows:
                out.append(line(us, learned.observation(conflict.aShows)))
                out.append(line(them, other.observation(conflict.bShows)))
            default:
                out.append(line(us, "allows it; then " + learned.observation(conflict.aShows)))
                out.append(line(them, "does not allow the last action (\(conflict.reason))"))
            }
            out.append("       learnt from: " + traceList(tracesBehind(conflict, in: model)))
        }
        for (number, gap) in nearest.gaps.enumerated() {
            out.append("    Gap \(number + 1). " + LearnWording.scenario(gap, policy: nearest.policy, form: nearest.form))
            out.append(line(them, "allows it; then " + other.observation(gap.aShows)))
            out.append(line(us, "no trace shows it"))
            out.append("       traces that reach the point before the last action: " + traceList(tracesIn(gap.stateB, of: model)))
        }
        return out
    }

    /// 50000 as 50,000.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
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
        // The learned policy reads no field: the scenarios edit compare's stand-in, which stands for any field.
        let fields = Set(
            entry.suggestions.flatMap {
                $0.difference.actions.flatMap { action -> [String] in
                    if case .edit(let edits) = action { return edits.map(\.field) }
                    return []
                }
            }
        ).sorted()
        let standIn = fields.isEmpty ? "" : "; \(fields.map { "\"\($0)\"" }.joined(separator: ", ")) stands for any field of the form"
        var out = [
            "  Record next (\(Plural.count(entry.suggestions.count, "trace"))"
                + (entry.suggestionFiles.isEmpty ? "; --suggest DIR writes them as trace files" : ", written") + standIn + "):"
        ]
        for (number, suggestion) in entry.suggestions.enumerated() {
            let policy = entry.nearest.first { $0.policy.id == suggestion.policy }?.policy ?? entry.policy
            let scenario = LearnWording.scenario(suggestion.difference, policy: policy, form: suggestion.form)
            var line = "    \(number + 1). \(scenario): "
            switch suggestion.kind {
            case .decidesGuard:
                let other = entry.model.alternatives.first?.editGuard
                line +=
                    "decides the guard: the learned policy with \(LearnWording.guardName(entry.model.editGuard))"
                    + (other.map { " and with \(LearnWording.guardName($0))" } ?? " and with another guard")
                    + " expects different things here"
            case .tellsApart:
                line += "\(suggestion.policy) and \(suggestion.versus) expect different things here, and no trace shows which the app does"
            case .gap: line += "\(suggestion.policy) allows it, and no trace shows it yet"
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
        case .decidesGuard:
            why =
                model.editGuard == .none
                ? "decides whether edits change what the form shows (guard modified) or not (no guard)"
                : "decides whether the form compares values or keeps a sticky edited flag"
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
