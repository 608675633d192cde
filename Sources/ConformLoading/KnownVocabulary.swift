import ConformCore

/// The verbs and observation keys of every loaded policy: what a trace may use at all.
/// A key declared by several policies with different shapes accepts a value that fits any of them.
public struct KnownVocabulary: Sendable {
    public private(set) var actions: [String: [ArgumentSpec]] = [:]
    public private(set) var observations: [String: [ObservationType]] = [:]

    public init(policies: [Policy]) {
        add(.form)
        for policy in policies { add(policy.vocabulary) }
    }

    private mutating func add(_ vocabulary: Vocabulary) {
        for (verb, spec) in vocabulary.actions.sorted(by: { $0.key < $1.key }) { actions[verb, default: []].append(spec) }
        for (key, type) in vocabulary.observations.sorted(by: { $0.key < $1.key }) {
            observations[key, default: []].append(type)
        }
    }
}
