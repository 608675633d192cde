import ConformCore

/// Turns the text of a trace file into a `Trace`, reporting every problem with its line and column.
public struct TraceLoader: Sendable {
    public var vocabulary: KnownVocabulary {
        didSet { direct = DirectVocabulary(vocabulary) }
    }
    public var reader: YAMLReader
    /// The most steps one trace may have.
    public var maximumSteps: Int
    /// The most steps a trace may have unless a loader is told otherwise (Docs/Limits.md).
    public static let defaultMaximumSteps = 1_000_000
    /// The vocabulary as the direct reader looks words up.
    private var direct: DirectVocabulary
    /// Whether well-formed files are read straight from libyaml's events (the fast path). Off, every
    /// file goes the general way; the result must be the same (the fuzz target compares the two).
    public var readsDirectly = true
    /// Whether the fast path copies its tables of a trace's items, edits and sheet actions to their size
    /// (they make room for every line of the file): for traces kept after they are checked. Off for a
    /// run that drops each trace once checked, where the copy is only work (the outcome is the same).
    public var trimsTables = true

    public init(vocabulary: KnownVocabulary, reader: YAMLReader = YAMLReader(), maximumSteps: Int = Self.defaultMaximumSteps) {
        self.vocabulary = vocabulary
        self.direct = DirectVocabulary(vocabulary)
        self.reader = reader
        self.maximumSteps = maximumSteps
    }

    static let topLevelKeys = [
        "conform", "trace", "title", "app", "platform", "device", "screen", "recorded", "note", "policy", "form", "steps",
        "settings",
    ]

    /// The problem of a trace with `steps: []`, at its `steps:` key.
    public static let noStepsMessage =
        "a trace needs at least one step; with none it shows nothing, so no policy can hold on it"

    /// Loads a trace; the trace is `nil` when any problem was found.
    public func load(_ bytes: [UInt8], file: String) -> (trace: Trace?, problems: [Problem]) {
        if file.lowercased().hasSuffix(".json"), let rewrite = JSONSurrogates.rewrite(bytes) {
            guard rewrite.problems.isEmpty else { return (nil, rewrite.problems) }
            var (trace, problems) = loadRewritten(rewrite.bytes, file: file)
            trace?.mapPositions(rewrite.original)
            problems = problems.map { Problem($0.message, at: rewrite.original($0.position), notes: $0.notes) }
            return (trace, problems)
        }
        return loadRewritten(bytes, file: file)
    }

    private func loadRewritten(_ bytes: [UInt8], file: String) -> (trace: Trace?, problems: [Problem]) {
        // Most files are well-formed traces: read them straight from libyaml's events. Any other file,
        // and any file with a problem, is read again below, the one way that words problems.
        if readsDirectly,
            let trace = DirectTrace.read(
                bytes, file: file, vocabulary: direct, limits: reader.limits, maximumSteps: maximumSteps, trimsTables: trimsTables),
            ClaimedFields(claims: trace.claims, vocabulary: vocabulary)?.missesAField(of: trace) != true
        {
            return (trace, [])
        }
        return loadGenerally(bytes, file: file)
    }

    /// Reads any file through the node tree, finding every problem.
    func loadGenerally(_ bytes: [UInt8], file: String) -> (trace: Trace?, problems: [Problem]) {
        let root: YNode
        switch reader.read(bytes) {
        case .failure(let problem): return (nil, [problem])
        case .success(nil): return (nil, [Problem("the file is empty; a trace starts with 'conform: 1'", at: .start)])
        case .success(let node?): root = node
        }
        var problems = ProblemCollector()
        let trace = parse(root, file: file, problems: &problems)
        return problems.problems.isEmpty ? (trace, []) : (nil, problems.sortedProblems)
    }

    private func parse(_ root: YNode, file: String, problems: inout ProblemCollector) -> Trace? {
        guard let top = problems.mapping(root, "a trace") else { return nil }
        if top[key: "states"] != nil, top[key: "steps"] == nil {
            problems.add("this is a policy file, not a trace; load policies with --policies", at: root.position)
            return nil
        }
        if top[key: "conform-baseline"] != nil {
            problems.add(
                "this is a baseline file, not a trace; give it to --baseline, and keep it outside the folders of traces", at: root.position)
            return nil
        }
        problems.rejectUnknownKeys(in: top, known: Self.topLevelKeys, what: "a trace")
        FormatVersion.check(top, root: root, what: "trace", problems: &problems)
        var trace = Trace(id: Self.defaultID(for: file), file: file, steps: [])
        func text(_ key: String) -> String? { top[key: key].flatMap { problems.text($0, "'\(key)'") } }
        trace.id = text("trace") ?? trace.id
        trace.idPosition = top[key: "trace"]?.position
        trace.title = text("title")
        trace.app = text("app")
        trace.platform = text("platform")
        trace.device = text("device")
        trace.screen = text("screen")
        trace.recorded = text("recorded")
        trace.note = text("note")
        if let node = top[key: "policy"] { trace.claims = claims(node, problems: &problems) }
        // A claimed policy that declares its fields reads no other: a field it does not know is a slip.
        let claimed = ClaimedFields(claims: trace.claims, vocabulary: vocabulary)
        if let node = top[key: "form"], let pairs = problems.mapping(node, "'form'") {
            trace.form = Dictionary(FieldReader.values(pairs, problems: &problems).map { ($0.name, $0.value) }) { first, _ in first }
            if let claimed {
                let lacking = claimed.declared(absentFrom: Array(trace.form.keys))
                for pair in pairs {
                    guard let name = pair.key.scalarText, !claimed.knows(name) else { continue }
                    problems.add(claimed.message(for: name, formLacks: lacking), at: pair.key.position)
                }
            }
        }
        if let node = top[key: "settings"], let pairs = problems.mapping(node, "'settings' (how the app is built, NAME: VALUE)") {
            trace.settings = Dictionary(FieldReader.values(pairs, problems: &problems).map { ($0.name, $0.value) }) { first, _ in first }
        }
        guard let stepsNode = top[key: "steps"] else {
            problems.add("a trace needs 'steps', a list of actions and observations", at: root.position)
            return nil
        }
        if stepsNode.mapping != nil {
            // `steps:` then `  tap: Cancel`: the dash that makes each step an item of the list is missing.
            problems.add("'steps' must be a list, not a map; start each step with '- ' (  - tap: Cancel)", at: stepsNode.position)
            return nil
        }
        guard let items = problems.sequence(stepsNode, "'steps'") else { return nil }
        guard items.count <= maximumSteps else {
            problems.add("\(items.count) steps; a trace may have at most \(maximumSteps)", at: stepsNode.position)
            return nil
        }
        // A claim checked on no step would hold on nothing: an empty trace is not evidence of any policy.
        guard !items.isEmpty else {
            let key = top.first { $0.key.scalarText == "steps" }?.key.position ?? stepsNode.position
            problems.add(Self.noStepsMessage, at: key)
            return nil
        }
        // With a `form:`, its fields are the form's: an edit or a `see: { form: }` of another field is a misspelling.
        let steps = StepParser(
            vocabulary: vocabulary, declaredFields: top[key: "form"] == nil ? nil : trace.form.keys.sorted(), claimedFields: claimed)
        for (index, item) in items.enumerated() {
            if let step = steps.parse(item, number: index + 1, problems: &problems) { trace.steps.append(step) }
        }
        return trace
    }

    /// The policies a file claims under `policy:`, as far as they can be read, whether or not the rest
    /// of it is a valid trace: so that a trace that does not load can still be told that it claims a
    /// policy that is not loaded, beside its other problems.
    public func claims(in bytes: [UInt8]) -> [Claim] {
        guard case .success(let root?) = reader.read(bytes), let top = root.mapping, let node = top[key: "policy"] else { return [] }
        var ignored = ProblemCollector()
        return claims(node, problems: &ignored)
    }

    private func claims(_ node: YNode, problems: inout ProblemCollector) -> [Claim] {
        let nodes = node.sequence ?? [node]
        return nodes.compactMap { item in
            problems.text(item, "a claimed policy id").map { Claim(policy: $0, position: item.position) }
        }
    }

    /// The file name without its directory and extension.
    static func defaultID(for file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}

/// The `conform: 1` key that every trace and policy starts with.
enum FormatVersion {
    static let supported = 1

    static func check(_ top: [YPair], root: YNode, what: String, problems: inout ProblemCollector) {
        guard let node = top[key: "conform"] else {
            problems.add("a \(what) needs 'conform: \(supported)' (the format version)", at: root.position)
            return
        }
        if node.isQuoted, node.scalarText == String(supported) {
            problems.add("the format version is the number \(supported), not the string '\(supported)'", at: node.position)
            return
        }
        guard case .number(let version)? = node.scalarValue, version == Double(supported) else {
            problems.add(
                "unsupported format version '\(node.scalarText ?? node.kindDescription)'; this conform reads version \(supported)",
                at: node.position)
            return
        }
    }
}

/// Reads `FIELD: VALUE` pairs (the trace's `form:`, `edit:` and `see: { form: }`); values are scalars.
enum FieldReader {
    static func values(_ pairs: [YPair], problems: inout ProblemCollector) -> [NamedValue] {
        pairs.compactMap { pair in
            guard let name = problems.text(pair.key, "a field name") else { return nil }
            guard let value = pair.value.scalarValue else {
                problems.add("the value of field '\(name)' must be a scalar, not \(pair.value.kindDescription)", at: pair.value.position)
                return nil
            }
            return NamedValue(name: name, value: value)
        }
    }
}
