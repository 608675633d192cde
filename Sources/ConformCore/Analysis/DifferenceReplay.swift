/// One policy's model run along a recorded trace: where it stands after each action. Made by the
/// checker in the same pass as the check (`Checker.check(_:against:recordingPath:replaying:)`), once
/// per policy and trace, then compared pairwise.
///
/// The run goes on past a `see` the policy rejects (it teaches nothing then), up to the first action
/// the policy does not allow: two policies are compared wherever both allow what the trace did.
public struct TraceReplay: Sendable {
    /// After the start and after each action the policy allowed: what its prediction there depends on,
    /// the transition the action took and, when kept, the configuration (before the following `see`s).
    public struct Point: Sendable {
        var key: PointKey
        var transition: TransitionID?
        var configuration: Configuration?
    }

    var points: [Point] = []
    /// Whether the points keep their configurations. Comparing two policies needs them only in a
    /// situation not met before (`RevealMemo`), and keeping them costs a copy of the form's fields at
    /// every edit that follows.
    let keepsConfigurations: Bool

    init(keepingConfigurations: Bool) {
        keepsConfigurations = keepingConfigurations
    }

    /// Replays the trace on a policy that can read it, keeping every configuration.
    public init(_ trace: Trace, on policy: Policy) {
        var replay: TraceReplay? = TraceReplay(keepingConfigurations: true)
        var checker = Checker(policy: policy, trace: trace)
        checker.recordsPath = true
        _ = checker.replay(recording: &replay)
        self = replay ?? TraceReplay(keepingConfigurations: true)
    }

    /// Adds a point where the model stands at `model`, after `transition`.
    mutating func record(_ model: ModelState, reading inputs: PredictionInputs?, after transition: TransitionID?) {
        let configuration = keepsConfigurations ? Configuration(model: model) : nil
        points.append(Point(key: PointKey(model, reading: inputs), transition: transition, configuration: configuration))
    }
}

extension PolicyComparison {
    /// The disagreements between A and B that a recorded trace shows, given each policy's replay of it:
    /// an action only one of them allows, or a `see` of a key on which they disagree there. Named as
    /// `Difference.signature` names them, so that `run --coverage` can say which of `compare`'s
    /// scenarios a corpus exercises. Build the comparison with the trace's `form`.
    /// - Parameter memo: the disagreements met before, for these two policies (`RevealMemo`).
    /// - Returns: `nil` when the replays keep no configurations and the trace leads somewhere not met
    ///   before: ask again with replays that keep them (`TraceReplay(_:on:)`).
    public func revealed(by trace: Trace, replays: (a: TraceReplay, b: TraceReplay), memo: RevealMemo? = nil) -> Set<String>? {
        let known = memo?.pair(a.id, b.id) ?? PairMemo()
        var ongoing = OngoingDisagreements()
        guard let opening = disagreementNames(at: 0, of: replays, known: known) else { return nil }
        ongoing.update(to: opening, after: (nil, nil))
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
                guard let names = disagreementNames(at: point, of: replays, known: known) else { return nil }
                ongoing.update(to: names, after: (replays.a.points[point].transition, replays.b.points[point].transition))
            }
        }
        return revealed
    }

    /// The disagreements at one point of the replays: remembered, or found (given the configurations)
    /// and remembered.
    private func disagreementNames(at point: Int, of replays: (a: TraceReplay, b: TraceReplay), known: PairMemo) -> [DisagreementName]? {
        // The points are read in place: copying them costs more than the lookup.
        if let names = known.names(at: replays.a.points[point].key, replays.b.points[point].key) { return names }
        guard let configurationA = replays.a.points[point].configuration, let configurationB = replays.b.points[point].configuration else {
            return nil
        }
        let names = disagreementNames(
            configurationA, configurationB, shownByA: shared(simulatorA.prediction(configurationA)),
            shownByB: shared(simulatorB.prediction(configurationB)))
        known.remember(names, at: replays.a.points[point].key, replays.b.points[point].key)
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
