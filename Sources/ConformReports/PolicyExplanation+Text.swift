import ConformCore
import Foundation

extension PolicyExplanation {
    /// The explanation for a terminal: plain words, no Markdown. Per state, what it shows and, one line
    /// each, the actions it takes (with their condition, updates, next state and sources) and those it
    /// ignores. Long paragraphs are wrapped at `width` columns. Every line is made inert before the
    /// headings are painted, so that nothing from the policy file acts on the terminal.
    public func text(terminal: Terminal, width: Int = 100) -> String {
        lines(width: width).map { line, isHeading in
            let inert = Escaping.terminal(line)
            return (isHeading ? terminal.bold(inert) : inert) + "\n"
        }.joined()
    }

    /// The lines of `text`, each saying whether it is a heading (the policy, a state).
    private func lines(width: Int) -> [(String, Bool)] {
        var out: [(String, Bool)] = [("\(policy.id): \(policy.title)", true)]
        func add(_ lines: [String]) { out += lines.map { ($0, false) } }
        if !policy.summary.isEmpty { add([""] + Self.wrap(policy.summary, width: width, indent: "")) }
        var facts = "Domain: \(policy.domain). Starts in '\(policy.initialState)'."
        if policy.isFormDomain {
            let labels = FormDomain.buttonRoles.map { "\($0) = '\(policy.buttons[$0] ?? FormDomain.defaultLabels[$0] ?? $0)'" }
            facts += " Buttons: \(labels.joined(separator: ", "))."
        }
        add(["", facts])
        if !policy.sources.isEmpty {
            add(["", "Sources:"])
            for source in policy.sources {
                add(Self.wrap("\(source.name): \(source.text)", width: width, indent: "  ", hanging: "      "))
            }
        }
        let rows = self.rows
        var byState: [String: [Row]] = [:]
        for row in rows { byState[row.state, default: []].append(row) }
        let actionWidth = rows.map(\.action.count).max() ?? 0
        let targetWidth = rows.map { ($0.target ?? Self.ignored).count }.max() ?? 0
        for state in policy.states {
            var marks: [String] = []
            if state.name == policy.initialState { marks.append("start") }
            if state.isFinal { marks.append("final") }
            add([""])
            out.append((state.name + (marks.isEmpty ? "" : " (" + marks.joined(separator: ", ") + ")"), true))
            let shown = shows(in: state.name)
            if !shown.isEmpty { add(Self.wrap("shows " + shown, width: width, indent: "    ", hanging: "          ")) }
            if let note = state.note { add(Self.wrap("note: " + note, width: width, indent: "    ", hanging: "          ")) }
            for row in byState[state.name] ?? [] {
                var line = "    " + row.action.padded(to: actionWidth) + "  → " + (row.target ?? Self.ignored).padded(to: targetWidth)
                var when: [String] = []
                if let condition = row.condition { when.append("when " + condition) }
                if let updates = row.updates { when.append("set " + updates) }
                if !when.isEmpty { line += "  " + when.joined(separator: "; ") }
                // The sources stay on the line; why a row is unverified goes under it, wrapped.
                let unverified = row.source.range(of: "UNVERIFIED")
                let sources = String(row.source[..<(unverified?.lowerBound ?? row.source.endIndex)])
                    .trimmingCharacters(in: CharacterSet(charactersIn: "; "))
                if !sources.isEmpty { line += "  [\(sources)]" }
                add([line])
                if let unverified {
                    add(Self.wrap(String(row.source[unverified.lowerBound...]), width: width, indent: "        ", hanging: "            "))
                }
                if let note = row.note { add(Self.wrap("note: " + note, width: width, indent: "        ", hanging: "              ")) }
            }
        }
        add(["", "For the state diagram: conform explain \(policy.id) --mermaid; as Markdown: --format md."])
        return out
    }

    /// Where an ignored action leads, in the text.
    private static let ignored = "(ignored: nothing changes)"

    /// `text` broken into lines of at most `width` columns at spaces: the first line starts with
    /// `indent`, the rest with `hanging` (default: `indent`). A word longer than a line stays whole. A
    /// line break in the text is not a place to break: it stays in its word, which `Escaping.terminal`
    /// then shows as `⏎`, so that a value's line break never starts a line.
    static func wrap(_ text: String, width: Int, indent: String, hanging: String? = nil) -> [String] {
        var lines: [String] = []
        var line = indent
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = hanging ?? indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        if lineHasWord { lines.append(line) }
        return lines
    }
}

extension String {
    /// The string followed by spaces up to `width` characters.
    fileprivate func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
