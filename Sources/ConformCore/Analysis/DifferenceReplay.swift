extension PolicyComparison {
    /// The disagreements between A and B that a recorded trace shows: replayed on both models at once,
    /// an action only one of them allows, or a `see` of a key on which they disagree there. Named as
    /// `Difference.signature` names them, so that `run --coverage` can say which of `compare`'s
    /// scenarios a corpus exercises. Build the comparison with the trace's `form`.
    public func revealed(by trace: Trace) -> Set<String> {
        var configurationA = simulatorA.start(observing: false)
        var configurationB = simulatorB.start(observing: false)
        // Each ongoing disagreement keeps the name it got where it began, as in `compare`.
        var ongoing: [String: String] = [:]
        func update(after transitions: (TransitionID?, TransitionID?)) {
            let here = disagreements(configurationA, configurationB, after: transitions)
            ongoing = ongoing.filter { here.signatures[$0.key] != nil }
            for (key, signature) in here.signatures where ongoing[key] == nil { ongoing[key] = signature }
        }
        update(after: (nil, nil))
        var revealed: Set<String> = []
        for step in trace.steps {
            switch step.kind {
            case .see(let observation):
                for item in observation.items { if let signature = ongoing[item.key] { revealed.insert(signature) } }
                simulatorA.accepts(observation, in: &configurationA)
                simulatorB.accepts(observation, in: &configurationB)
            case .action(let action):
                let moveA = simulatorA.perform(action, from: configurationA, observing: false)
                let moveB = simulatorB.perform(action, from: configurationB, observing: false)
                guard let moveA, let moveB else {
                    if moveA != nil || moveB != nil { revealed.insert(Self.actionSignature(action, allowedByA: moveA != nil)) }
                    return revealed
                }
                configurationA = moveA.configuration
                configurationB = moveB.configuration
                update(after: (moveA.transition, moveB.transition))
            }
        }
        return revealed
    }
}
