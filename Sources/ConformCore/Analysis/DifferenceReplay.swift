/// One policy's model run along a recorded trace: where it stands after each action. Made by the
/// checker in the same pass as the check (`Checker.check(_:against:recordingPath:replaying:)`), once
/// per policy and trace, then compared pairwise.
///
/// The run goes on past a `see` the policy rejects (it teaches nothing then), up to the first action
/// the policy does not allow: two policies are compared wherever both allow what the trace did.
public struct TraceReplay: Sendable {
    /// After the start and after each action the policy allowed: the configuration (before the
    /// following `see`s), what its prediction there depends on, and the transition the action took.
    public struct Point: Sendable {
        var configuration: Configuration
        var key: PointKey
        var transition: TransitionID?

        init(_ model: ModelState, of policy: Policy, after transition: TransitionID?) {
            configuration = Configuration(model: model)
            key = PointKey(model, in: policy)
            self.transition = transition
        }
    }

    var points: [Point]

    init(points: [Point]) {
        self.points = points
    }
}

extension PolicyComparison {
    /// The disagreements between A and B that a recorded trace shows, given each policy's replay of it:
    /// an action only one of them allows, or a `see` of a key on which they disagree there. Named as
    /// `Difference.signature` names them, so that `run --coverage` can say which of `compare`'s
    /// scenarios a corpus exercises. Build the comparison with the trace's `form`.
    /// - Parameter memo: the disagreements met before, for these two policies (`RevealMemo`).
    public func revealed(by trace: Trace, replays: (a: TraceReplay, b: TraceReplay), memo: RevealMemo? = nil) -> Set<String> {
        let known = memo?.pair(a.id, b.id) ?? PairMemo()
        var ongoing = OngoingDisagreements()
        ongoing.update(to: disagreementNames(at: 0, of: replays, known: known), after: (nil, nil))
        var revealed: Set<String> = []
        var point = 0
        for step in trace.steps {
            switch step.kind {
            case .see(let observation):
                ongoing.reveal(in: observation, into: &revealed)
            case .action(let action):
                point += 1
                let allowedByA = point < replays.a.points.count
                let allowedByB = point < replays.b.points.count
                guard allowedByA, allowedByB else {
                    if allowedByA != allowedByB { revealed.insert(Self.actionSignature(action, allowedByA: allowedByA)) }
                    return revealed
                }
                let transitions = (replays.a.points[point].transition, replays.b.points[point].transition)
                ongoing.update(to: disagreementNames(at: point, of: replays, known: known), after: transitions)
            }
        }
        return revealed
    }

    /// The disagreements at one point of the replays: remembered, or found and remembered.
    private func disagreementNames(at point: Int, of replays: (a: TraceReplay, b: TraceReplay), known: PairMemo) -> [DisagreementName] {
        let a = replays.a.points[point]
        let b = replays.b.points[point]
        if let names = known.names(at: a.key, b.key) { return names }
        let names = disagreementNames(
            a.configuration, b.configuration, shownByA: shared(simulatorA.prediction(a.configuration)),
            shownByB: shared(simulatorB.prediction(b.configuration)))
        known.remember(names, at: a.key, b.key)
        return names
    }
}

/// The disagreements that go on at a point of two replays, each with the name it got where it began
/// (as in `compare`). A handful at most: a list is cheaper than a dictionary here.
private struct OngoingDisagreements {
    private var entries: [(key: String, signature: String, revealed: Bool)] = []

    /// Moves to the next point, where `names` are the disagreements, after `transitions` (A's, B's).
    /// A disagreement that goes on keeps its name; one that begins here is named here.
    mutating func update(to names: [DisagreementName], after transitions: (TransitionID?, TransitionID?)) {
        if names.isEmpty {
            entries.removeAll(keepingCapacity: true)
            return
        }
        entries.removeAll { entry in !names.contains { $0.key == entry.key } }
        for name in names where !entries.contains(where: { $0.key == name.key }) {
            entries.append((name.key, name.signature(after: transitions), false))
        }
    }

    /// Adds to `revealed` the name of each disagreement on a key `observation` shows (once per
    /// disagreement: it stays shown while it goes on).
    mutating func reveal(in observation: Observation, into revealed: inout Set<String>) {
        for index in entries.indices where !entries[index].revealed {
            let key = entries[index].key
            guard observation.items.contains(where: { $0.key == key }) else { continue }
            revealed.insert(entries[index].signature)
            entries[index].revealed = true
        }
    }
}
