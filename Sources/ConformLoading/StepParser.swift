import ConformCore

/// Parses one step of a trace: exactly one verb key, plus optional `note`, `at` and `evidence`.
struct StepParser {
    let vocabulary: KnownVocabulary
    /// The fields the trace's `form:` declares, sorted; `nil` when it has no `form:` (then any field may be edited).
    var declaredFields: [String]? = nil
    /// The fields the claimed policies know, when one of them declares its `fields:`: a field none of
    /// them knows is an error whether or not `form:` gives it.
    var claimedFields: ClaimedFields? = nil

    func parse(_ node: YNode, number: Int, problems: inout ProblemCollector) -> Step? {
        guard let pairs = problems.mapping(node, "step \(number)") else { return nil }
        var verbPair: YPair?
        var note: String?
        var at: Double?
        var evidence: String?
        for pair in pairs {
            switch pair.key.scalarText {
            case "note": note = problems.text(pair.value, "'note'")
            case "evidence": evidence = problems.text(pair.value, "'evidence' (a screenshot's path, relative to the trace file)")
            case "at": at = problems.time(pair.value, "'at'")
            case let verb? where verb == "see" || vocabulary.actions[verb] != nil:
                if let first = verbPair {
                    // On a line of its own: a next step written without its '- '.
                    let fix =
                        pair.key.position.line > first.key.position.line
                        ? "; if '\(verb)' is a step of its own, start it with '- ' as the others (  - \(verb): ...)" : ""
                    problems.add(
                        "a step has exactly one verb; this one has '\(first.key.scalarText ?? "")' and '\(verb)'\(fix)",
                        at: pair.key.position)
                } else {
                    verbPair = pair
                }
            case let word? where vocabulary.observations[word] != nil && pairs[key: "see"]?.scalarValue == .null:
                // `- see:` with nothing after it and the observation on the next line at the same indent:
                // YAML reads both as keys of the step.
                problems.add(
                    "'\(word)' is an observation: it belongs under 'see:'; indent it further than '- see:' (or write see: { \(word): ... })",
                    at: pair.key.position)
                return nil
            case let word? where declaredFields?.contains(word) == true && vocabulary.actions["edit"] != nil:
                // `- amount: "12.50"`: a field changed without `edit:`.
                problems.add(
                    "'\(word)' is a field of form:, not a verb; to change it, write the step as edit: { \(word): "
                        + "\(pair.value.scalarText.map { pair.value.isQuoted ? "\"\($0)\"" : $0 } ?? "VALUE") }",
                    at: pair.key.position)
                return nil
            case let word?:
                let hint = problems.hint(for: word, among: ["see"] + vocabulary.actions.keys.sorted())
                problems.add("unknown verb '\(word)'\(hint)", at: pair.key.position)
                return nil
            case nil:
                problems.add("a step's keys must be words, not \(pair.key.kindDescription)", at: pair.key.position)
                return nil
            }
        }
        guard let verbPair, let verb = verbPair.key.scalarText else {
            if pairs.allSatisfy({ ["note", "at", "evidence"].contains($0.key.scalarText) }) {
                problems.add("step \(number) has no verb (see, edit, tap, swipe, choose, present, ...)", at: node.position)
            }
            return nil
        }
        let kind: Step.Kind?
        if verb == "see" {
            kind = observation(verbPair.value, problems: &problems).map(Step.Kind.see)
        } else {
            kind = action(verb, verbPair.value, problems: &problems).map(Step.Kind.action)
        }
        guard let kind else { return nil }
        return Step(number: number, position: node.position, kind: kind, note: note, at: at, evidence: evidence)
    }

    // MARK: - Actions

    private func action(_ verb: String, _ node: YNode, problems: inout ProblemCollector) -> Action? {
        switch verb {
        case "edit":
            if let pairs = node.mapping {
                for pair in pairs { undeclared(pair.key, problems: &problems) }
                let edits = FieldReader.values(pairs, problems: &problems).map { FieldEdit(field: $0.name, value: $0.value) }
                guard !edits.isEmpty else {
                    problems.add("'edit' needs at least one field", at: node.position)
                    return nil
                }
                return .edit(FieldEdits(edits))
            }
            undeclared(node, problems: &problems)
            return problems.text(node, "'edit' (a field name or a map of fields to values)").map {
                .edit([FieldEdit(field: $0, value: nil)])
            }
        case "tap": return problems.text(node, "'tap' (a button label)").map(Action.tap)
        case "swipe": return problems.text(node, "'swipe' (a direction, e.g. down)").map(Action.swipe)
        case "choose": return problems.text(node, "'choose' (an action title)").map(Action.choose)
        case "present":
            if node.scalarValue == .null { return .present(nil) }
            return problems.text(node, "'present' (a screen name)").map(Action.present)
        case Action.tapOutsideVerb:
            if node.scalarValue == .null { return .tapOutside(nil) }
            return problems.text(node, "'\(verb)' (where, e.g. sheet)").map(Action.tapOutside)
        default:
            return customAction(verb, node, problems: &problems)
        }
    }

    private func customAction(_ verb: String, _ node: YNode, problems: inout ProblemCollector) -> Action? {
        let specs = vocabulary.actions[verb] ?? []
        var firstProblems: [Problem]?
        for spec in specs {
            var attempt = ProblemCollector()
            if let argument = ArgumentReader.read(node, spec: spec, verb: verb, problems: &attempt), attempt.problems.isEmpty {
                return .custom(verb: verb, argument: argument)
            }
            if firstProblems == nil { firstProblems = attempt.problems }
        }
        for problem in firstProblems ?? [] { problems.add(problem.message, at: problem.position) }
        return nil
    }

    /// A problem at `node` when it names a field that the trace's `form:` does not declare: an edit of it
    /// would count as a change for good, and a `see` of it would check nothing, so it is a misspelling.
    /// With a claimed policy that declares its fields, a field none of the claimed policies knows is
    /// told first, with their names to choose from; a field they know that `form:` lacks is then told
    /// with a did-you-mean only among the form's fields they know, never the trace's own slip.
    private func undeclared(_ node: YNode, problems: inout ProblemCollector) {
        guard let name = node.scalarText, node.scalarValue != .null else { return }
        if let claimedFields, !claimedFields.knows(name) {
            problems.add(claimedFields.message(for: name, formLacks: declaredFields.map(claimedFields.declared)), at: node.position)
            return
        }
        guard let declaredFields, !declaredFields.contains(name) else { return }
        guard let claimedFields else {
            problems.add(
                Self.undeclaredFieldMessage(name, declared: declaredFields, hint: problems.hint(for: name, among: declaredFields)),
                at: node.position)
            return
        }
        // The policy knows `name`: a near field of form: that it does not know is the slip, to mend there.
        let slip = Spelling.nearest(to: name, among: declaredFields.filter { !claimedFields.knows($0) })
        let hint =
            slip.map { "; if form:'s '\($0)' is meant, rename it '\(name)' there" }
            ?? problems.hint(for: name, among: declaredFields.filter(claimedFields.knows))
        problems.add(Self.undeclaredFieldMessage(name, declared: declaredFields, hint: hint), at: node.position)
    }

    static func undeclaredFieldMessage(_ name: String, declared: [String], hint: String) -> String {
        let list = declared.isEmpty ? "which declares none" : "which declares \(declared.joined(separator: ", "))"
        // `Suggestion.hint` lists the known words when none is near; they are listed here already.
        let suggestion = hint.hasPrefix(";") ? hint : ""
        return "field '\(name)' is not declared by 'form:' (\(list))\(suggestion)"
    }

    // MARK: - Observations

    private func observation(_ node: YNode, problems: inout ProblemCollector) -> Observation? {
        guard let pairs = problems.mapping(node, "'see'") else { return nil }
        var items: [ObservedItem] = []
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                problems.add("observation keys must be words", at: pair.key.position)
                continue
            }
            guard let types = vocabulary.observations[key] else {
                let hint = problems.hint(for: key, among: vocabulary.observations.keys.sorted())
                problems.add("unknown observation '\(key)'\(hint)", at: pair.key.position)
                continue
            }
            if let value = observedValue(key, pair.value, types: types, problems: &problems) {
                items.append(ObservedItem(key: key, value: value, position: pair.key.position))
            }
        }
        return Observation(items: items)
    }

    private func observedValue(_ key: String, _ node: YNode, types: [ObservationType], problems: inout ProblemCollector)
        -> ObservedValue?
    {
        var firstProblems: [Problem]?
        for type in types {
            var attempt = ProblemCollector()
            let value: ObservedValue?
            switch type {
            case .sheet: value = SheetReader.read(node, problems: &attempt).map(ObservedValue.sheet)
            case .fields:
                value = attempt.mapping(node, "'\(key)'").map { pairs in
                    if key == "form" { for pair in pairs { undeclared(pair.key, problems: &attempt) } }
                    return .fields(ObservedFields(FieldReader.values(pairs, problems: &attempt)))
                }
            case .value(let expected):
                value = ArgumentReader.scalar(node, type: expected, what: "'\(key)'", problems: &attempt).map(ObservedValue.scalar)
            }
            if let value, attempt.problems.isEmpty { return value }
            if firstProblems == nil { firstProblems = attempt.problems }
        }
        for problem in firstProblems ?? [] { problems.add(problem.message, at: problem.position) }
        return nil
    }
}

/// Reads action arguments and typed scalars of policy-defined vocabularies.
enum ArgumentReader {
    static func read(_ node: YNode, spec: ArgumentSpec, verb: String, problems: inout ProblemCollector) -> ActionArgument? {
        switch spec {
        case .none:
            guard node.scalarValue == .null else {
                problems.add("'\(verb)' takes no argument", at: node.position)
                return nil
            }
            return ActionArgument.none
        case .scalar(let type):
            return scalar(node, type: type, what: "'\(verb)'", problems: &problems).map(ActionArgument.scalar)
        case .optionalScalar(let type):
            if node.scalarValue == .null { return .scalar(.null) }
            return scalar(node, type: type, what: "'\(verb)'", problems: &problems).map(ActionArgument.scalar)
        case .record(let parameters, let optional):
            guard let pairs = problems.mapping(node, "'\(verb)'") else { return nil }
            problems.rejectUnknownKeys(in: pairs, known: parameters.keys.sorted(), what: "'\(verb)'")
            var values: [NamedValue] = []
            for pair in pairs {
                guard let name = pair.key.scalarText, let type = parameters[name] else { continue }
                // An optional parameter written as null is the same as one left out.
                if optional.contains(name), pair.value.scalarValue == .null { continue }
                if let value = scalar(pair.value, type: type, what: "'\(verb).\(name)'", problems: &problems) {
                    values.append(NamedValue(name: name, value: value))
                }
            }
            for name in parameters.keys.sorted() where pairs[key: name] == nil && !optional.contains(name) {
                problems.add("'\(verb)' needs '\(name)'", at: node.position)
            }
            return .record(values)
        case .fields:
            problems.add("'\(verb)' cannot take fields", at: node.position)
            return nil
        }
    }

    /// A scalar of the given type; enumeration cases become symbols.
    static func scalar(_ node: YNode, type: ExprType, what: String, problems: inout ProblemCollector) -> Value? {
        guard let value = node.scalarValue else {
            problems.add("\(what) must be \(type.description), not \(node.kindDescription)", at: node.position)
            return nil
        }
        switch (type, value) {
        case (.number, .number(let number)):
            if let problem = ExactNumber.problem(node.scalarText ?? "", number) {
                problems.add("\(what) is '\(node.scalarText ?? "")', \(problem)", at: node.position)
                return nil
            }
            return value
        case (.bool, .bool), (.string, .string), (.any, _): return value
        case (.string, _) where value != .null: return .string(node.scalarText ?? "")
        case (.enumeration(_, let cases), .string(let word)) where cases.contains(word): return .symbol(word)
        case (.enumeration(_, let cases), _):
            problems.add("\(what) must be one of \(cases.joined(separator: ", ")), not '\(node.scalarText ?? "")'", at: node.position)
            return nil
        default:
            let fix = type == .bool ? YAMLOneOneBoolean.fix(node) : ""
            problems.add("\(what) must be \(type.description), not \(node.kindDescription)\(fix)", at: node.position)
            return nil
        }
    }
}

/// `yes`, `no`, `on`, `off`: booleans in YAML 1.1, strings in the YAML 1.2 that conform reads.
enum YAMLOneOneBoolean {
    static let words: [String: Bool] = ["yes": true, "no": false, "on": true, "off": false, "y": true, "n": false]

    /// `; write true (YAML 1.2 reads 'yes' as a string)` for such a word; empty otherwise.
    static func fix(_ node: YNode) -> String {
        if node.isQuoted, let text = node.scalarText, text == "true" || text == "false" {
            return "; write \(text) without quotes (quoted, it is a string)"
        }
        guard node.scalarValue != nil, let text = node.scalarText, let value = words[text.lowercased()] else { return "" }
        return "; write \(value) (YAML 1.2 reads '\(text)' as a string)"
    }
}
