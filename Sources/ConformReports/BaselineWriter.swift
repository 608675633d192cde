import ConformCore

/// Writes a baseline file (`conform run --write-baseline`): entries sorted by trace and policy, one key
/// a line in a fixed order, `observed` in flow style, every string plain only where YAML reads it back
/// as that string. The same baseline gives the same bytes.
public enum BaselineWriter {
    public static func yaml(_ baseline: Baseline) -> String {
        var lines = [
            "# Known departures that `conform run --baseline` accepts (Docs/Baselines.md). An entry matches a broken",
            "# claim by trace, policy, state, observed value and all that step saw; say in `reason` why it is accepted, and add",
            "# `expires: YYYY-MM-DD` to accept it until that day only.",
            "conform-baseline: \(1)",
        ]
        let entries = baseline.sortedEntries
        lines.append(entries.isEmpty ? "entries: []" : "entries:")
        for entry in entries { lines += self.entry(entry) }
        return lines.joined(separator: "\n") + "\n"
    }

    static func entry(_ entry: BaselineEntry) -> [String] {
        let key = entry.key
        var lines = ["  - trace: " + Escaping.yaml(key.trace), "    policy: " + Escaping.yaml(key.policy)]
        if key.verdict != .fail { lines.append("    verdict: " + key.verdict.rawValue) }
        if let state = key.state { lines.append("    state: " + Escaping.yaml(state)) }
        if let observed = key.observed { lines.append("    observed: " + flow(observed)) }
        if let seen = key.seen { lines.append("    seen: " + flow(seen)) }
        lines.append("    reason: " + Escaping.yaml(entry.reason))
        if let expires = entry.expires { lines.append("    expires: \(expires)") }
        return lines
    }

    /// A JSON value in YAML flow style, as people write it: `{ sheet: { actions: [Delete, Cancel] } }`.
    static func flow(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return Value.format(number)
        case .string(let text): return Escaping.yaml(text)
        case .array(let items): return "[" + items.map(flow).joined(separator: ", ") + "]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            return "{ " + members.map { Escaping.yaml($0.0) + ": " + flow($0.1) }.joined(separator: ", ") + " }"
        }
    }
}
