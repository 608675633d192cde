import ConformCore
import ConformKit
import ConformLoading

/// The built-in library, loaded once.
let builtIns = PolicyLibrary.builtIn()

/// Checks trace YAML against a built-in policy (by id) or against policy YAML.
/// `alsoLoaded` policies (YAML) are known to the trace loader, as `--policies` would make them.
func check(_ traceYAML: String, against policy: String, alsoLoaded: [String] = []) throws -> Verdict {
    let resolved = try builtIns.policy(id: policy) ?? load(policy: policy)
    let others = try alsoLoaded.map(load(policy:))
    let loader = TraceLoader(vocabulary: KnownVocabulary(policies: builtIns.policies + [resolved] + others))
    let (trace, problems) = loader.load(Array(traceYAML.utf8), file: "t.yaml")
    guard let trace else { throw LoadFailure(problems: problems.map { "\($0.position.line):\($0.position.column): \($0.message)" }) }
    return Checker.check(trace, against: resolved).verdict
}

struct LoadFailure: Error, CustomStringConvertible {
    var problems: [String]
    var description: String { problems.joined(separator: "\n") }
}

/// `step N line L: message` for a failure, or the verdict's name.
func summary(_ verdict: Verdict) -> String {
    switch verdict {
    case .fail(let departure):
        return "fail step \(departure.step) line \(departure.position.line) [\(departure.state)]: \(departure.message)"
    case .inapplicable(let reason): return "inapplicable: \(reason)"
    case .error(let message, let step, _): return "error step \(step): \(message)"
    case .pass: return "pass"
    }
}

/// A trace with a `form:` and the given steps (one per line, already indented by two spaces).
func trace(_ steps: String, form: String = "{ title: Milk }") -> String {
    "conform: 1\nform: \(form)\nsteps:\n" + steps
}

func load(policy yaml: String) throws -> Policy {
    let (loaded, problems) = PolicyLoader().load(Array(yaml.utf8), file: "p.yaml")
    guard let loaded else { throw LoadFailure(problems: problems.map { "\($0.position.line):\($0.position.column): \($0.message)" }) }
    return loaded
}
