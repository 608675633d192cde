/// Learns a form policy from the traces of one app (and one set of `settings:`): the abstraction, a
/// prefix tree, blue-fringe state merging under each edit guard, the smallest model that fits, its edits
/// completed (Docs/Learning.md). Pure and deterministic: the same traces give the same model.
public struct PolicyLearner: Sendable {
    /// The traces, by file (then id): the order every part of the learner follows.
    public let traces: [Trace]

    /// A learner of `traces`, which must all be form traces (`refusal(for:)` says which are not).
    public init(traces: [Trace]) {
        self.traces = traces.sorted { ($0.file, $0.id) < ($1.file, $1.id) }
    }

    /// What the learner made of the traces.
    public enum Outcome: Sendable {
        /// The smallest policy on which every trace holds.
        case learned(LearnedModel)
        /// Traces that show different observations after the same abstracted actions: one per two traces.
        case contradicted([LearningContradiction])
    }

    /// Why a trace cannot be learnt from, or `nil`: only the form vocabulary is learnt (Docs/Learning.md,
    /// "What it cannot learn").
    public static func refusal(for trace: Trace) -> String? {
        for step in trace.steps {
            switch step.kind {
            case .action(.custom(let verb, _)):
                return "it uses '\(verb)' (step \(step.number)), a verb of another domain"
            case .see(let observation):
                if let item = observation.items.first(where: { Vocabulary.form.observations[$0.key] == nil }) {
                    return
                        "it observes '\(item.key)' (step \(step.number)), a key of another domain"
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Learns the model, or finds the traces that contradict each other.
    /// - Parameter holds: whether every trace holds on a candidate model, as the checker replays it (the caller
    ///   writes and loads it); the smallest candidate that holds is kept. By default every candidate does.
    public func learn(holds: (LearnedModel) -> Bool = { _ in true }) -> Outcome {
        var abstraction = TraceAbstraction(traces: traces)
        var paths = abstraction.paths(.modified)
        var tree = PrefixTree(paths: paths, abstraction: abstraction)
        // Roles found by position (a title seen where another trace gives the role) can change the inputs: read again.
        for _ in 0..<3 where tree.contradictions.isEmpty {
            guard abstraction.learnRoles(tree.rolesByPlace()) else { break }
            paths = abstraction.paths(.modified)
            tree = PrefixTree(paths: paths, abstraction: abstraction)
        }
        if !tree.contradictions.isEmpty { return .contradicted(tree.contradictions) }
        var fits: [(editGuard: EditGuard, automaton: LearnedAutomaton)] = [(.modified, Self.merge(tree, paths, traces))]
        for editGuard in [EditGuard.edited, .none] {
            let guardPaths = abstraction.paths(editGuard)
            let guardTree = PrefixTree(paths: guardPaths, abstraction: abstraction)
            if guardTree.contradictions.isEmpty { fits.append((editGuard, Self.merge(guardTree, guardPaths, traces))) }
        }
        let editsSeen = traces.contains { trace in trace.steps.contains { if case .action(.edit) = $0.kind { true } else { false } } }
        func model(_ fit: (editGuard: EditGuard, automaton: LearnedAutomaton)) -> LearnedModel {
            var automaton = fit.automaton
            automaton.completeEdits(fit.editGuard)
            return LearnedModelBuilder(automaton: automaton, abstraction: abstraction).model(
                editGuard: fit.editGuard, determined: true, editsSeen: editsSeen)
        }
        // The fewest states wins; on a tie, modified before edited before no guard (the order of `fits`).
        let ranked = fits.enumerated().sorted {
            ($0.element.automaton.size.states, $0.offset) < ($1.element.automaton.size.states, $1.offset)
        }
        .map { model($0.element) }
        let holding = ranked.filter(holds)
        guard var chosen = holding.first ?? ranked.first else { return .contradicted([]) }
        // Undetermined: the traces hold on the models under modified and edited, with as many states.
        let alike = holding.filter { $0.states.count == chosen.states.count && $0.editGuard != chosen.editGuard && $0.editGuard != .none }
        chosen.guardDetermined = editsSeen && (chosen.editGuard == .none || alike.isEmpty)
        // The other guard's model, as small: what tells the two apart is worth recording next. No guard is
        // smaller only because it assumes edits change nothing; when the model under `modified` holds too, it is
        // kept as the alternative, and the caller (which can compare the two as policies) says whether a
        // scenario tells them apart, and so whether the guard is undetermined.
        chosen.alternatives = chosen.editGuard == .none ? Array(holding.filter { $0.editGuard == .modified }.prefix(1)) : alike
        return .learned(chosen)
    }

    private static func merge(_ tree: PrefixTree, _ paths: [AbstractPath], _ traces: [Trace]) -> LearnedAutomaton {
        var merging = StateMerging(tree: tree)
        let red = merging.run()
        return LearnedAutomaton(tree: tree, merging: merging, red: red, paths: paths, traces: traces)
    }
}
