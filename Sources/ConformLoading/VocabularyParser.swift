import ConformCore

/// Reads a policy's `vocabulary:` (its action verbs and observation keys) and type names.
enum VocabularyParser {
    static let reservedVerbs: Set<String> = ["see", "note", "at", "evidence"]

    static func read(_ node: YNode, problems: inout ProblemCollector) -> Vocabulary? {
        guard let pairs = problems.mapping(node, "'vocabulary'") else { return nil }
        problems.rejectUnknownKeys(in: pairs, known: ["actions", "observations", "examples", "setup"], what: "'vocabulary'")
        var vocabulary = Vocabulary(actions: [:], observations: [:])
        if let actions = pairs[key: "actions"].flatMap({ problems.mapping($0, "'actions'") }) {
            for pair in actions {
                guard let verb = problems.text(pair.key, "a verb") else { continue }
                if reservedVerbs.contains(verb) || Vocabulary.form.actions[verb] != nil {
                    problems.add(
                        "'\(verb)' is a verb of the fixed form vocabulary or a reserved word; choose another", at: pair.key.position)
                    continue
                }
                if let spec = argumentSpec(pair.value, verb: verb, problems: &problems) { vocabulary.actions[verb] = spec }
            }
        }
        if let observations = pairs[key: "observations"].flatMap({ problems.mapping($0, "'observations'") }) {
            for pair in observations {
                guard let key = problems.text(pair.key, "an observation key") else { continue }
                if Vocabulary.form.observations[key] != nil {
                    problems.add("'\(key)' is an observation of the fixed form vocabulary; choose another", at: pair.key.position)
                    continue
                }
                if let type = type(pair.value, name: key, problems: &problems) { vocabulary.observations[key] = .value(type) }
            }
        }
        if vocabulary.actions.isEmpty { problems.add("a vocabulary needs at least one action", at: node.position) }
        if let examples = pairs[key: "examples"] {
            vocabulary.examples = readExamples(examples, actions: vocabulary.actions, problems: &problems)
        }
        if let setup = pairs[key: "setup"] { vocabulary.setup = readSetup(setup, actions: vocabulary.actions, problems: &problems) }
        return vocabulary
    }

    /// `examples: { VERB: [ARGUMENT, ...] }`, each argument as a trace would write it.
    private static func readExamples(_ node: YNode, actions: [String: ArgumentSpec], problems: inout ProblemCollector)
        -> [String: [ActionArgument]]
    {
        guard let pairs = problems.mapping(node, "'examples'") else { return [:] }
        var examples: [String: [ActionArgument]] = [:]
        for pair in pairs {
            guard let verb = problems.text(pair.key, "a verb") else { continue }
            guard let spec = actions[verb] else {
                problems.add("'\(verb)' is not an action of this vocabulary", at: pair.key.position)
                continue
            }
            guard let items = problems.sequence(pair.value, "the examples of '\(verb)'") else { continue }
            examples[verb] = items.compactMap { ArgumentReader.read($0, spec: spec, verb: verb, problems: &problems) }
        }
        return examples
    }

    /// `setup: [ { VERB: ARGUMENT }, ... ]`, steps as a trace writes them.
    private static func readSetup(_ node: YNode, actions: [String: ArgumentSpec], problems: inout ProblemCollector) -> [Action] {
        guard let items = problems.sequence(node, "'setup'") else { return [] }
        return items.compactMap { item in
            guard let pairs = problems.mapping(item, "a setup step"), pairs.count == 1, let pair = pairs.first else {
                if item.mapping != nil { problems.add("a setup step is a map with one verb", at: item.position) }
                return nil
            }
            guard let verb = problems.text(pair.key, "a verb") else { return nil }
            guard let spec = actions[verb] else {
                problems.add("'\(verb)' is not an action of this vocabulary", at: pair.key.position)
                return nil
            }
            return ArgumentReader.read(pair.value, spec: spec, verb: verb, problems: &problems).map {
                Action.custom(verb: verb, argument: $0)
            }
        }
    }

    private static func argumentSpec(_ node: YNode, verb: String, problems: inout ProblemCollector) -> ArgumentSpec? {
        if node.scalarValue == .null { return ArgumentSpec.none }
        if let pairs = node.mapping {
            var parameters: [String: ExprType] = [:]
            var optional: Set<String> = []
            for pair in pairs {
                guard let name = problems.text(pair.key, "a parameter name") else { continue }
                var typeNode = pair.value
                // `NAME: { type: T, optional: true }`: a parameter that a step may leave out.
                if let spec = pair.value.mapping {
                    problems.rejectUnknownKeys(in: spec, known: ["type", "optional"], what: "parameter '\(verb).\(name)'")
                    guard let given = spec[key: "type"] else {
                        problems.add("parameter '\(verb).\(name)' needs a 'type'", at: pair.value.position)
                        continue
                    }
                    typeNode = given
                    if let flag = spec[key: "optional"], problems.bool(flag, "'optional'") == true { optional.insert(name) }
                }
                if let type = type(typeNode, name: "\(verb).\(name)", problems: &problems) { parameters[name] = type }
            }
            return .record(parameters, optional: optional)
        }
        return type(node, name: verb, problems: &problems).map(ArgumentSpec.scalar)
    }

    /// `bool`, `number`, `string`, or a list of words (an enumeration named after its key).
    static func type(_ node: YNode, name: String, problems: inout ProblemCollector) -> ExprType? {
        if let items = node.sequence {
            var cases: [String] = []
            for item in items {
                if let word = problems.text(item, "an enumeration case") { cases.append(word) }
            }
            guard !cases.isEmpty else {
                problems.add("an enumeration needs at least one case", at: node.position)
                return nil
            }
            return .enumeration(name: name, cases: cases)
        }
        switch node.scalarText {
        case "bool": return .bool
        case "number": return .number
        case "string": return .string
        default:
            problems.add(
                "a type is bool, number, string or a list of words, not '\(node.scalarText ?? node.kindDescription)'", at: node.position)
            return nil
        }
    }
}
