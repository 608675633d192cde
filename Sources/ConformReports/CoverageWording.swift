import ConformCore

/// Coverage in words and as JSON: what the terminal, Markdown, HTML and JSON outputs say of it.
enum CoverageWording {
    /// `Set title back to "Buy milk" (its value when the form opened) → Swipe the form down`.
    static func scenario(_ unshown: PairCoverage.Unshown, in pair: PairCoverage, policies: [Policy]) -> String {
        guard let a = policies.first(where: { $0.id == pair.policies.0 }) else { return "" }
        let wording = ScenarioWording(policy: a, form: pair.form)
        let words = unshown.actions.map(wording.action)
        return words.isEmpty ? "when the screen opens" : words.joined(separator: " → ")
    }

    /// What differs: the observation keys, or the action only one policy allows.
    static func differs(_ unshown: PairCoverage.Unshown, in pair: PairCoverage) -> String {
        switch unshown.kind {
        case .shows(let keys): return keys.joined(separator: ", ")
        case .onlyAAllows: return "only \(pair.policies.0) allows \(unshown.lastAction?.display ?? "it")"
        case .onlyBAllows: return "only \(pair.policies.1) allows \(unshown.lastAction?.display ?? "it")"
        }
    }

    /// The `coverage` object of the JSON document, keyed by policy id.
    static func json(_ report: CoverageReport) -> JSONValue {
        .object(
            report.policies.map { entry in
                (
                    entry.policy,
                    .object([
                        ("transitions", .number(Double(entry.total))),
                        ("covered", .number(Double(entry.covered.count))),
                        (
                            "uncovered",
                            .array(entry.uncovered.map { .object([("state", .string($0.state)), ("action", .string($0.action))]) })
                        ),
                    ])
                )
            })
    }

    /// The `differenceCoverage` array of the JSON document: one entry per pair of claimed policies of one domain.
    static func pairsJSON(_ report: CoverageReport, policies: [Policy]) -> JSONValue {
        .array(
            report.pairs.map { pair in
                let uncovered: [JSONValue] = pair.uncovered.map { missing in
                    .object([
                        ("scenario", .string(scenario(missing, in: pair, policies: policies))),
                        ("differs", .string(differs(missing, in: pair))),
                        ("actions", .array(missing.actions.map(\.json))),
                    ])
                }
                return .object([
                    ("policies", .array([.string(pair.policies.0), .string(pair.policies.1)])),
                    ("differences", .number(Double(pair.total))),
                    ("shown", .number(Double(pair.covered))),
                    ("unshown", .array(uncovered)),
                    ("tellingApart", .number(Double(pair.tellingApart))),
                ])
            })
    }
}
