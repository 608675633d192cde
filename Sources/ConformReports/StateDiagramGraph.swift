/// The working graph of `StateDiagramLayout`: states and edges turned into items in ranks.
struct LayeredGraph {
    typealias Layout = StateDiagramLayout

    /// One thing placed in a rank: a state, a lane an edge passes through, or an edge's label.
    struct Item {
        enum Kind: Equatable {
            case state(Int)
            case lane(chain: Int)
            case label(chain: Int)
        }

        var kind: Kind
        var rank: Int
        /// How far the item reaches left and right of its anchor (a state's centre, an edge's middle stroke).
        var left = 0.0
        var right = 0.0
        var height = 0.0
        /// The strokes of the edge the item belongs to; 0 for a state.
        var strokes = 0
        /// The items it is joined to in the rank above and the rank below.
        var up: [Int] = []
        var down: [Int] = []
        var x = 0.0
    }

    /// A non-loop edge as the layout draws it: downwards from `top` to `bottom` (both state indexes),
    /// through `items`; `reversed` when the edge really goes up.
    struct Chain {
        var edge: Int
        var top: Int
        var bottom: Int
        var reversed: Bool
        var items: [Int]
    }

    /// What enters or leaves a state at a port on its top or bottom side.
    enum Attachment: Equatable {
        case chain(Int)
        case start
    }

    let states: [Layout.State]
    let initial: Int
    let edges: [Layout.Edge]
    /// Items `0..<states.count` are the states, in order.
    var items: [Item] = []
    var chains: [Chain] = []
    /// Per state, the index of its self-loop edge.
    var loops: [Int?]
    /// Per state, the width of its box.
    var stateWidths: [Double]
    /// Items by rank, left to right.
    var ranks: [[Int]] = []
    /// Per rank, its top and bottom.
    var bandTop: [Double] = []
    var bandBottom: [Double] = []
    var width = 0.0
    var height = 0.0

    init(states: [Layout.State], initial: Int, edges: [Layout.Edge]) {
        self.states = states
        self.initial = initial
        self.edges = edges
        loops = Array(repeating: nil, count: states.count)
        stateWidths = Array(repeating: 0, count: states.count)
        for (index, edge) in edges.enumerated() where edge.from == edge.to { loops[edge.from] = index }
        let (layers, reversed) = Self.layers(count: states.count, initial: initial, edges: edges)
        ranks = Array(repeating: [], count: 2 * (layers.max() ?? 0) + 1)
        for (index, layer) in layers.enumerated() {
            items.append(Item(kind: .state(index), rank: 2 * layer))
            ranks[2 * layer].append(index)
        }
        for (index, edge) in edges.enumerated() where edge.from != edge.to {
            addChain(edge: index, reversed: reversed[index], layers: layers)
        }
        for index in states.indices { sizeState(index) }
    }

    // MARK: - Ranks

    /// Each state's layer (its longest distance from the initial state once back edges are turned over)
    /// and, per edge, whether it was turned over. Edges into the initial state always are, so that it
    /// stays alone at the top with the start arrow.
    static func layers(count: Int, initial: Int, edges: [Layout.Edge]) -> (layers: [Int], reversed: [Bool]) {
        var reversed = Array(repeating: false, count: edges.count)
        var outgoing: [[Int]] = Array(repeating: [], count: count)
        for (index, edge) in edges.enumerated() where edge.from != edge.to { outgoing[edge.from].append(index) }
        // 0: not seen, 1: on the walk's stack, 2: done. The walk keeps its own stack (state, next edge),
        // so that a policy of thousands of states cannot overflow a thread's stack.
        var mark = Array(repeating: 0, count: count)
        func visit(_ root: Int) {
            var stack: [(state: Int, next: Int)] = [(root, 0)]
            mark[root] = 1
            while let top = stack.last {
                let list = outgoing[top.state]
                guard top.next < list.count else {
                    mark[top.state] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let index = list[top.next]
                let target = edges[index].to
                if mark[target] == 1 || target == initial {
                    reversed[index] = true
                } else if mark[target] == 0 {
                    mark[target] = 1
                    stack.append((target, 0))
                }
            }
        }
        visit(initial)
        for state in 0..<count where mark[state] == 0 { visit(state) }
        // Once back edges (and edges into the initial state) are turned over the graph has no cycle: each
        // state's layer, its longest distance from a state nothing enters, is settled in topological order
        // (Kahn's), one pass over the edges.
        var downward: [[Int]] = Array(repeating: [], count: count)
        var entering = Array(repeating: 0, count: count)
        for (index, edge) in edges.enumerated() where edge.from != edge.to {
            let (upper, lower) = reversed[index] ? (edge.to, edge.from) : (edge.from, edge.to)
            downward[upper].append(lower)
            entering[lower] += 1
        }
        var layers = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { entering[$0] == 0 }
        while let upper = ready.popLast() {
            for lower in downward[upper] {
                if layers[lower] < layers[upper] + 1 { layers[lower] = layers[upper] + 1 }
                entering[lower] -= 1
                if entering[lower] == 0 { ready.append(lower) }
            }
        }
        return (layers, reversed)
    }

    /// Adds the items an edge passes through between its two states' ranks; its label goes in the rank
    /// next to the state it leaves.
    private mutating func addChain(edge index: Int, reversed: Bool, layers: [Int]) {
        let edge = edges[index]
        let (top, bottom) = reversed ? (edge.to, edge.from) : (edge.from, edge.to)
        let first = 2 * layers[top] + 1
        let last = 2 * layers[bottom] - 1
        guard first <= last else { return } // cannot happen: layers put every edge's target below its source
        let labelRank = reversed ? last : first
        let chain = chains.count
        let half = Double(edge.strokes - 1) * Layout.strokeGap / 2
        var chainItems: [Int] = []
        var previous = top
        for rank in first...last {
            var item = Item(kind: rank == labelRank ? .label(chain: chain) : .lane(chain: chain), rank: rank)
            item.strokes = edge.strokes
            if rank == labelRank {
                item.left = half + 4
                item.right = half + 6 + Self.labelWidth(edge.lines)
                item.height = DiagramText.blockHeight(lines: edge.lines.count) + 6
            } else {
                item.left = half + 5
                item.right = half + 5
            }
            item.up = [previous]
            items.append(item)
            items[previous].down.append(items.count - 1)
            ranks[rank].append(items.count - 1)
            chainItems.append(items.count - 1)
            previous = items.count - 1
        }
        items[previous].down.append(bottom)
        items[bottom].up.append(previous)
        chains.append(Chain(edge: index, top: top, bottom: bottom, reversed: reversed, items: chainItems))
    }

    static func labelWidth(_ lines: [Layout.LabelLine]) -> Double {
        lines.map { $0.indent + DiagramText.width($0.text, size: DiagramText.labelSize, bold: $0.bold) }.max() ?? 0
    }
}
