import ConformCore

/// Writes a whole trace in the canonical trace-format-1 form: the header in a fixed order, one list
/// item a step, flow maps as people write them by hand (`see: { done: enabled }`), and block style
/// only where a line would get long or a sheet lists actions with roles. Same trace, same bytes.
public enum TraceWriter {
    /// A `see` whose flow form is longer than this is written in block style.
    static let flowWidth = 96

    public static func yaml(_ trace: Trace) -> String {
        var lines = ["conform: 1", "trace: " + Escaping.yaml(trace.id)]
        let header: [(String, String?)] = [
            ("title", trace.title), ("app", trace.app), ("platform", trace.platform), ("device", trace.device),
            ("screen", trace.screen), ("recorded", trace.recorded), ("note", trace.note),
        ]
        for case (let key, let text?) in header { lines.append("\(key): " + Escaping.yaml(text)) }
        let claims = trace.claims.map { Escaping.yaml($0.policy) }
        if claims.count == 1 { lines.append("policy: " + claims[0]) }
        if claims.count > 1 { lines.append("policy: [" + claims.joined(separator: ", ") + "]") }
        if !trace.form.isEmpty {
            lines.append(
                "form: " + TraceYAML.record(trace.form.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) }))
        }
        if !trace.settings.isEmpty {
            lines.append(
                "settings: " + TraceYAML.record(trace.settings.sorted { $0.key < $1.key }.map { NamedValue(name: $0.key, value: $0.value) })
            )
        }
        lines.append(trace.steps.isEmpty ? "steps: []" : "steps:")
        for step in trace.steps { lines += self.step(step) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One step: its verb line (or block), then `note`, `at` and `evidence` as further keys of the item.
    static func step(_ step: Step) -> [String] {
        var lines: [String]
        switch step.kind {
        case .action(let action): lines = ["  - " + TraceYAML.action(action)]
        case .see(let observation): lines = see(observation)
        }
        if let note = step.note { lines.append("    note: " + Escaping.yaml(note)) }
        if let at = step.at { lines.append("    at: " + Value.format(at)) }
        if let evidence = step.evidence { lines.append("    evidence: " + Escaping.yaml(evidence)) }
        return lines
    }

    private static func see(_ observation: Observation) -> [String] {
        let flow = "  - " + TraceYAML.observation(observation)
        let rolesListed = observation.items.contains { item in
            if case .sheet(.details(_, _, let actions?, _)) = item.value { return actions.contains { $0.role != nil } }
            return false
        }
        if flow.count <= flowWidth, !rolesListed { return [flow] }
        var lines = ["  - see:"]
        for item in observation.items {
            let key = Escaping.yaml(item.key)
            guard case .sheet(.details(let title, let message, let actions, let outside)) = item.value,
                title != nil || message != nil || actions != nil || outside
            else {
                lines.append("      \(key): " + TraceYAML.observed(item.value))
                continue
            }
            lines.append("      \(key):")
            if let title { lines.append("        title: " + TraceYAML.text(title)) }
            if let message { lines.append("        message: " + TraceYAML.text(message)) }
            if let actions {
                if actions.contains(where: { $0.role != nil }) {
                    lines.append(actions.isEmpty ? "        actions: []" : "        actions:")
                    lines += actions.map { "          - " + TraceYAML.sheetAction($0) }
                } else {
                    lines.append("        actions: [" + actions.map { Escaping.yaml($0.title) }.joined(separator: ", ") + "]")
                }
            }
            if outside { lines.append("        outside: cancel") }
        }
        return lines
    }
}
