/// Blue-fringe, evidence-driven state merging (EDSM) over a prefix tree (Docs/Learning.md, "The learner").
///
/// Red states are the learned states so far, starting with the root; blue points are their children
/// not yet red. Each round every blue point is folded, on trial, into every red state: the fold merges
/// the two and then their children by input, and fails at a key with two known values. The evidence of a
/// fold is the number of keys known on both sides with the same value, over every pair it merges. A
/// blue point no red state can take becomes red; otherwise the fold with the most evidence is made. A
/// blue point whose best evidence two red states share is left (ties keep states apart) until nothing
/// else can be done, and then becomes red. Points are taken in shortlex order of their inputs, so the
/// result depends on the traces alone.
struct StateMerging {
    private(set) var knowledge: [ScreenKnowledge]
    private(set) var children: [[PrefixTree.Edge]]
    private let rank: [Int]
    private(set) var isRed: [Bool]
    /// Undo log of a trial fold: the first value of every node it changed.
    private var savedKnowledge: [Int: ScreenKnowledge] = [:]
    private var savedChildren: [Int: [PrefixTree.Edge]] = [:]
    private var logging = false

    init(tree: PrefixTree) {
        knowledge = tree.knowledge
        children = tree.children
        rank = tree.canonicalRanks()
        isRed = [Bool](repeating: false, count: tree.count)
        isRed[0] = true
    }

    /// A blue point and the red state whose edge leads to it.
    private struct Blue {
        var parent: Int
        var input: Int
        var node: Int
    }

    /// Merges until every child of a red state is red; returns the red states in shortlex order.
    mutating func run() -> [Int] {
        var red = [0]
        while true {
            var blues: [Blue] = []
            for state in red {
                for edge in children[state] where !isRed[edge.target] {
                    blues.append(Blue(parent: state, input: edge.input, node: edge.target))
                }
            }
            if blues.isEmpty { break }
            blues.sort { rank[$0.node] < rank[$1.node] }
            var best: (score: Int, blue: Blue, red: Int)?
            var promoted: Int?
            var tied: [Int] = []
            for blue in blues {
                var top: (score: Int, red: Int)?
                var shared = false
                for state in red {
                    guard let score = fold(blue, into: state, keep: false) else { continue }
                    if let current = top, current.score > score { continue }
                    shared = top?.score == score
                    if !shared { top = (score, state) }
                }
                guard let top else {
                    promoted = blue.node
                    break
                }
                if shared {
                    tied.append(blue.node)
                } else if best == nil || top.score > best?.score ?? 0 {
                    best = (top.score, blue, top.red)
                }
            }
            if let node = promoted ?? (best == nil ? tied.first : nil) {
                isRed[node] = true
                red.append(node)
                red.sort { rank[$0] < rank[$1] }
            } else if let best {
                _ = fold(best.blue, into: best.red, keep: true)
            }
        }
        return red
    }

    /// Folds a blue point's subtree into a red state; returns the evidence, or `nil` when a key would have
    /// two known values. Without `keep`, everything is put back as it was.
    private mutating func fold(_ blue: Blue, into red: Int, keep: Bool) -> Int? {
        logging = !keep
        defer {
            if !keep { rollback() }
            logging = false
        }
        setChild(of: blue.parent, input: blue.input, to: red)
        var score = 0
        var stack = [(red, blue.node)]
        while let (state, point) = stack.popLast() {
            if state == point { continue }
            guard knowledge[state].isCompatible(with: knowledge[point]) else { return nil }
            score += knowledge[state].evidence(with: knowledge[point])
            if knowledge[state] != knowledge[point] {
                save(state)
                knowledge[state].absorb(knowledge[point])
            }
            for edge in children[point] {
                if let target = children[state].first(where: { $0.input == edge.input })?.target {
                    stack.append((target, edge.target))
                } else {
                    setChild(of: state, input: edge.input, to: edge.target)
                }
            }
        }
        return score
    }

    private mutating func save(_ node: Int) {
        guard logging, savedKnowledge[node] == nil else { return }
        savedKnowledge[node] = knowledge[node]
    }

    private mutating func setChild(of node: Int, input: Int, to target: Int) {
        if logging, savedChildren[node] == nil { savedChildren[node] = children[node] }
        if let index = children[node].firstIndex(where: { $0.input == input }) {
            children[node][index].target = target
        } else {
            let place = children[node].firstIndex { $0.input > input } ?? children[node].count
            children[node].insert(PrefixTree.Edge(input: input, target: target), at: place)
        }
    }

    private mutating func rollback() {
        for (node, value) in savedKnowledge { knowledge[node] = value }
        for (node, value) in savedChildren { children[node] = value }
        savedKnowledge.removeAll(keepingCapacity: true)
        savedChildren.removeAll(keepingCapacity: true)
    }
}
