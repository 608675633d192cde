/// Decides whether a policy can judge a trace at all: every verb and observation key must be in its vocabulary.
public enum Applicability {
    /// Why `trace` is inapplicable to `policy`, or `nil` when it applies.
    public static func reasonInapplicable(_ trace: Trace, to policy: Policy, using words: TraceWords? = nil) -> String? {
        let words = words ?? TraceWords(trace)
        // The common case, every word known, costs one set lookup per distinct word.
        if words.verbs.allSatisfy({ policy.vocabulary.actions[$0] != nil }),
            words.observationKeys.allSatisfy({ policy.vocabulary.observations[$0] != nil })
        {
            return nil
        }
        for step in trace.steps {
            switch step.kind {
            case .action(let action):
                if policy.vocabulary.actions[action.verb] == nil {
                    return "step \(step.number) uses '\(action.verb)', which '\(policy.id)' does not know"
                }
            case .see(let observation):
                for item in observation.items where policy.vocabulary.observations[item.key] == nil {
                    return "step \(step.number) observes '\(item.key)', which '\(policy.id)' does not know"
                }
            }
        }
        return nil
    }
}

/// The distinct verbs and observation keys of a trace, gathered once for all the policies that judge it.
public struct TraceWords: Sendable {
    public var verbs: Set<String> = []
    public var observationKeys: Set<String> = []

    public init(_ trace: Trace) {
        // A trace repeats a handful of words: finding them in a short list is cheaper than hashing each use.
        var verbs: [String] = []
        var keys: [String] = []
        for step in trace.steps {
            switch step.kind {
            case .action(let action):
                let verb = action.verb
                if !verbs.contains(verb) { verbs.append(verb) }
            case .see(let observation):
                for item in observation.items where !keys.contains(item.key) { keys.append(item.key) }
            }
        }
        self.verbs = Set(verbs)
        observationKeys = Set(keys)
    }
}
