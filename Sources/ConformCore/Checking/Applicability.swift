/// Decides whether a policy can judge a trace at all: every verb and observation key must be in its vocabulary.
public enum Applicability {
    /// Why `trace` is inapplicable to `policy`, or `nil` when it applies.
    public static func reasonInapplicable(_ trace: Trace, to policy: Policy) -> String? {
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
