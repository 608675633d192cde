import ConformCore

/// A layered layout of a policy's states: layers by breadth-first distance from the initial state,
/// states in a layer in the order they were reached. Enough for the dozen states a policy has.
struct StateDiagramLayout {
    struct Node {
        var name: String
        var isFinal: Bool
        var x: Double  // centre
        var y: Double  // centre
        var width: Double
        var height: Double
    }

    static let nodeHeight = 36.0
    static let layerGap = 170.0
    static let nodeGap = 150.0
    static let margin = 40.0
    static let characterWidth = 7.5

    private(set) var nodes: [String: Node] = [:]
    private(set) var width = 0.0
    private(set) var height = 0.0

    init(policy: Policy) {
        var layerOf: [String: Int] = [policy.initialState: 0]
        var order = [policy.initialState]
        var queue = [policy.initialState]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let state = policy.state(named: name) else { continue }
            for target in state.transitions.flatMap({ $0.branches.map(\.target) }) where layerOf[target] == nil {
                layerOf[target] = (layerOf[name] ?? 0) + 1
                order.append(target)
                queue.append(target)
            }
        }
        let lastLayer = (layerOf.values.max() ?? 0) + 1
        for state in policy.states where layerOf[state.name] == nil {
            layerOf[state.name] = lastLayer
            order.append(state.name)
        }
        let layers = Dictionary(grouping: order) { layerOf[$0] ?? 0 }
        let widths = order.reduce(into: [String: Double]()) {
            $0[$1] = max(90, Double($1.count) * Self.characterWidth + 32)
        }
        let rowWidths = layers.mapValues { names in
            names.reduce(0) { $0 + (widths[$1] ?? 0) } + Double(max(0, names.count - 1)) * Self.nodeGap
        }
        let contentWidth = rowWidths.values.max() ?? 0
        width = contentWidth + 2 * Self.margin + 120  // room on the right for self-loops and back edges
        for (layer, names) in layers {
            var x = Self.margin + (contentWidth - (rowWidths[layer] ?? 0)) / 2
            for name in names {
                let w = widths[name] ?? 90
                let y = Self.margin + 30 + Double(layer) * Self.layerGap
                nodes[name] = Node(
                    name: name, isFinal: policy.state(named: name)?.isFinal ?? false, x: x + w / 2, y: y, width: w,
                    height: Self.nodeHeight)
                x += w + Self.nodeGap
            }
        }
        height = Self.margin * 2 + 30 + Double(layers.keys.max() ?? 0) * Self.layerGap + Self.nodeHeight
    }
}
