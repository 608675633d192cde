import ConformCore
import ConformLoading

/// Loads YAML text as a trace against the form vocabulary plus `policies`, returning `line:column: message` lines.
func traceProblems(_ yaml: String, policies: [Policy] = []) -> [String] {
    let loader = TraceLoader(vocabulary: KnownVocabulary(policies: policies))
    return loader.load(Array(yaml.utf8), file: "t.yaml").problems.map(describe)
}

func loadTrace(_ yaml: String, policies: [Policy] = []) -> Trace? {
    TraceLoader(vocabulary: KnownVocabulary(policies: policies)).load(Array(yaml.utf8), file: "Traces/t.yaml").trace
}

func policyProblems(_ yaml: String) -> [String] {
    PolicyLoader().load(Array(yaml.utf8), file: "p.yaml").problems.map(describe)
}

func loadPolicy(_ yaml: String) -> Policy? {
    PolicyLoader().load(Array(yaml.utf8), file: "p.yaml").policy
}

func describe(_ problem: Problem) -> String {
    "\(problem.position.line):\(problem.position.column): \(problem.message)"
}
