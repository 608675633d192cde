import ConformCore

/// Turns the text of a policy file into a `Policy`, type-checking every expression and reporting
/// every problem with its line and column.
public struct PolicyLoader: Sendable {
    public var reader: YAMLReader

    public init(reader: YAMLReader = YAMLReader()) {
        self.reader = reader
    }

    static let topLevelKeys = [
        "conform", "policy", "title", "summary", "domain", "source", "sources", "buttons", "fields", "vocabulary", "variables", "see",
        "initial", "states",
    ]

    /// Loads a policy; it is `nil` when any problem was found.
    public func load(_ bytes: [UInt8], file: String) -> (policy: Policy?, problems: [Problem]) {
        let root: YNode
        switch reader.read(bytes) {
        case .failure(let problem): return (nil, [problem])
        case .success(nil): return (nil, [Problem("the file is empty; a policy starts with 'conform: 1'", at: .start)])
        case .success(let node?): root = node
        }
        var problems = ProblemCollector()
        let policy = parse(root, file: file, problems: &problems)
        return problems.problems.isEmpty ? (policy, []) : (nil, problems.sortedProblems)
    }

    /// `one-handed`, `apple-sample`, `my.policy_2`: safe in a file name and a command line.
    static func isValidID(_ id: String) -> Bool {
        guard let first = id.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || ("0"..."9").contains(first) else {
            return false
        }
        return id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
        }
    }

    private func parse(_ root: YNode, file: String, problems: inout ProblemCollector) -> Policy? {
        guard let top = problems.mapping(root, "a policy") else { return nil }
        problems.rejectUnknownKeys(in: top, known: Self.topLevelKeys, what: "a policy")
        FormatVersion.check(top, root: root, what: "policy", problems: &problems)
        func required(_ key: String) -> String? {
            guard let node = top[key: key] else {
                problems.add("a policy needs '\(key)'", at: root.position)
                return nil
            }
            return problems.text(node, "'\(key)'")
        }
        let id = required("policy") ?? ""
        if let node = top[key: "policy"], node.scalarText == id, !Self.isValidID(id) {
            problems.add(
                "a policy id is letters, digits, '.', '_' and '-', starting with a letter or digit, not '\(id)' "
                    + "(ids name files that generate and compare write)", at: node.position)
        }
        let title = required("title") ?? ""
        let summary = top[key: "summary"].flatMap { problems.text($0, "'summary'") } ?? ""
        var domain = top[key: "domain"].flatMap { problems.text($0, "'domain'") } ?? FormDomain.name
        if let node = top[key: "domain"], domain != FormDomain.name, top[key: "vocabulary"] == nil,
            Spelling.nearest(to: domain, among: [FormDomain.name]) != nil
        {
            // A slip for `form` (`forms`, `Form`): one error here, and the rest read as a form policy,
            // rather than every form verb reported as unknown in a domain that declares none.
            problems.add(
                "unknown domain '\(domain)'; did you mean '\(FormDomain.name)'? (any other domain needs a 'vocabulary')",
                at: node.position)
            domain = FormDomain.name
        }
        var sources = readSources(top[key: "sources"], problems: &problems)
        if let node = top[key: "source"], let text = problems.text(node, "'source' (where the behaviour comes from)") {
            sources.insert(NamedText(name: "source", text: text), at: 0)
        }

        var vocabulary = Vocabulary.form
        if domain == FormDomain.name {
            if let node = top[key: "vocabulary"] {
                problems.add("a form policy speaks the fixed form vocabulary; remove 'vocabulary'", at: node.position)
            }
        } else if let node = top[key: "vocabulary"] {
            vocabulary = VocabularyParser.read(node, problems: &problems) ?? Vocabulary(actions: [:], observations: [:])
        } else {
            problems.add("a policy of domain '\(domain)' needs a 'vocabulary'", at: root.position)
            // Without its verbs and observation keys every pattern and expectation would be reported
            // unknown: one error says what is missing.
            return nil
        }
        let buttons = readButtons(top[key: "buttons"], domain: domain, problems: &problems)
        let variables = readVariables(top[key: "variables"], domain: domain, problems: &problems)

        let formFields = FieldDeclarationParser.read(top[key: "fields"], domain: domain, problems: &problems)
        let context = PolicyContext(
            domain: domain, vocabulary: vocabulary, variables: variables, sourceIDs: sources.map(\.name),
            formFields: formFields?.map(\.name))
        let defaults = top[key: "see"].map { context.expectations($0, what: "the policy's 'see'", problems: &problems) } ?? [:]
        guard let statesNode = top[key: "states"] else {
            problems.add("a policy needs 'states'", at: root.position)
            return nil
        }
        var stateParser = StateParser(context: context, defaults: defaults)
        stateParser.defaultSheetUnverified = top[key: "see"].flatMap { context.sheetUnverified($0, problems: &problems) }
        let states = stateParser.readStates(statesNode, problems: &problems)
        var initial = states.first?.name ?? ""
        if let node = top[key: "initial"], let name = problems.text(node, "'initial'") {
            if states.contains(where: { $0.name == name }) {
                initial = name
            } else {
                let hint = problems.hint(for: name, among: states.map(\.name))
                problems.add("'initial' names no state: '\(name)'\(hint)", at: node.position)
            }
        }
        var policy = Policy(
            id: id, file: file, title: title, summary: summary, domain: domain, sources: sources, vocabulary: vocabulary,
            buttons: buttons, variables: variables, initialState: initial, states: states, defaults: defaults)
        policy.formFields = formFields
        policy.fieldReads = context.fieldReads.reads
        policy.idPosition = top[key: "policy"]?.position
        policy.initialPosition = top[key: "initial"]?.position
        return policy
    }

    private func readSources(_ node: YNode?, problems: inout ProblemCollector) -> [NamedText] {
        guard let node else { return [] }
        guard let pairs = problems.mapping(node, "'sources' (short ids mapped to citations)") else { return [] }
        return pairs.compactMap { pair in
            guard let name = problems.text(pair.key, "a source id"), let text = problems.text(pair.value, "source '\(name)'")
            else { return nil }
            return NamedText(name: name, text: text)
        }
    }

    private func readButtons(_ node: YNode?, domain: String, problems: inout ProblemCollector) -> [String: String] {
        guard let node else { return [:] }
        guard domain == FormDomain.name else {
            problems.add("'buttons' belongs to form policies", at: node.position)
            return [:]
        }
        guard let pairs = problems.mapping(node, "'buttons'") else { return [:] }
        problems.rejectUnknownKeys(in: pairs, known: FormDomain.buttonRoles, what: "'buttons'")
        var buttons: [String: String] = [:]
        for pair in pairs {
            if let role = pair.key.scalarText, FormDomain.buttonRoles.contains(role),
                let label = problems.text(pair.value, "the label of '\(role)'")
            {
                buttons[role] = label
            }
        }
        return buttons
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic, first.isASCII else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    private func readVariables(_ node: YNode?, domain: String, problems: inout ProblemCollector) -> [VariableDeclaration] {
        guard let node, let pairs = problems.mapping(node, "'variables'") else { return [] }
        var variables: [VariableDeclaration] = []
        for pair in pairs {
            guard let name = problems.text(pair.key, "a variable name") else { continue }
            if !Self.isIdentifier(name) {
                problems.add("'\(name)' cannot be used in expressions; a variable name is letters, digits and _", at: pair.key.position)
                continue
            }
            if ["arg", "true", "false", "null"].contains(name)
                || (domain == FormDomain.name && ["edited", "modified", "form"].contains(name))
            {
                problems.add("'\(name)' is a built-in name; choose another", at: pair.key.position)
                continue
            }
            if let variable = VariableParser.read(name: name, pair.value, at: pair.key.position, problems: &problems) {
                variables.append(variable)
            }
        }
        return variables
    }
}

/// Reads one variable: `NAME: VALUE` (type from the value) or `NAME: { type: T, initial: V }`.
enum VariableParser {
    static func read(name: String, _ node: YNode, at position: TextPosition, problems: inout ProblemCollector)
        -> VariableDeclaration?
    {
        if let value = node.scalarValue {
            let type: ExprType
            switch value {
            case .bool: type = .bool
            case .number: type = .number
            case .string: type = .string
            default:
                problems.add("give variable '\(name)' a value, or { type, initial }", at: node.position)
                return nil
            }
            return VariableDeclaration(name: name, type: type, initial: value, position: position)
        }
        guard let pairs = problems.mapping(node, "variable '\(name)'") else { return nil }
        problems.rejectUnknownKeys(in: pairs, known: ["type", "initial"], what: "variable '\(name)'")
        guard let typeNode = pairs[key: "type"], let type = VocabularyParser.type(typeNode, name: name, problems: &problems) else {
            if pairs[key: "type"] == nil { problems.add("variable '\(name)' needs a 'type'", at: node.position) }
            return nil
        }
        guard let initialNode = pairs[key: "initial"] else {
            problems.add("variable '\(name)' needs an 'initial' value", at: node.position)
            return nil
        }
        guard let initial = ArgumentReader.scalar(initialNode, type: type, what: "the initial value of '\(name)'", problems: &problems)
        else { return nil }
        return VariableDeclaration(name: name, type: type, initial: initial, position: position)
    }
}
