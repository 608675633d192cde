import ConformCore

/// Turns the text of a baseline file (`conform run --baseline`) into a `Baseline`, reporting every
/// problem with its line and column. Entries with a problem are left out; the others are kept, so a
/// run can still apply them while it reports the problems.
public struct BaselineLoader: Sendable {
    public var reader: YAMLReader

    public init(reader: YAMLReader = YAMLReader()) {
        self.reader = reader
    }

    /// The format version this conform reads.
    public static let version = 1
    static let topLevelKeys = ["conform-baseline", "entries"]
    static let entryKeys = ["trace", "policy", "verdict", "state", "observed", "seen", "reason", "expires"]
    static let verdicts: [Verdict.Kind] = [.fail, .inapplicable, .error]

    /// The well-formed entries, and every problem found.
    public func load(_ bytes: [UInt8], file: String) -> (baseline: Baseline, problems: [Problem]) {
        let root: YNode
        switch reader.read(bytes) {
        case .failure(let problem): return (Baseline(file: file, entries: []), [problem])
        case .success(nil):
            return (
                Baseline(file: file, entries: []), [Problem("the file is empty; a baseline starts with 'conform-baseline: 1'", at: .start)]
            )
        case .success(let node?): root = node
        }
        var problems = ProblemCollector()
        let entries = parse(root, problems: &problems)
        return (Baseline(file: file, entries: entries), problems.sortedProblems)
    }

    private func parse(_ root: YNode, problems: inout ProblemCollector) -> [BaselineEntry] {
        guard let top = problems.mapping(root, "a baseline") else { return [] }
        if top[key: "steps"] != nil || top[key: "states"] != nil {
            problems.add("this is a trace or policy file, not a baseline", at: root.position)
            return []
        }
        problems.rejectUnknownKeys(in: top, known: Self.topLevelKeys, what: "a baseline")
        checkVersion(top, root: root, problems: &problems)
        guard let list = top[key: "entries"] else {
            problems.add("a baseline needs 'entries', a list of accepted broken claims ('entries: []' for none)", at: root.position)
            return []
        }
        guard let items = problems.sequence(list, "'entries'") else { return [] }
        var entries: [BaselineEntry] = []
        var first: [String: TextPosition] = [:]
        for item in items {
            guard let entry = self.entry(item, problems: &problems) else { continue }
            // A claim breaks in one way (its first departure), so a second entry could never match too.
            let pair = entry.key.trace + "\u{1F}" + entry.key.policy
            if let earlier = first[pair] {
                problems.add(
                    "a second entry for trace '\(entry.key.trace)' and policy '\(entry.key.policy)' (the first is at line \(earlier.line), column \(earlier.column)); a claim breaks in one way, so it has one entry",
                    at: item.position)
                continue
            }
            first[pair] = item.position
            entries.append(entry)
        }
        return entries
    }

    private func checkVersion(_ top: [YPair], root: YNode, problems: inout ProblemCollector) {
        guard let node = top[key: "conform-baseline"] else {
            problems.add("a baseline needs 'conform-baseline: \(Self.version)' (the format version)", at: root.position)
            return
        }
        guard !node.isQuoted, case .number(let version)? = node.scalarValue, version == Double(Self.version) else {
            problems.add(
                "unsupported baseline version '\(node.scalarText ?? node.kindDescription)'; this conform reads version \(Self.version)",
                at: node.position)
            return
        }
    }

    /// One entry, or `nil` (with problems) when it is not well-formed.
    private func entry(_ node: YNode, problems: inout ProblemCollector) -> BaselineEntry? {
        guard let pairs = problems.mapping(node, "a baseline entry") else { return nil }
        let before = problems.problems.count + problems.omitted
        problems.rejectUnknownKeys(in: pairs, known: Self.entryKeys, what: "a baseline entry")
        func required(_ key: String, _ what: String) -> String? {
            guard let value = pairs[key: key] else {
                problems.add("a baseline entry needs '\(key)' (\(what))", at: node.position)
                return nil
            }
            return problems.text(value, "'\(key)'")
        }
        let trace = required("trace", "the trace id")
        let policy = required("policy", "the claimed policy id")
        let reason = required("reason", "why the deviation is accepted")
        if let reason, reason.trimmingWhitespace.isEmpty, let node = pairs[key: "reason"] {
            problems.add("'reason' is empty; say why the deviation is accepted", at: node.position)
        }
        var verdict: Verdict.Kind? = .fail
        if let node = pairs[key: "verdict"] {
            // An unknown verdict says nothing about which other keys the entry needs.
            verdict = nil
            if let word = problems.text(node, "'verdict'") {
                if let kind = Verdict.Kind(rawValue: word), Self.verdicts.contains(kind) {
                    verdict = kind
                } else {
                    problems.add("'verdict' must be fail, inapplicable or error, not '\(word)'", at: node.position)
                }
            }
        }
        var state: String?
        var observed: JSONValue?
        var seen: JSONValue?
        if verdict == .fail {
            // Optional: entries written before conform kept it match without it.
            if let node = pairs[key: "seen"] {
                seen =
                    problems.mapping(node, "'seen' (all that the revealing step saw, e.g. { sheet: none, saved: true })") != nil
                    ? json(node, problems: &problems) : nil
            }
            state = required("state", "the policy's state at the departure")
            if let node = pairs[key: "observed"] {
                observed =
                    problems.mapping(node, "'observed' (what the trace saw or did, e.g. { cancel: absent })") != nil
                    ? json(node, problems: &problems) : nil
            } else {
                problems.add("a baseline entry needs 'observed' (what the trace saw or did at the departure)", at: node.position)
            }
        } else if let verdict {
            for key in ["state", "observed", "seen"] {
                if let extra = pairs.first(where: { $0.key.scalarText == key }) {
                    problems.add("'\(key)' is only for a 'fail' entry; this one is '\(verdict.rawValue)'", at: extra.key.position)
                }
            }
        }
        var expires: CalendarDate?
        if let node = pairs[key: "expires"] {
            expires = date(node, problems: &problems)
        }
        guard problems.problems.count + problems.omitted == before, let trace, let policy, let reason, let verdict else { return nil }
        let key = BaselineKey(trace: trace, policy: policy, verdict: verdict, state: state, observed: observed, seen: seen)
        return BaselineEntry(key: key, reason: reason, expires: expires, position: node.position)
    }

    private func date(_ node: YNode, problems: inout ProblemCollector) -> CalendarDate? {
        guard let text = node.scalarText, node.scalarValue != .null else {
            problems.add("'expires' must be a date written YYYY-MM-DD, not \(node.kindDescription)", at: node.position)
            return nil
        }
        switch CalendarDate.parse(text) {
        case .success(let date):
            return date
        case .failure(let refusal):
            let shaped =
                text.utf8.count == 10
                && text.enumerated().allSatisfy {
                    ($0.offset == 4 || $0.offset == 7) ? $0.element == "-" : $0.element.isASCII && $0.element.isNumber
                }
            problems.add(
                shaped
                    ? "'expires' is '\(text)', which is not a day of the calendar: \(refusal.reason)"
                    : "'expires' must be a date written YYYY-MM-DD, not '\(text)'",
                at: node.position)
            return nil
        }
    }

    /// A YAML node as the JSON value it stands for (scalars typed by YAML's core schema).
    private func json(_ node: YNode, problems: inout ProblemCollector) -> JSONValue? {
        switch node.kind {
        case .scalar: return node.scalarValue?.json
        case .sequence(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = json(item, problems: &problems) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .mapping(let pairs):
            var members: [(String, JSONValue)] = []
            for pair in pairs {
                guard let key = problems.text(pair.key, "a key in 'observed'"), let value = json(pair.value, problems: &problems) else {
                    return nil
                }
                members.append((key, value))
            }
            return .object(members)
        }
    }
}
