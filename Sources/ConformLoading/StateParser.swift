import ConformCore

/// Reads a policy's `states:` with their expectations, transitions and ignored actions, and checks
/// that every target, pattern and update refers to something that exists.
struct StateParser {
    let context: PolicyContext
    let defaults: [String: Expectation]
    /// The `unverified:` of the policy-level `see`'s sheet, for states that show that sheet.
    var defaultSheetUnverified: String? = nil

    static let stateKeys = ["final", "see", "on", "ignore", "source", "unverified", "note"]
    static let branchKeys = ["if", "set", "to", "source", "unverified", "note"]
    static let ignoreKeys = ["action", "source", "unverified", "note"]

    func readStates(_ node: YNode, problems: inout ProblemCollector) -> [PolicyState] {
        guard let written = problems.mapping(node, "'states'") else { return [] }
        let pairs = Self.regroupingMisindentedKeys(written, problems: &problems)
        let names = pairs.compactMap(\.key.scalarText)
        var states: [PolicyState] = []
        for pair in pairs {
            guard let name = problems.text(pair.key, "a state name") else { continue }
            if let state = readState(name, pair.value, at: pair.key.position, stateNames: names, problems: &problems) {
                states.append(state)
            }
        }
        if states.isEmpty, problems.problems.isEmpty { problems.add("a policy needs at least one state", at: node.position) }
        return states
    }

    /// `on:` (or `see:`, ...) written at the indent of the state names, under a state left empty or
    /// without that key: YAML reads it as a state named `on`. One error says to indent it, and it is
    /// read as the previous state's, so the rest of the file is checked as meant.
    static func regroupingMisindentedKeys(_ pairs: [YPair], problems: inout ProblemCollector) -> [YPair] {
        var regrouped: [YPair] = []
        for pair in pairs {
            if let key = pair.key.scalarText, stateKeys.contains(key), let previous = regrouped.last,
                let owner = previous.key.scalarText, previous.value.scalarValue == .null || previous.value.mapping?[key: key] == nil,
                previous.value.scalarValue == .null || previous.value.mapping != nil
            {
                problems.add(
                    "'\(key):' stands at the indent of the state names, so it reads as a state named '\(key)'; "
                        + "indent it under '\(owner):' (further than the state's name)", at: pair.key.position)
                let before = previous.value.mapping ?? []
                regrouped[regrouped.count - 1].value = YNode(.mapping(before + [pair]), at: previous.value.position)
                continue
            }
            regrouped.append(pair)
        }
        return regrouped
    }

    private func readState(
        _ name: String, _ node: YNode, at position: TextPosition, stateNames: [String], problems: inout ProblemCollector
    ) -> PolicyState? {
        guard let pairs = problems.mapping(node, "state '\(name)'") else { return nil }
        problems.rejectUnknownKeys(in: pairs, known: Self.stateKeys, what: "state '\(name)'")
        let isFinal = pairs[key: "final"].flatMap { problems.bool($0, "'final'") } ?? false
        let expectations = pairs[key: "see"].map { context.expectations($0, what: "the 'see' of '\(name)'", problems: &problems) } ?? [:]
        var sheet = expectations["sheet"] ?? (isFinal ? nil : defaults["sheet"])
        if sheet == nil, context.isForm { sheet = .sheet(.none) }
        // `sea:` for `see:` is reported as an unknown key; its sheet is then unknown, not absent.
        let seeMisspelt =
            pairs[key: "see"] == nil
            && pairs.contains { pair in
                pair.key.scalarText.map { !Self.stateKeys.contains($0) && Spelling.nearest(to: $0, among: Self.stateKeys) == "see" }
                    ?? false
            }
        var transitions: [Transition] = []
        if let onNode = pairs[key: "on"], let onPairs = problems.mapping(onNode, "'on'") {
            if isFinal { problems.add("a final state has no transitions", at: onNode.position) }
            for pair in onPairs {
                guard let pattern = readPattern(pair.key, sheet: sheet, seeMisspelt: seeMisspelt, problems: &problems) else { continue }
                let branches = readBranches(pair.value, from: name, verb: pattern.verb, stateNames: stateNames, problems: &problems)
                if transitions.contains(where: { $0.pattern == pattern }) {
                    problems.add("'\(pattern.display)' appears twice in state '\(name)'", at: pair.key.position)
                }
                transitions.append(Transition(pattern: pattern, position: pair.key.position, branches: branches))
            }
        }
        var ignored: [ActionPattern] = []
        var ignoredDetails: [ActionPattern: Annotation] = [:]
        if let ignoreNode = pairs[key: "ignore"] {
            for item in ignoreNode.sequence ?? [ignoreNode] {
                // A pattern, or `{ action: PATTERN, source, unverified, note }`.
                if let itemPairs = item.mapping {
                    problems.rejectUnknownKeys(in: itemPairs, known: Self.ignoreKeys, what: "an ignored action")
                    guard let actionNode = itemPairs[key: "action"] else {
                        problems.add("an ignored action given as a map needs 'action'", at: item.position)
                        continue
                    }
                    guard let pattern = readPattern(actionNode, sheet: sheet, problems: &problems) else { continue }
                    ignored.append(pattern)
                    ignoredDetails[pattern] = Annotation(
                        provenance: context.provenance(itemPairs, problems: &problems),
                        note: itemPairs[key: "note"].flatMap { problems.text($0, "'note'") })
                } else if let pattern = readPattern(item, sheet: sheet, problems: &problems) {
                    ignored.append(pattern)
                }
            }
        }
        var sheetUnverified: String?
        if let seeNode = pairs[key: "see"], seeNode.mapping?[key: "sheet"] != nil {
            sheetUnverified = context.sheetUnverified(seeNode, problems: &problems)
        } else if !isFinal {
            sheetUnverified = defaultSheetUnverified
        }
        return PolicyState(
            name: name, position: position, isFinal: isFinal, expectations: expectations, transitions: transitions,
            ignored: ignored, provenance: context.provenance(pairs, problems: &problems),
            note: pairs[key: "note"].flatMap { problems.text($0, "'note'") }, ignoredDetails: ignoredDetails,
            sheetUnverified: sheetUnverified)
    }

    /// `VERB` or `VERB ARGUMENT`; for forms, `tap done|cancel|LABEL` and `choose TITLE|ROLE` of the state's sheet.
    private func readPattern(
        _ node: YNode, sheet: Expectation?, seeMisspelt: Bool = false, problems: inout ProblemCollector
    ) -> ActionPattern? {
        guard let text = problems.text(node, "an action (VERB or 'VERB ARGUMENT')") else { return nil }
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = parts.first else {
            problems.add("an empty action", at: node.position)
            return nil
        }
        let argument = parts.count > 1 ? parts[1] : nil
        let handledByForm = context.isForm && (verb == "present" || verb == Action.tapOutsideVerb)
        guard context.vocabulary.actions[verb] != nil, !handledByForm else {
            let reason =
                verb == "present"
                ? "'present' always reopens the form; a policy does not handle it"
                : verb == Action.tapOutsideVerb
                    ? "'\(verb)' is the sheet's cancel action: a transition 'on: choose ...' for the action of role cancel takes it"
                    : context.vocabulary.observations[verb] != nil
                        ? "'\(verb)' is an observation, not an action: it belongs under the state's 'see:', not under 'on:'"
                        : "unknown verb '\(verb)'\(problems.hint(for: verb, among: context.vocabulary.actions.keys.sorted().filter { $0 != Action.tapOutsideVerb }))"
            problems.add(reason, at: node.position)
            return nil
        }
        if let argument, let problem = argumentProblem(verb: verb, argument: argument) {
            problems.add(problem, at: node.position)
            return nil
        }
        if context.isForm, verb == "choose" {
            guard case .sheet(let spec)? = sheet, spec.isShown else {
                if seeMisspelt { return nil }
                problems.add(
                    "'\(text)' in a state that shows no sheet (give the state a see: { sheet: { actions: [...] } })", at: node.position)
                return nil
            }
            if let argument, !spec.actions.contains(where: { $0.title == argument || $0.role?.rawValue == argument }) {
                let titles = spec.actions.compactMap(\.title)
                let sameLetters = titles.first { $0.lowercased() == argument.lowercased() }
                let hint = sameLetters.map { "; did you mean '\($0)'?" } ?? problems.hint(for: argument, among: titles)
                problems.add(
                    "the sheet here has no action titled or with the role '\(argument)'\(titles.isEmpty ? "" : hint)", at: node.position)
                return nil
            }
        }
        return ActionPattern(verb: verb, argument: argument)
    }

    static let swipeDirections = ["down", "up", "left", "right"]

    /// What the form domain's built-in names follow, for a `set` that names one.
    static let builtInMeanings = [
        "modified": "it follows the form's values (true while a field differs from its value when the form opened)",
        "edited": "it turns true at the first edit (and false when the form is presented again)",
    ]

    /// Catches a misspelt argument in a transition key, which would otherwise never match.
    private func argumentProblem(verb: String, argument: String) -> String? {
        if context.isForm, verb == "swipe", !Self.swipeDirections.contains(argument) {
            let near = Spelling.nearest(to: argument, among: Self.swipeDirections).map { "; did you mean '\($0)'?" } ?? ""
            return "a swipe goes \(Self.swipeDirections.joined(separator: ", ")), not '\(argument)'\(near)"
        }
        switch context.vocabulary.actions[verb] {
        case .scalar(.enumeration(_, let cases))?, .optionalScalar(.enumeration(_, let cases))?:
            return cases.contains(argument) ? nil : "'\(verb)' takes \(cases.joined(separator: ", ")), not '\(argument)'"
        case .none?, .record?:
            return "'\(verb)' has no single argument to match; use a condition on its arguments instead"
        case .fields?:
            // `edit amount` would never match: an edit of any field is `edit`.
            return "'\(verb) \(argument)' never matches: \(verb) takes no argument in a pattern (it matches an edit of any field); "
                + "write '\(verb)', with an 'if:' on form.\(argument) (its value after the edit) to tell edits apart"
        default:
            return nil
        }
    }

    /// A target name, one branch map, or a list of branch maps tried in order.
    private func readBranches(
        _ node: YNode, from state: String, verb: String, stateNames: [String], problems: inout ProblemCollector
    ) -> [Branch] {
        if let target = node.scalarText, node.scalarValue != .null {
            guard checkTarget(target, at: node.position, stateNames: stateNames, problems: &problems) else { return [] }
            return [Branch(condition: nil, updates: [], target: target, position: node.position, provenance: Provenance(), note: nil)]
        }
        let items = node.sequence ?? [node]
        if items.isEmpty { problems.add("a transition needs a target state or at least one branch", at: node.position) }
        return items.compactMap { readBranch($0, from: state, verb: verb, stateNames: stateNames, problems: &problems) }
    }

    private func readBranch(
        _ node: YNode, from state: String, verb: String, stateNames: [String], problems: inout ProblemCollector
    ) -> Branch? {
        guard let pairs = problems.mapping(node, "a transition (a state name, or a map with if, set and to)") else { return nil }
        problems.rejectUnknownKeys(in: pairs, known: Self.branchKeys, what: "a transition")
        let reader = ExpressionReader(scope: context.scope(for: verb), fieldReads: context.fieldReads)
        let condition = pairs[key: "if"].flatMap { reader.read($0, expecting: .bool, what: "the condition", problems: &problems) }
        var updates: [VariableUpdate] = []
        if let setNode = pairs[key: "set"], let setPairs = problems.mapping(setNode, "'set'") {
            for pair in setPairs {
                guard let name = problems.text(pair.key, "a variable name") else { continue }
                guard let variable = context.variables.first(where: { $0.name == name }) else {
                    if context.isForm, let builtIn = Self.builtInMeanings[name] {
                        problems.add(
                            "'\(name)' is built in: \(builtIn), and cannot be set; for a flag of your own, declare a variable "
                                + "(variables: { asked: false }) and set that",
                            at: pair.key.position)
                        continue
                    }
                    let hint = problems.hint(for: name, among: context.variables.map(\.name))
                    problems.add("'set' names no declared variable: '\(name)'\(hint)", at: pair.key.position)
                    continue
                }
                if let value = reader.read(pair.value, expecting: variable.type, what: "the new value of '\(name)'", problems: &problems) {
                    updates.append(VariableUpdate(variable: name, value: value))
                }
            }
        }
        var target = state
        if let toNode = pairs[key: "to"], let name = problems.text(toNode, "'to'") {
            if checkTarget(name, at: toNode.position, stateNames: stateNames, problems: &problems) { target = name }
        }
        return Branch(
            condition: condition, updates: updates, target: target, position: node.position,
            provenance: context.provenance(pairs, problems: &problems), note: pairs[key: "note"].flatMap { problems.text($0, "'note'") })
    }

    private func checkTarget(_ name: String, at position: TextPosition, stateNames: [String], problems: inout ProblemCollector) -> Bool {
        guard stateNames.contains(name) else {
            let hint = problems.hint(for: name, among: stateNames)
            problems.add("no state named '\(name)'\(hint)", at: position)
            return false
        }
        return true
    }
}
