/// Explores two policies together, breadth-first over pairs of configurations, and finds the
/// shortest scenarios on which they show something different.
///
/// A scenario is a trace of A: after every action, a `see` of what A predicts. B replays it as the
/// checker would. Along the way the trace records only the keys on which B agrees, so exploration
/// goes on past a disagreement (Reminders has no Cancel button where Contacts has one; their swipes
/// differ too) and each scenario fails B at its last step only. A disagreement is
/// - a key B rejects in what A shows (written as a trace claiming A that fails B);
/// - an action A allows and B does not (also written);
/// - a key A rejects in what B shows, or an action only B allows (listed; no trace claiming A shows it).
/// Each disagreement is reported once, by the first, hence shortest, scenario that reveals it: an
/// observation by its key and the two values (numbers, which vary with every example, by the
/// transitions that produced them), an action by its words.
public struct PolicyComparison {
    /// Policy A: the scenarios are traces of it.
    public let a: Policy
    /// Policy B: it replays A's scenarios.
    public let b: Policy
    /// The actions tried in every pair of configurations, known to both policies.
    public let alphabet: ActionAlphabet
    let simulatorA: PolicySimulator
    let simulatorB: PolicySimulator
    /// How many actions deep the search goes.
    public var maximumDepth = 12
    /// How many pairs of configurations the search visits at most; past it the result is not `complete`.
    public var maximumPairs = 50_000

    /// A comparison of `a` with `b`; nothing is explored until `compare()`.
    /// - Parameter a: policy A, whose predictions the scenarios record.
    /// - Parameter b: policy B, which replays them.
    /// - Parameter form: the form's fields when it opens; by default the alphabet's (every field the two
    ///   policies read, empty; `title: Buy milk` when they name none).
    /// - Parameter exploring: whether `compare()` will run; `revealed(by:)` alone needs no alphabet.
    /// - Parameter settings: the app's build settings both policies read (`settings.NAME`); none by default, as
    ///   `conform compare` explores them.
    public init(_ a: Policy, _ b: Policy, form: [String: Value]? = nil, exploring: Bool = true, settings: [String: Value] = [:]) {
        self.a = a
        self.b = b
        // A trace using a verb one of the two does not know is inapplicable to it, not a difference.
        var alphabet = exploring ? ActionAlphabet(policies: [a, b]) : ActionAlphabet(policies: [])
        alphabet.actions.removeAll { a.vocabulary.actions[$0.verb] == nil || b.vocabulary.actions[$0.verb] == nil }
        self.alphabet = alphabet
        simulatorA = PolicySimulator(policy: a, form: form ?? alphabet.form, settings: settings)
        simulatorB = PolicySimulator(policy: b, form: form ?? alphabet.form, settings: settings)
    }

    private struct Node {
        var a: Configuration
        var b: Configuration
        var parent: Int
        var action: Action?
        /// The transitions A and B took on `action`.
        var transition: TransitionID?
        var transitionB: TransitionID?
        /// What the trace's `see` after this node's action records: A's prediction, less the keys B rejects.
        var recorded = Observation(items: [])
        /// Whether A and B showed the same at every step up to here. Only then is an action that one
        /// of them refuses reported: after a disagreement on what is seen (a sheet in A, none in B),
        /// most actions differ as a consequence.
        var agreed = true
        /// The keys on which A and B disagree here.
        var differing: Set<String> = []
    }

    /// A node's identity for the search: the two models, and whether they agreed so far (which decides
    /// whether an action only one allows is reported from there).
    private struct Pair: Hashable {
        var a: Configuration
        var b: Configuration
        var agreed: Bool
    }

    /// Searches breadth-first within `maximumDepth` and `maximumPairs` and returns each difference
    /// by its shortest scenario.
    public func compare() -> ComparisonResult {
        var nodes = [Node(a: simulatorA.start(observing: false), b: simulatorB.start(observing: false), parent: -1)]
        var visited: Set<Pair> = [Pair(a: nodes[0].a, b: nodes[0].b, agreed: true)]
        var found: [Difference] = []
        var reported: Set<String> = []
        var frontier = [0]
        var depth = 0
        var complete = true
        let setup = setupActions
        while !frontier.isEmpty {
            var next: [Int] = []
            for index in frontier {
                let here = disagreements(nodes[index].a, nodes[index].b, after: (nodes[index].transition, nodes[index].transitionB))
                nodes[index].recorded = Observation(items: here.shownByA.items.filter { !here.rejectedByB.contains($0.key) })
                found += observationDifferences(at: index, in: nodes, here, reported: &reported)
                nodes[index].agreed = (nodes[index].parent < 0 || nodes[nodes[index].parent].agreed) && here.differing.isEmpty
                nodes[index].differing = here.differing
                // Both models see what the trace records (and learn sheet roles from it).
                var node = nodes[index]
                simulatorA.accepts(node.recorded, in: &node.a)
                simulatorB.accepts(node.recorded, in: &node.b)
                guard depth < maximumDepth + setup.count else {
                    complete = false
                    continue
                }
                for action in depth < setup.count ? [setup[depth]] : alphabet.actions {
                    let moveA = simulatorA.perform(action, from: node.a, observing: false)
                    let moveB = simulatorB.perform(action, from: node.b, observing: false)
                    switch (moveA, moveB) {
                    case (nil, nil):
                        continue
                    case (let moveA?, let moveB?):
                        guard visited.count < maximumPairs else {
                            complete = false
                            continue
                        }
                        guard visited.insert(Pair(a: moveA.configuration, b: moveB.configuration, agreed: node.agreed)).inserted else {
                            continue
                        }
                        nodes.append(
                            Node(
                                a: moveA.configuration, b: moveB.configuration, parent: index, action: action, transition: moveA.transition,
                                transitionB: moveB.transition))
                        next.append(nodes.count - 1)
                    default:
                        guard node.agreed else { continue }
                        guard reported.insert(Self.actionSignature(action, allowedByA: moveA != nil)).inserted else { continue }
                        found.append(actionDifference(action, from: index, in: nodes, a: moveA, b: moveB))
                    }
                }
            }
            frontier = next
            depth += 1
        }
        // Breadth-first order, except that an action refused after a node at depth d (d + 1 actions) can be
        // found before a disagreement on what is seen at a later node of depth d: order by length.
        // At equal length, a difference in what is seen comes before an action only one allows (a tap
        // on a label the other policy calls otherwise is a difference, but rarely the telling one).
        let shortestFirst = found.enumerated().sorted { x, y in
            (x.element.actionCount, x.element.kind.isAction ? 1 : 0, x.offset) < (
                y.element.actionCount, y.element.kind.isAction ? 1 : 0, y.offset
            )
        }.map(\.element)
        return ComparisonResult(
            a: a.id, b: b.id, form: alphabet.form, differences: shortestFirst, complete: complete, depthLimit: maximumDepth,
            setupCount: setup.count)
    }

    /// The keys of an observation that both policies know (a trace observing another is inapplicable to one of them).
    func shared(_ observation: Observation) -> Observation {
        Observation(
            items: observation.items.filter { a.vocabulary.observations[$0.key] != nil && b.vocabulary.observations[$0.key] != nil })
    }

    /// Both policies' `setup`, A's first, each action once.
    private var setupActions: [Action] {
        var seen: Set<String> = []
        return (a.vocabulary.setup + b.vocabulary.setup).filter { action in
            a.vocabulary.actions[action.verb] != nil && b.vocabulary.actions[action.verb] != nil
                && seen.insert(action.json.serialized()).inserted
        }
    }

    // MARK: - Differences

    /// The keys of `observation` that the simulator's policy rejects, each tried on its own.
    private func rejectedKeys(_ observation: Observation, by simulator: PolicySimulator, in configuration: Configuration) -> Set<String> {
        Set(
            observation.items.filter { item in simulator.rejects(Observation(items: [item]), in: configuration) }.map(\.key))
    }

    /// What A and B disagree on at one pair of configurations.
    struct Disagreements {
        var shownByA: Observation
        var shownByB: Observation
        /// Keys whose value in what A shows B rejects.
        var rejectedByB: Set<String>
        /// Keys whose value in what B shows A rejects (and B accepts A's).
        var rejectedByA: Set<String>
        /// Per disagreeing key (except those the caller already knows), the name of the disagreement:
        /// `A shows done: "enabled" / "disabled"`, or for numbers, which vary with every example, the
        /// transitions that led to it.
        var signatures: [String: String]

        /// Every key on which they disagree.
        var differing: Set<String> { rejectedByB.union(rejectedByA) }
    }

    func disagreements(_ configurationA: Configuration, _ configurationB: Configuration, after transitions: (TransitionID?, TransitionID?))
        -> Disagreements
    {
        disagreements(
            configurationA, configurationB, shownByA: shared(simulatorA.prediction(configurationA)),
            shownByB: shared(simulatorB.prediction(configurationB)), after: transitions)
    }

    /// - Parameter known: keys whose disagreement the caller has named already (no signature is made for them).
    func disagreements(
        _ configurationA: Configuration, _ configurationB: Configuration, shownByA: Observation, shownByB: Observation,
        after transitions: (TransitionID?, TransitionID?), known: Set<String> = []
    ) -> Disagreements {
        let (rejectedByB, rejectedByA) = rejections(configurationA, configurationB, shownByA: shownByA, shownByB: shownByB)
        var signatures: [String: String] = [:]
        for name in Self.names(rejectedByB: rejectedByB, rejectedByA: rejectedByA, shownByA: shownByA, shownByB: shownByB, skipping: known)
        {
            signatures[name.key] = name.signature(after: transitions)
        }
        return Disagreements(
            shownByA: shownByA, shownByB: shownByB, rejectedByB: rejectedByB, rejectedByA: rejectedByA, signatures: signatures)
    }

    /// Every disagreement of A and B at one pair of configurations, by name (as `disagreements` names them).
    func disagreementNames(_ configurationA: Configuration, _ configurationB: Configuration, shownByA: Observation, shownByB: Observation)
        -> [DisagreementName]
    {
        let (rejectedByB, rejectedByA) = rejections(configurationA, configurationB, shownByA: shownByA, shownByB: shownByB)
        return Self.names(rejectedByB: rejectedByB, rejectedByA: rejectedByA, shownByA: shownByA, shownByB: shownByB, skipping: [])
    }

    /// The keys whose value in what A shows B rejects, and those whose value in what B shows A rejects
    /// (and B accepts A's).
    private func rejections(_ configurationA: Configuration, _ configurationB: Configuration, shownByA: Observation, shownByB: Observation)
        -> (byB: Set<String>, byA: Set<String>)
    {
        // Only a key both predict, with different values, can be rejected: the others need no check.
        let differing = shownByA.items.filter { item in
            shownByB.items.contains { $0.key == item.key && $0.value.json != item.value.json }
        }.map(\.key)
        if differing.isEmpty { return ([], []) }
        func only(_ observation: Observation) -> Observation { Observation(items: observation.items.filter { differing.contains($0.key) }) }
        let rejectedByB = rejectedKeys(only(shownByA), by: simulatorB, in: configurationB)
        let rejectedByA = rejectedKeys(only(shownByB), by: simulatorA, in: configurationA).subtracting(rejectedByB)
        return (rejectedByB, rejectedByA)
    }

    private static func names(
        rejectedByB: Set<String>, rejectedByA: Set<String>, shownByA: Observation, shownByB: Observation, skipping known: Set<String>
    ) -> [DisagreementName] {
        func value(_ key: String, in observation: Observation) -> String {
            observation.items.first { $0.key == key }.map { $0.value.json.serialized() } ?? "-"
        }
        var names: [DisagreementName] = []
        for (keys, side) in [(rejectedByB, "A shows"), (rejectedByA, "B shows")] {
            for key in keys where !known.contains(key) {
                names.append(DisagreementName(key: key, side: side, valueA: value(key, in: shownByA), valueB: value(key, in: shownByB)))
            }
        }
        return names
    }

    static func actionSignature(_ action: Action, allowedByA: Bool) -> String {
        (allowedByA ? "only A: " : "only B: ") + action.display
    }

    /// The disagreements on what is seen at a node that were not reported before: first those that
    /// fail B (A's view), then those that fail A (B's view). A disagreement that goes on from the step
    /// before is not new.
    private func observationDifferences(at index: Int, in nodes: [Node], _ here: Disagreements, reported: inout Set<String>) -> [Difference]
    {
        let node = nodes[index]
        let before = node.parent >= 0 ? nodes[node.parent].differing : []
        func fresh(_ keys: Set<String>) -> [String] {
            PolicySimulator.ordered(Array(keys.subtracting(before))).filter { key in
                here.signatures[key].map { reported.insert($0).inserted } ?? false
            }
        }
        var differences: [Difference] = []
        let newForB = fresh(here.rejectedByB)
        if !newForB.isEmpty {
            var scenario = self.scenario(endingAt: index, in: nodes)
            // The last see shows what B agrees with and the new disagreements; older ones are left out.
            let last = Observation(items: here.shownByA.items.filter { !here.rejectedByB.contains($0.key) || newForB.contains($0.key) })
            if scenario.steps.isEmpty { scenario.opening = last } else { scenario.steps[scenario.steps.count - 1].expected = last }
            var scratch = node.b
            differences.append(
                Difference(
                    kind: .shows(keys: newForB), failsB: true, scenario: scenario, lastAction: node.action,
                    stateA: simulatorA.state(of: node.a),
                    stateB: simulatorB.state(of: node.b), aShows: only(newForB, here.shownByA), bShows: only(newForB, here.shownByB),
                    reason: simulatorB.accepts(last, in: &scratch) ?? "", signature: newForB.compactMap { here.signatures[$0] }))
        }
        let newForA = fresh(here.rejectedByA)
        if !newForA.isEmpty {
            var scratch = node.a
            differences.append(
                Difference(
                    kind: .shows(keys: newForA), failsB: false, scenario: scenario(endingAt: index, in: nodes), lastAction: node.action,
                    stateA: simulatorA.state(of: node.a), stateB: simulatorB.state(of: node.b), aShows: only(newForA, here.shownByA),
                    bShows: only(newForA, here.shownByB), reason: simulatorA.accepts(only(newForA, here.shownByB), in: &scratch) ?? "",
                    signature: newForA.compactMap { here.signatures[$0] }))
        }
        return differences
    }

    private func only(_ keys: [String], _ observation: Observation) -> Observation {
        Observation(items: observation.items.filter { keys.contains($0.key) })
    }

    /// Only one of the policies allows `action` after the node at `index`: the other's move is `nil`.
    private func actionDifference(_ action: Action, from index: Int, in nodes: [Node], a moveA: Move?, b moveB: Move?) -> Difference {
        var scenario = self.scenario(endingAt: index, in: nodes)
        let parent = nodes[index]
        let aShows = moveA.map { shared(simulatorA.prediction($0.configuration)) } ?? Observation(items: [])
        if let moveA {
            scenario.steps.append(
                ScenarioStep(
                    action: action, transition: moveA.transition, isFirstCoverage: false,
                    expected: aShows))
        }
        let reason = moveA != nil ? simulatorB.rejection(of: action, from: parent.b) : simulatorA.rejection(of: action, from: parent.a)
        return Difference(
            kind: moveA != nil ? .onlyAAllows : .onlyBAllows, failsB: moveA != nil, scenario: scenario, lastAction: action,
            stateA: simulatorA.state(of: parent.a), stateB: simulatorB.state(of: parent.b), aShows: aShows,
            bShows: moveB.map { shared(simulatorB.prediction($0.configuration)) } ?? Observation(items: []), reason: reason ?? "",
            signature: [Self.actionSignature(action, allowedByA: moveA != nil)])
    }

    /// The path to a node as a scenario of A: what the trace records when the screen opens and after each action.
    private func scenario(endingAt index: Int, in nodes: [Node]) -> Scenario {
        var chain: [Node] = []
        var current = index
        while current >= 0 {
            chain.append(nodes[current])
            current = nodes[current].parent
        }
        chain.reverse()
        let steps = chain.dropFirst().compactMap { node -> ScenarioStep? in
            guard let action = node.action else { return nil }
            return ScenarioStep(
                action: action, transition: node.transition, isFirstCoverage: false, expected: node.recorded)
        }
        return Scenario(opening: chain[0].recorded, steps: Array(steps))
    }
}
