import ConformCore

/// What a policy's parts are checked against while it loads: its domain, vocabulary, variables and sources.
struct PolicyContext {
    let domain: String
    let vocabulary: Vocabulary
    let variables: [VariableDeclaration]
    let sourceIDs: [String]
    /// The fields the policy's `fields:` declares; `nil` when it declares none (then any `form.FIELD` is read).
    let formFields: [String]?
    let fieldReads = FieldReadLog()
    /// The scopes made so far, by verb: every branch and every `see` asks for one, and making each anew
    /// (a dictionary of names, a set of every enumeration case) was a twentieth of loading the built-ins.
    let scopes = ScopeMemo()

    var isForm: Bool { domain == FormDomain.name }

    /// Names visible in `see` expressions and guards; `verb` adds that action's arguments.
    func scope(for verb: String? = nil) -> ExpressionScope {
        guard let verb else {
            if let scope = scopes.plain { return scope }
            let scope = makeScope(for: nil)
            scopes.plain = scope
            return scope
        }
        if let scope = scopes.byVerb[verb] { return scope }
        let scope = makeScope(for: verb)
        scopes.byVerb[verb] = scope
        return scope
    }

    private func makeScope(for verb: String?) -> ExpressionScope {
        var scope = ExpressionScope()
        for variable in variables {
            scope.names[variable.name] = variable.type
            if case .enumeration(_, let cases) = variable.type { scope.symbols.formUnion(cases) }
        }
        for case .value(.enumeration(_, let cases)) in vocabulary.observations.values { scope.symbols.formUnion(cases) }
        // The trace's `settings:` (how the app is built), in every domain; a setting the trace leaves out is null.
        scope.openPrefixes["settings."] = .any
        if isForm {
            scope.names["edited"] = .bool
            scope.names["modified"] = .bool
            if let formFields {
                for field in formFields { scope.names["form.\(field)"] = .any }
            } else {
                scope.openPrefixes["form."] = .any
            }
        }
        if let verb, let spec = vocabulary.actions[verb] {
            switch spec {
            case .scalar(let type), .optionalScalar(let type):
                scope.names["arg"] = type
                if case .enumeration(_, let cases) = type { scope.symbols.formUnion(cases) }
            case .record(let parameters, _):
                for (name, type) in parameters {
                    scope.names["arg.\(name)"] = type
                    if case .enumeration(_, let cases) = type { scope.symbols.formUnion(cases) }
                }
            case .none, .fields: break
            }
        }
        return scope
    }

    /// Reads a `see:` map of expectations.
    func expectations(_ node: YNode, what: String, problems: inout ProblemCollector) -> [String: Expectation] {
        if let items = node.sequence, !items.isEmpty, items.allSatisfy({ $0.mapping?.count == 1 }) {
            // `see:` then `- dismissed: true` lines: a list of one-key maps, meant as one map.
            problems.add("\(what) must be a map, not a list; drop the '- ' before each key", at: node.position)
            return [:]
        }
        guard let pairs = problems.mapping(node, what) else { return [:] }
        var result: [String: Expectation] = [:]
        let reader = ExpressionReader(scope: scope(), fieldReads: fieldReads)
        for pair in pairs {
            guard let key = problems.text(pair.key, "an observation key") else { continue }
            switch vocabulary.observations[key] {
            case nil:
                let known = vocabulary.observations.keys.sorted()
                let hint = problems.hint(for: key, among: known)
                problems.add("unknown observation '\(key)'\(hint)", at: pair.key.position)
            case .fields?:
                problems.add("'\(key)' is checked against the trace's own edits; a policy does not set it", at: pair.key.position)
            case .sheet?:
                if let sheet = SheetSpecParser.read(pair.value, problems: &problems) { result[key] = .sheet(sheet) }
            case .value(let type)?:
                if let expression = reader.read(pair.value, expecting: type, what: "'\(key)'", problems: &problems) {
                    result[key] = .value(expression)
                }
            }
        }
        return result
    }

    /// Reads `source:` (one id or a list) and `unverified:` (true or a reason).
    func provenance(_ pairs: [YPair], problems: inout ProblemCollector) -> Provenance {
        var provenance = Provenance()
        if let node = pairs[key: "source"] {
            for item in node.sequence ?? [node] {
                guard let id = problems.text(item, "a source id") else { continue }
                if sourceIDs.contains(id) {
                    provenance.sources.append(id)
                } else {
                    let hint = problems.hint(for: id, among: sourceIDs)
                    problems.add("'\(id)' is not among the policy's sources\(hint)", at: item.position)
                }
            }
        }
        if let node = pairs[key: "unverified"] { provenance.unverified = Self.unverified(node, problems: &problems) }
        return provenance
    }

    /// `unverified: true` (an empty reason), `false` (nil) or a reason.
    static func unverified(_ node: YNode, problems: inout ProblemCollector) -> String? {
        switch node.scalarValue {
        case .bool(true)?: return ""
        case .bool(false)?: return nil
        case .string(let reason)?: return reason
        default:
            problems.add("'unverified' is true or a reason", at: node.position)
            return nil
        }
    }

    /// The `unverified:` of a `see:` map's `sheet: { ... }`: what a sheet shows that no source gives
    /// (the sheet's other keys are read by `SheetSpecParser`).
    func sheetUnverified(_ seeNode: YNode, problems: inout ProblemCollector) -> String? {
        guard let sheet = seeNode.mapping?[key: "sheet"], let node = sheet.mapping?[key: "unverified"] else { return nil }
        return Self.unverified(node, problems: &problems)
    }
}

/// The scopes one policy's context has made: without a verb, and by verb. A class, so that the context,
/// a value passed to every part of the loader, shares one memo; it lives as long as one file's load, and
/// the context's parts it is made from do not change during it.
final class ScopeMemo {
    var plain: ExpressionScope?
    var byVerb: [String: ExpressionScope] = [:]
}

/// Reads a policy's `sheet:` expectation: `none`, `shown`, or `{ title, message, actions }`,
/// where a title left out is open (the source gives no string) and `null` means no title.
enum SheetSpecParser {
    static func read(_ node: YNode, problems: inout ProblemCollector) -> SheetExpectation? {
        if let word = node.scalarText, !node.isQuoted {
            if word == "none" { return SheetExpectation.none }
            if word == "shown" { return .shown(title: .open, message: .open, actions: nil) }
        }
        guard let pairs = node.mapping else {
            let quoted = node.isQuoted && ["none", "shown"].contains(node.scalarText ?? "")
            problems.add(
                "'sheet' must be none, shown, or a map with title, message and actions"
                    + (quoted ? "; write \(node.scalarText ?? "") without quotes (quoted, it is text)" : ""),
                at: node.position)
            return nil
        }
        // `unverified` is provenance, read by `PolicyContext.sheetUnverified`.
        problems.rejectUnknownKeys(in: pairs, known: ["title", "message", "actions", "unverified"], what: "'sheet'")
        var actions: [SheetActionSpec]?
        if let actionsNode = pairs[key: "actions"], let items = problems.sequence(actionsNode, "the sheet's actions") {
            actions = items.compactMap { action($0, problems: &problems) }
        }
        return .shown(
            title: text(pairs[key: "title"], problems: &problems), message: text(pairs[key: "message"], problems: &problems),
            actions: actions)
    }

    private static func text(_ node: YNode?, problems: inout ProblemCollector) -> TextExpectation {
        guard let node else { return .open }
        if node.scalarValue == .null { return .absent }
        return problems.text(node, "a sheet text").map(TextExpectation.text) ?? .open
    }

    private static func action(_ node: YNode, problems: inout ProblemCollector) -> SheetActionSpec? {
        if node.scalarText != nil {
            return problems.text(node, "a sheet action").map { SheetActionSpec(title: $0, role: nil) }
        }
        guard let pairs = problems.mapping(node, "a sheet action") else { return nil }
        // `- Delete Draft: destructive`: a title and its role written as one pair.
        if pairs.count == 1, let title = pairs[0].key.scalarText, !["title", "role"].contains(title),
            let word = pairs[0].value.scalarText, let role = SheetRole(rawValue: word)
        {
            problems.add(
                "a sheet action is a title or { title, role }: write { title: \(title), role: \(word) }", at: pairs[0].key.position)
            return SheetActionSpec(title: title, role: role)
        }
        problems.rejectUnknownKeys(in: pairs, known: ["title", "role"], what: "a sheet action")
        let title = pairs[key: "title"].flatMap { problems.text($0, "the action's title") }
        let role = pairs[key: "role"].flatMap { RoleReader.read($0, problems: &problems) }
        if title == nil, role == nil {
            problems.add("a sheet action needs a title, a role, or both", at: node.position)
            return nil
        }
        return SheetActionSpec(title: title, role: role)
    }
}
