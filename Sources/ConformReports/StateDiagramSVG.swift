import ConformCore

/// Draws a policy's state machine as inline SVG, with the transitions one trace took highlighted
/// and numbered by step. Colours come from the page's CSS (classes), so light and dark both work.
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

    func render() -> String {
        let layout = StateDiagramLayout(policy: policy)
        var out = "<svg class=\"diagram\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
        out += "viewBox=\"0 0 \(Self.number(layout.width)) \(Self.number(layout.height))\" width=\"\(Self.number(layout.width))\" "
        out += "aria-label=\"State diagram of \(Escaping.xml(policy.id))\">\n"
        out += "<defs>"
        for kind in ["edge", "taken"] {
            out += "<marker id=\"\(id)-\(kind)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"10\" markerHeight=\"10\" orient=\"auto-start-reverse\">"
            out += "<path class=\"arrow-\(kind)\" d=\"M0,0 L10,5 L0,10 z\"/></marker>"
        }
        out += "</defs>\n"
        if let start = layout.nodes[policy.initialState] {
            let y = start.y - start.height / 2
            out += "<circle class=\"start\" cx=\"\(Self.number(start.x))\" cy=\"\(Self.number(y - 26))\" r=\"6\"/>"
            out += "<line class=\"edge\" x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(y - 20))\" x2=\"\(Self.number(start.x))\" y2=\"\(Self.number(y - 2))\" marker-end=\"url(#\(id)-edge)\"/>\n"
        }
        var labels = ""
        var visited: Set<String> = taken.isEmpty ? [] : [policy.initialState]
        // Edges leaving one state to different targets get their labels at different points along
        // the curves, so that labels fanning out of a state do not sit on one line.
        var outgoing: [String: Int] = [:]
        let groups = groupedEdges()
        let fanOut = Dictionary(grouping: groups.filter { $0.first.map { $0.from != $0.to } ?? false }) { $0.first?.from ?? "" }
            .mapValues(\.count)
        for edges in groups {
            let source = edges.first?.from ?? ""
            let isLoop = edges.first.map { $0.from == $0.to } ?? false
            let slot = isLoop ? 0 : outgoing[source, default: 0]
            if !isLoop { outgoing[source, default: 0] += 1 }
            for (index, edge) in edges.enumerated() {
                guard let from = layout.nodes[edge.from], let to = layout.nodes[edge.to] else { continue }
                let steps = taken[edge.id] ?? []
                if !steps.isEmpty { visited.formUnion([edge.from, edge.to]) }
                var cls = steps.isEmpty ? "edge" : "edge taken"
                if let covered { cls += covered.contains(edge.id) ? " covered" : " uncovered" }
                let geometry = Self.curve(
                    from: from, to: to, index: index, count: edges.count, slot: slot, slots: fanOut[source] ?? 1)
                out += "<path class=\"\(cls)\" d=\"\(geometry.path)\" marker-end=\"url(#\(id)-\(steps.isEmpty ? "edge" : "taken"))\">"
                out += "<title>\(Escaping.xml(edge.label))</title></path>\n"
                var text = edge.label
                if !steps.isEmpty { text += " (\(Plural.noun("step", steps.count)) \(steps.map(String.init).joined(separator: ", ")))" }
                labels += "<text class=\"label\(steps.isEmpty ? "" : " taken")\" x=\"\(Self.number(geometry.labelX))\" y=\"\(Self.number(geometry.labelY))\" text-anchor=\"middle\">\(Escaping.xml(text))</text>\n"
            }
        }
        for state in policy.states {
            guard let node = layout.nodes[state.name] else { continue }
            var cls = "state"
            if state.name == departedIn { cls += " departed" }
            if visited.contains(state.name) { cls += " visited" }
            let x = node.x - node.width / 2, y = node.y - node.height / 2
            out += "<g class=\"\(cls)\"><rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(node.width))\" height=\"\(Self.number(node.height))\" rx=\"10\"/>"
            if node.isFinal {
                out += "<rect class=\"final\" x=\"\(Self.number(x + 4))\" y=\"\(Self.number(y + 4))\" width=\"\(Self.number(node.width - 8))\" height=\"\(Self.number(node.height - 8))\" rx=\"7\"/>"
            }
            out += "<text x=\"\(Self.number(node.x))\" y=\"\(Self.number(node.y + 5))\" text-anchor=\"middle\">\(Escaping.xml(state.name))</text></g>\n"
        }
        out += labels
        out += "</svg>"
        return out
    }

    struct Edge {
        var id: TransitionID
        var from: String
        var to: String
        var label: String
    }

    /// Edges grouped by the pair of states they join, so parallel edges can be spread apart.
    private func groupedEdges() -> [[Edge]] {
        var groups: [String: [Edge]] = [:]
        var order: [String] = []
        for state in policy.states {
            for transition in state.transitions {
                for (index, branch) in transition.branches.enumerated() {
                    let label = branch.label(for: transition.pattern)
                    let edge = Edge(
                        id: TransitionID(state: state.name, pattern: transition.pattern, branch: index), from: state.name,
                        to: branch.target, label: label)
                    let key = state.name + "\u{0}" + branch.target
                    if groups[key] == nil { order.append(key) }
                    groups[key, default: []].append(edge)
                }
            }
        }
        return order.compactMap { groups[$0] }
    }

    /// A quadratic curve between two nodes (or a loop on one), bent apart for parallel edges.
    static func curve(from: StateDiagramLayout.Node, to: StateDiagramLayout.Node, index: Int, count: Int, slot: Int, slots: Int)
        -> (path: String, labelX: Double, labelY: Double)
    {
        if from.name == to.name {
            let x = from.x + from.width / 2
            let spread = 22.0 + Double(index) * 16
            let top = from.y - 8, bottom = from.y + 8
            let path = "M\(number(x)),\(number(top)) C\(number(x + spread * 2)),\(number(top - spread)) \(number(x + spread * 2)),\(number(bottom + spread)) \(number(x)),\(number(bottom))"
            return (path, x + spread * 1.5 + 4, from.y - spread + 2)
        }
        let down = to.y > from.y + 1
        let up = to.y < from.y - 1
        let start: (Double, Double)
        let end: (Double, Double)
        if down {
            start = (from.x, from.y + from.height / 2)
            end = (to.x, to.y - to.height / 2)
        } else if up {
            start = (from.x + from.width / 4, from.y - from.height / 2)
            end = (to.x + to.width / 4, to.y + to.height / 2)
        } else {
            let leftToRight = to.x > from.x
            start = (from.x + (leftToRight ? from.width / 2 : -from.width / 2), from.y)
            end = (to.x + (leftToRight ? -to.width / 2 : to.width / 2), to.y)
        }
        let midX = (start.0 + end.0) / 2, midY = (start.1 + end.1) / 2
        // Spread parallel edges symmetrically; edges going up bend right so they clear the downward ones.
        let spread = (Double(index) - Double(count - 1) / 2) * 110 + (up ? 90 : 0)
        let controlX = midX + spread
        let controlY = midY + (!down && !up ? -40 - Double(index) * 30 : 0)
        let path = "M\(number(start.0)),\(number(start.1)) Q\(number(controlX)),\(number(controlY)) \(number(end.0)),\(number(end.1))"
        // Labels of parallel edges sit at different points along their curves, so they do not overlap.
        let position = Double(slot * count + index), positions = Double(max(1, slots * count - 1))
        let t = slots * count > 1 ? 0.22 + 0.56 * position / positions : 0.5
        let labelX = (1 - t) * (1 - t) * start.0 + 2 * (1 - t) * t * controlX + t * t * end.0
        let labelY = (1 - t) * (1 - t) * start.1 + 2 * (1 - t) * t * controlY + t * t * end.1
        return (path, labelX, labelY - 4)
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
