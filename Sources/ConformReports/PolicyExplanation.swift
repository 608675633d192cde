import ConformCore

/// A policy as people read it: a table of state × action → next state and what it shows, each row
/// with its source, and a Mermaid `stateDiagram-v2`.
public struct PolicyExplanation: Sendable {
    public let policy: Policy

    public init(policy: Policy) {
        self.policy = policy
    }

    /// One row of the table.
    public struct Row: Sendable {
        public var state: String
        public var action: String
        public var condition: String?
        public var updates: String?
        /// The next state, or `nil` for an ignored action.
        public var target: String?
        public var shows: String
        public var source: String
        /// The `note:` of the branch, or of the `ignore` entry.
        public var note: String? = nil
    }

    public var rows: [Row] {
        policy.states.flatMap { state -> [Row] in
            let transitions = state.transitions.flatMap { transition in
                transition.branches.map { branch in
                    Row(
                        state: state.name, action: transition.pattern.display, condition: branch.condition?.text,
                        updates: branch.updates.isEmpty
                            ? nil : branch.updates.map { "\($0.variable) = \($0.value.text)" }.joined(separator: ", "),
                        target: branch.target, shows: shows(in: branch.target),
                        source: provenance(branch.provenance, fallback: state.provenance, shown: branch.target), note: branch.note)
                }
            }
            let ignored = state.ignored.map { pattern in
                Row(
                    state: state.name, action: pattern.display, condition: nil, updates: nil, target: nil, shows: "(nothing changes)",
                    source: provenance(
                        state.ignoredDetails[pattern]?.provenance ?? Provenance(), fallback: state.provenance, shown: state.name),
                    note: state.ignoredDetails[pattern]?.note)
            }
            return transitions + ignored
        }
    }

    /// What the screen shows in `state`, as `key: value` pairs.
    public func shows(in state: String) -> String {
        policy.expectations(in: state).sorted { $0.key < $1.key }.map { key, expectation in
            switch expectation {
            case .value(let source): return "\(key): \(source.text)"
            case .sheet(let sheet): return "\(key): \(sheet.display)"
            }
        }.joined(separator: "; ")
    }

    /// The sources of a row (the branch's, else its state's), and UNVERIFIED when the branch, the state
    /// it leads to (`shown`) or the sheet that state shows is unverified.
    private func provenance(_ provenance: Provenance, fallback: Provenance, shown: String) -> String {
        let sources = provenance.sources.isEmpty ? fallback.sources : provenance.sources
        var text = sources.joined(separator: ", ")
        let next = policy.state(named: shown)
        var reasons: [String] = []
        for reason in [provenance.unverified ?? next?.provenance.unverified, next?.sheetUnverified.map { "the sheet: " + $0 }] {
            if let reason, !reasons.contains(reason) { reasons.append(reason) }
        }
        for reason in reasons {
            text += (text.isEmpty ? "" : "; ") + "UNVERIFIED" + (reason.isEmpty ? "" : ": \(reason)")
        }
        return text
    }

    /// Every part the policy marks unverified, as Markdown list items (`- state 'confirm', its sheet: reason`).
    public func unverifiedList() -> String {
        policy.unverifiedMarks.map { mark in
            "- " + Escaping.markdown(mark.place) + ": " + (mark.reason.isEmpty ? "(no reason given)" : Escaping.markdown(mark.reason))
        }.joined(separator: "\n")
    }

    /// The whole explanation as GitHub-flavoured Markdown: heading, summary, sources, the table, the diagram.
    public func markdown() -> String {
        var out = "# \(policy.id): \(Escaping.markdown(policy.title))\n\n"
        if !policy.summary.isEmpty { out += Escaping.markdown(policy.summary) + "\n\n" }
        out += "Domain: \(Escaping.markdownCode(policy.domain)). Starts in \(Escaping.markdownCode(policy.initialState))."
        if policy.isFormDomain {
            let labels = FormDomain.buttonRoles.map {
                "\($0) = '\(Escaping.markdown(policy.buttons[$0] ?? FormDomain.defaultLabels[$0] ?? $0))'"
            }
            out += " Buttons: \(labels.joined(separator: ", "))."
        }
        out += "\n\n"
        if !policy.sources.isEmpty {
            out +=
                "Sources:\n\n"
                + policy.sources.map { "- **\(Escaping.markdown($0.name))**: \(Escaping.markdown($0.text))" }.joined(separator: "\n")
                + "\n\n"
        }
        if !policy.unverifiedMarks.isEmpty {
            out += "Unverified (no source states these; the policy models them as written, marked UNVERIFIED in the table):\n\n"
            out += unverifiedList() + "\n\n"
        }
        out += "| State | Action | When | Next | Then shows | Source |\n|---|---|---|---|---|---|\n"
        for row in rows {
            var when = row.condition ?? ""
            if let updates = row.updates { when += (when.isEmpty ? "" : "; ") + "set \(updates)" }
            let cells = [row.state, row.action, when, row.target ?? "(ignored)", row.shows, row.source]
            out += "| " + cells.map(Escaping.markdown).joined(separator: " | ") + " |\n"
        }
        let notes = noteList()
        if !notes.isEmpty { out += "\nNotes:\n\n" + notes + "\n" }
        out += "\n```mermaid\n" + mermaid() + "```\n"
        return out
    }

    /// One `note:` of the policy: of a state (`action` is `nil`), or of a branch or ignored action in it.
    public struct Note: Sendable, Equatable {
        public var state: String
        public var action: String?
        public var text: String
    }

    /// The policy's `note:`s (of states, branches and ignored actions), in file order.
    public var notes: [Note] {
        var notes: [Note] = []
        var byState: [String: [Row]] = [:]
        for row in rows { byState[row.state, default: []].append(row) }
        for state in policy.states {
            if let note = state.note { notes.append(Note(state: state.name, action: nil, text: note)) }
            for row in byState[state.name] ?? [] {
                guard let note = row.note else { continue }
                notes.append(Note(state: state.name, action: row.action, text: note))
            }
        }
        return notes
    }

    /// The policy's `note:`s (of states, branches and ignored actions), as Markdown list items in file order.
    public func noteList() -> String {
        notes.map { note in
            let action = note.action.map { ", on \(Escaping.markdown($0))" } ?? ""
            return "- **\(Escaping.markdown(note.state))**\(action): \(Escaping.markdown(note.text))"
        }.joined(separator: "\n")
    }

    /// A Mermaid `stateDiagram-v2` with one edge per transition branch.
    public func mermaid() -> String {
        var out = "stateDiagram-v2\n"
        for state in policy.states where MermaidText.identifier(state.name) != state.name {
            out += "    state \"\(MermaidText.label(state.name))\" as \(MermaidText.identifier(state.name))\n"
        }
        out += "    [*] --> \(MermaidText.identifier(policy.initialState))\n"
        for state in policy.states {
            for transition in state.transitions {
                for branch in transition.branches {
                    let label = branch.label(for: transition.pattern)
                    out +=
                        "    \(MermaidText.identifier(state.name)) --> \(MermaidText.identifier(branch.target)): \(MermaidText.label(label))\n"
                }
            }
            if state.isFinal { out += "    \(MermaidText.identifier(state.name)) --> [*]\n" }
        }
        return out
    }
}

/// Escaping for Mermaid state diagrams.
public enum MermaidText {
    /// A state id Mermaid accepts: letters, digits and underscores.
    public static func identifier(_ name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> String in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? String(scalar) : "_"
        }.joined()
        return mapped.first.map { $0.isNumber ? "s_" + mapped : mapped } ?? "s_"
    }

    /// A label: characters that end or confuse a Mermaid statement become entity codes, a line break
    /// (which would end the statement) a space, any other control character and the directional
    /// overrides U+FFFD.
    public static func label(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if Escaping.isLineBreak(scalar) {
                out += " "
                continue
            }
            if Escaping.isControl(scalar) || Escaping.isDirectionalOverride(scalar) {
                out.unicodeScalars.append(Escaping.replacementSign)
                continue
            }
            switch scalar {
            case "#": out += "#35;"
            case ";": out += "#59;"
            case ":": out += "#58;"
            case "\"": out += "#quot;"
            case "`": out += "#96;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
