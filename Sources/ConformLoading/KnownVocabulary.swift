import ConformCore

/// The verbs and observation keys of every loaded policy: what a trace may use at all.
/// A key declared by several policies with different shapes accepts a value that fits any of them.
public struct KnownVocabulary: Sendable {
    public private(set) var actions: [String: [ArgumentSpec]] = [:]
    public private(set) var observations: [String: [ObservationType]] = [:]
    /// The form fields of each form policy, by id: those it declares (`fields:`), or `nil` when it
    /// declares none, and those its expressions read. A trace that claims a policy declaring its fields
    /// may name no other field (`ClaimedFields`).
    public private(set) var formFields: [String: (declared: [String]?, read: [String])] = [:]

    public init(policies: [Policy]) {
        add(.form)
        for policy in policies {
            add(policy.vocabulary)
            if policy.isFormDomain {
                formFields[policy.id] = (policy.formFields.map { $0.map(\.name).sorted() }, Set(policy.fieldReads.map(\.field)).sorted())
            }
        }
    }

    private mutating func add(_ vocabulary: Vocabulary) {
        for (verb, spec) in vocabulary.actions.sorted(by: { $0.key < $1.key }) { actions[verb, default: []].append(spec) }
        for (key, type) in vocabulary.observations.sorted(by: { $0.key < $1.key }) {
            observations[key, default: []].append(type)
        }
    }
}
