/// How much of a trace a policy actually judged: a claim that holds on a trace whose observations the
/// policy never compared, or whose actions never moved its model, holds without showing the behaviour
/// it claims (Docs/Checking.md, "Vacuous claims").
public struct Exercise: Sendable, Equatable {
    /// Observation items (a key of a `see`, or one field of `see: { form: }`) compared with an expectation.
    public var compared = 0
    /// Actions that took one of the policy's transitions (an ignored action, `present`, and a tap on a
    /// disabled button take none, unless the state's transition for that tap chooses a branch that also
    /// changes nothing: Docs/Checking.md, "A bar button").
    public var moved = 0
    /// Observation keys seen in the trace that the policy left unspecified wherever they were seen, in first-seen order.
    public var unjudgedKeys: [String] = []

    /// Nothing judged yet.
    public init() {}
}

extension Checker {
    /// Replays the trace as `check` does and counts what the policy judged, up to the end or the first
    /// departure (meant for a pair that passes).
    public static func exercise(_ trace: Trace, against policy: Policy) -> Exercise {
        Replay(tables: policy.tables, recordsPath: false).exercise(trace)
    }
}

extension Replay {
    func exercise(_ trace: Trace) -> Exercise {
        var model = ModelState(tables: tables, form: trace.form, settings: trace.settings)
        var exercise = Exercise()
        var judgedKeys: Set<String> = []
        var seenKeys: [String] = []
        replaying: for step in trace.steps {
            let place = StepPlace(step)
            do {
                switch step.kind {
                case .see(let observation):
                    let items = observation.items
                    for index in 0..<items.count {
                        let key = items[index].key
                        if !seenKeys.contains(key) { seenKeys.append(key) }
                        let count = compares(items, at: index, model: &model)
                        if count > 0 { judgedKeys.insert(key) }
                        exercise.compared += count
                    }
                    guard case .holds = try compare(observation, at: place, after: nil, of: trace.steps, model: &model) else {
                        return exercise
                    }
                case .action(let action):
                    switch try perform(action, at: place, model: &model) {
                    case .departed: return exercise
                    case .took: exercise.moved += 1
                    case .unchanged: break
                    }
                }
            } catch {
                break replaying
            }
        }
        exercise.unjudgedKeys = seenKeys.filter { !judgedKeys.contains($0) }
        return exercise
    }

    /// How many comparisons `compare` makes of the item at `index` in the model's current state: read in
    /// place, since the replay of every claim counts them at every `see` (copying each item retained its parts).
    func compares(_ items: ObservedItems, at index: Int, model: inout ModelState) -> Int {
        if case .fields(let seen) = items[index].value {
            var count = 0
            for field in 0..<seen.count {
                guard let known = model.value(of: seen[field].name) else { continue }
                if case .opaque = known { continue }
                count += 1
            }
            return count
        }
        guard let state = model.index else { return 0 }
        return tables.states[state].expects(items[index].key) ? 1 : 0
    }

    /// Every key the steps' observations name, each once, in first-seen order: the unjudged keys of a
    /// replay that compared nothing.
    static func keysSeen(in steps: [Step]) -> [String] {
        var keys: [String] = []
        for step in steps {
            guard case .see(let observation) = step.kind else { continue }
            for item in observation.items where !keys.contains(item.key) { keys.append(item.key) }
        }
        return keys
    }
}
