import ConformCore

/// Draws a policy's state machine as inline SVG, with the transitions one trace took highlighted
/// and numbered by step. Colours come from the page's CSS (classes), so light and dark both work;
/// sizes and the font are attributes too, so the drawing keeps its proportions on its own.
struct StateDiagramSVG {
    let policy: Policy
    /// Transitions taken, with the step numbers that took them.
    let taken: [TransitionID: [Int]]
    /// The state where the trace departed, if it did.
    let departedIn: String?
    /// Unique within the page, for marker ids.
    let id: String
    /// When given, the transitions the corpus exercised; the others are drawn dashed.
    var covered: Set<TransitionID>? = nil
    /// Whether a policy too large to draw shows its state table in the diagram's place (once per
    /// report, in the policy's own section; a trace's section only says why).
    var table = false

    /// The font of the whole drawing, as the page's CSS gives it.
    static let fontFamily = "-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif"

    func render() -> String {
        let edges = groupedEdges()
        let index = Dictionary(policy.states.enumerated().map { ($1.name, $0) }) { first, _ in first }
        let boxes = policy.states.map { StateDiagramLayout.State(name: $0.name, isFinal: $0.isFinal) }
        let initial = index[policy.initialState]
        if let reason = StateDiagramLayout.omission(
            states: boxes, initial: initial,
            edges: edges.map { .init(from: $0.from, to: $0.to, strokes: $0.transitions.count, lines: []) },
            maximumItems: table ? StateDiagramLayout.maximumItems : StateDiagramLayout.maximumTraceItems)
        {
            return omitted(reason)
        }
        let layout = StateDiagramLayout(
            states: boxes, initial: initial,
            edges: edges.map { edge in
                .init(from: edge.from, to: edge.to, strokes: edge.transitions.count, lines: labelLines(edge))
            })
        let width = Self.number(layout.width)
        let height = Self.number(layout.height)
        var out = "<svg class=\"diagram\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
        out += "viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" font-family=\"\(Self.fontFamily)\" "
        out += "aria-label=\"State diagram of \(Escaping.xml(policy.id))\">\n"
        out += "<defs>"
        for kind in ["edge", "taken"] {
            out += "<marker id=\"\(id)-\(kind)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            out += "markerUnits=\"userSpaceOnUse\" markerWidth=\"10\" markerHeight=\"10\" "
            out += "orient=\"auto-start-reverse\">"
            out += "<path class=\"arrow-\(kind)\" d=\"M0,1.5 L10,5 L0,8.5 z\"/></marker>"
        }
        out += "</defs>\n"
        if let start = layout.start, let end = layout.startEnd {
            out += "<circle class=\"start\" cx=\"\(Self.number(start.x))\" cy=\"\(Self.number(start.y))\" r=\"6\"/>"
            out += "<line class=\"edge\" x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(start.y + 6))\" "
            out += "x2=\"\(Self.number(end.x))\" y2=\"\(Self.number(end.y))\" marker-end=\"url(#\(id)-edge)\"/>\n"
        }
        out += paths(edges, layout: layout)
        out += states(edges, layout: layout)
        for placed in layout.labels {
            let coverage = coverageClass(placed.line.stroke, of: placed.edge, edges)
            out += "<text class=\"label\(placed.line.bold ? " taken" : "")\(coverage)\" x=\"\(Self.number(placed.x))\" "
            out += "y=\"\(Self.number(placed.baseline))\" font-size=\"\(Self.number(DiagramText.labelSize))\""
            out += "\(placed.line.bold ? " font-weight=\"600\"" : "")>\(Escaping.xml(placed.line.text))</text>\n"
        }
        out += "</svg>"
        return out
    }

    /// Rows of the state table shown instead of a diagram that is too large.
    static let omittedTableRows = 1_000
    /// What stands in a diagram's place when the policy is too large to draw: why, and (with `table`)
    /// its states and actions, as `conform explain` lists them.
    private func omitted(_ reason: String) -> String {
        var out = "<p class=\"diagram-omitted\">The diagram of \(Escaping.xml(policy.id)) is left out: \(Escaping.xml(reason)). "
        out += "<code>conform explain \(Escaping.xml(policy.id))</code> lists every state and action.</p>\n"
        guard table else { return out }
        let rows = PolicyExplanation(policy: policy).rows
        out += "<table class=\"state-table\"><thead><tr><th>State</th><th>Action</th><th>Next</th></tr></thead><tbody>\n"
        for row in rows.prefix(Self.omittedTableRows) {
            out += "<tr><td>\(Escaping.xml(row.state))</td><td>\(Escaping.xml(row.action))</td>"
            out += "<td>\(Escaping.xml(row.target ?? "(ignored)"))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        if rows.count > Self.omittedTableRows {
            out += "<p class=\"diagram-omitted\">\(rows.count - Self.omittedTableRows) more rows are not shown.</p>\n"
        }
        return out
    }

    /// The transitions from one state to another (or to itself), drawn as one edge.
    struct Edge {
        var from: Int
        var to: Int
        /// Each branch, with its `note:` (shown in the stroke's tooltip).
        var transitions: [(id: TransitionID, label: String, note: String?)]
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    // MARK: - Private

    /// Every branch of every transition, grouped by the pair of states it joins, in the file's order.
    private func groupedEdges() -> [Edge] {
        let index = Dictionary(policy.states.enumerated().map { ($1.name, $0) }) { first, _ in first }
        var edges: [Edge] = []
        var edgeOf: [[Int]: Int] = [:]
        for (from, state) in policy.states.enumerated() {
            for transition in state.transitions {
                for (branchIndex, branch) in transition.branches.enumerated() {
                    guard let to = index[branch.target] else { continue }
                    let id = TransitionID(state: state.name, pattern: transition.pattern, branch: branchIndex)
                    if edgeOf[[from, to]] == nil {
                        edgeOf[[from, to]] = edges.count
                        edges.append(Edge(from: from, to: to, transitions: []))
                    }
                    edges[edgeOf[[from, to]] ?? 0].transitions.append((id, branch.label(for: transition.pattern), branch.note))
                }
            }
        }
        return edges
    }

    /// An edge's label: a line per transition (wrapped when long, the rest indented), with the steps
    /// that took it, kept together.
    private func labelLines(_ edge: Edge) -> [StateDiagramLayout.LabelLine] {
        edge.transitions.enumerated().flatMap { stroke, transition -> [StateDiagramLayout.LabelLine] in
            let steps = taken[transition.id] ?? []
            var lines = DiagramText.wrap(transition.label)
            if !steps.isEmpty {
                let suffix = "(\(Plural.noun("step", steps.count)) \(steps.map(String.init).joined(separator: ", ")))"
                let last = lines.count - 1
                if lines[last].count + 1 + suffix.count <= DiagramText.wrapLength {
                    lines[last] += " " + suffix
                } else {
                    lines += DiagramText.wrap(suffix)
                }
            }
            return lines.enumerated().map { index, line in
                .init(text: line, bold: !steps.isEmpty, indent: index == 0 ? 0 : 10, stroke: stroke)
            }
        }
    }

    /// One path per transition; the taken ones last, so that they are drawn over the others.
    private func paths(_ edges: [Edge], layout: StateDiagramLayout) -> String {
        var plain = ""
        var highlighted = ""
        for (edgeIndex, edge) in edges.enumerated() {
            for (transition, path) in zip(edge.transitions, layout.strokes[edgeIndex]) {
                let isTaken = !(taken[transition.id] ?? []).isEmpty
                let cls = (isTaken ? "edge taken" : "edge") + coverageClass(transition.id)
                var element = "<path class=\"\(cls)\" d=\"\(Self.pathData(path))\" "
                element += "marker-end=\"url(#\(id)-\(isTaken ? "taken" : "edge"))\">"
                // The branch's note, which the drawing has no room for, is in the tooltip under the label.
                let tooltip = transition.label + (transition.note.map { "\nnote: " + $0 } ?? "")
                element += "<title>\(Escaping.xml(tooltip))</title></path>\n"
                if isTaken { highlighted += element } else { plain += element }
            }
        }
        return plain + highlighted
    }

    /// With coverage, ` covered` or ` uncovered`: strokes and label lines are coloured alike, so that the
    /// lines of a bundle's label can be told apart.
    private func coverageClass(_ transition: TransitionID) -> String {
        guard let covered else { return "" }
        return covered.contains(transition) ? " covered" : " uncovered"
    }

    private func coverageClass(_ stroke: Int, of edge: Int, _ edges: [Edge]) -> String {
        guard edges.indices.contains(edge), edges[edge].transitions.indices.contains(stroke) else { return "" }
        return coverageClass(edges[edge].transitions[stroke].id)
    }

    private func states(_ edges: [Edge], layout: StateDiagramLayout) -> String {
        var visited: Set<Int> = []
        if !taken.isEmpty, let initial = policy.states.firstIndex(where: { $0.name == policy.initialState }) {
            visited.insert(initial)
        }
        for edge in edges where edge.transitions.contains(where: { !(taken[$0.id] ?? []).isEmpty }) {
            visited.formUnion([edge.from, edge.to])
        }
        var out = ""
        for (index, state) in policy.states.enumerated() {
            let box = layout.boxes[index]
            var cls = "state"
            if state.name == departedIn { cls += " departed" }
            if visited.contains(index) { cls += " visited" }
            out += "<g class=\"\(cls)\">" + Self.rect(box, inset: 0, radius: 10, class: nil)
            if state.isFinal { out += Self.rect(box, inset: 4, radius: 7, class: "final") }
            out += "<text x=\"\(Self.number(box.midX))\" y=\"\(Self.number(box.midY + 5))\" "
            out += "font-size=\"\(Self.number(DiagramText.stateSize))\" text-anchor=\"middle\">"
            out += "\(Escaping.xml(state.name))</text></g>\n"
        }
        return out
    }

    /// A rectangle `inset` inside `box`, with rounded corners.
    private static func rect(_ box: StateDiagramLayout.Box, inset: Double, radius: Int, class cls: String?) -> String {
        var out = "<rect" + (cls.map { " class=\"\($0)\"" } ?? "")
        out += " x=\"\(number(box.x + inset))\" y=\"\(number(box.y + inset))\""
        out += " width=\"\(number(box.width - 2 * inset))\" height=\"\(number(box.height - 2 * inset))\""
        return out + " rx=\"\(radius)\"/>"
    }

    /// SVG path data: `M x,y`, then `L x,y` and `C x,y x,y x,y`.
    private static func pathData(_ path: StateDiagramLayout.Path) -> String {
        func point(_ p: StateDiagramLayout.Point) -> String { "\(number(p.x)),\(number(p.y))" }
        var data = "M" + point(path.start)
        for segment in path.segments {
            switch segment {
            case .line(let p): data += " L" + point(p)
            case .cubic(let a, let b, let c): data += " C" + point(a) + " " + point(b) + " " + point(c)
            }
        }
        return data
    }
}
