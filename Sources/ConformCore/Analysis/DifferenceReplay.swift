/// One policy's model run along a recorded trace: where it stands after each action and what it
/// predicts there. Computed once per policy and trace, then compared pairwise.
public struct TraceReplay: Sendable {
    /// After the start and after each action the policy allowed: the configuration (before the
    /// following `see`s), its prediction, and the transition the action took.
    public struct Point: Sendable {
        var configuration: Configuration
        var prediction: Observation
        var transition: TransitionID?
    }

    var points: [Point]

    /// Replays the trace's actions and `see`s (which teach sheet roles) on the simulator's policy,
    /// up to the first action the policy does not allow.
    public init(_ trace: Trace, on simulator: PolicySimulator) {
        var configuration = simulator.start(observing: false)
        points = [Point(configuration: configuration, prediction: simulator.prediction(configuration), transition: nil)]
        for step in trace.steps {
            switch step.kind {
            case .see(let observation):
                simulator.observe(observation, in: &configuration)
            case .action(let action):
                guard let move = simulator.perform(action, from: configuration, observing: false) else { return }
                configuration = move.configuration
                points.append(Point(configuration: configuration, prediction: simulator.prediction(configuration), transition: move.transition))
            }
        }
    }
}

extension PolicyComparison {
    /// The disagreements between A and B that a recorded trace shows, given each policy's replay of it:
    /// an action only one of them allows, or a `see` of a key on which they disagree there. Named as
    /// `Difference.signature` names them, so that `run --coverage` can say which of `compare`'s
    /// scenarios a corpus exercises. Build the comparison with the trace's `form`.
    public func revealed(by trace: Trace, replays: (a: TraceReplay, b: TraceReplay)) -> Set<String> {
        // Each ongoing disagreement keeps the name it got where it began, as in `compare`.
        var ongoing: [String: String] = [:]
        func update(at point: Int) {
            let a = replays.a.points[point]
            let b = replays.b.points[point]
            let here = disagreements(
                a.configuration, b.configuration, shownByA: shared(a.prediction), shownByB: shared(b.prediction),
                after: (a.transition, b.transition), known: Set(ongoing.keys))
            let differing = here.differing
            ongoing = ongoing.filter { differing.contains($0.key) }
            for (key, signature) in here.signatures where ongoing[key] == nil { ongoing[key] = signature }
        }
        update(at: 0)
        var revealed: Set<String> = []
        var point = 0
        for step in trace.steps {
            switch step.kind {
            case .see(let observation):
                for item in observation.items { if let signature = ongoing[item.key] { revealed.insert(signature) } }
            case .action(let action):
                point += 1
                let allowedByA = point < replays.a.points.count
                let allowedByB = point < replays.b.points.count
                guard allowedByA, allowedByB else {
                    if allowedByA != allowedByB { revealed.insert(Self.actionSignature(action, allowedByA: allowedByA)) }
                    return revealed
                }
                update(at: point)
            }
        }
        return revealed
    }
}
