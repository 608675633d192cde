import ConformCore

/// Lint's warnings at a `tap` label or a `choose` title of a trace that no form policy it claims
/// knows, when one it knows differs only by a slip (`tap: send` for `Send`, `choose: Delete draft`
/// for `Delete Draft`): labels and titles match exactly, so the step would depart. `run` reports the
/// departure itself, with the same did-you-mean, and so does not make this check.
struct LabelSlips: TraceWarningCheck {
    func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
        let trace = checked.trace
        let policies = checked.policies
        let claimed = trace.claims.compactMap { claim in policies.first { $0.id == claim.policy && $0.isFormDomain } }
        guard !claimed.isEmpty else { return [] }
        var labels: Set<String> = []
        var titles: Set<String> = []
        // `Done` where the policy labels its done button `Send`: the default label names the role.
        var renamed: [String: String] = [:]
        for policy in claimed {
            for role in FormDomain.buttonRoles {
                if let label = policy.buttons[role] ?? FormDomain.defaultLabels[role] { labels.insert(label) }
                if let label = policy.buttons[role], let standard = FormDomain.defaultLabels[role], label != standard {
                    renamed[standard.lowercased()] = label
                }
            }
            for state in policy.states {
                for transition in state.transitions {
                    guard let argument = transition.pattern.argument else { continue }
                    if transition.pattern.verb == "tap", !FormDomain.buttonRoles.contains(argument) { labels.insert(argument) }
                }
                if case .sheet(.shown(_, _, let actions?))? = policy.expectations(in: state.name)["sheet"] {
                    titles.formUnion(actions.compactMap(\.title))
                }
            }
        }
        var warnings: [Diagnostic] = []
        for step in trace.steps {
            let (word, known, what): (String, Set<String>, String)
            switch step.kind {
            case .action(.tap(let label)) where !FormDomain.buttonRoles.contains(label): (word, known, what) = (label, labels, "label")
            case .action(.choose(let title)): (word, known, what) = (title, titles, "sheet action title")
            default: continue
            }
            guard !known.contains(word), !known.isEmpty else { continue }
            let sorted = known.sorted()
            let byRole = what == "label" ? renamed[word.lowercased()] : nil
            guard
                let near = sorted.first(where: { $0.lowercased() == word.lowercased() }) ?? byRole
                    ?? Spelling.nearest(to: word, among: sorted)
            else { continue }
            warnings.append(
                Diagnostic(
                    .warning,
                    "'\(word)' is no \(what) of \(claimed.map { "'\($0.id)'" }.joined(separator: ", ")) (they match exactly); did you mean '\(near)'?",
                    at: SourceLocation(file: trace.file, position: step.position)))
        }
        return warnings
    }
}
