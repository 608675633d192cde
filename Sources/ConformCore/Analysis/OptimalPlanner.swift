/// Finds the fewest actions in total that take every transition, when the policy is small enough:
/// an A* search over (configuration, transitions taken so far), where an action costs 1 and starting
/// a new scenario costs the `setup` (nothing for forms). Each action takes at most one transition, so
/// the number not yet taken never overestimates what is left: the first complete plan found is
/// a shortest one. Among plans of that length it prefers fewer scenarios.
///
/// The configurations are numbered first (breadth-first, at most `maximumConfigurations`), so that
/// the search itself only moves integers. It gives up (and `SuiteGenerator` plans greedily) when a
/// transition is out of reach of the numbered configurations or the search grows past its budget.
struct OptimalPlanner {
    let simulator: PolicySimulator
    let alphabet: [Action]
    let setup: [Action]
    let targets: [TransitionID]
    /// Alphabet indexes of actions that must each be taken at least once too: the policy's examples,
    /// which its author chose for their boundaries (a field exactly 10 pt above the keyboard).
    var requiredActions: [Int] = []
    var maximumConfigurations = 1_000
    var maximumNodes = 1_000_000

    private struct Edge {
        var action: Int
        var target: Int
        var move: Move
    }

    /// A configuration's number and the goals taken, packed in one word: the search hashes millions of them.
    private struct Key: Hashable {
        let packed: UInt64

        init(configuration: Int, taken: UInt64) {
            packed = UInt64(configuration) << OptimalPlanner.goalBits | taken
        }

        var configuration: Int { Int(packed >> OptimalPlanner.goalBits) }
        var taken: UInt64 { packed & ((UInt64(1) << OptimalPlanner.goalBits) - 1) }
    }

    /// Goals (transitions and required actions) fit in the low bits, configuration numbers in the rest.
    static let goalBits: UInt64 = 48

    private struct Node {
        var key: Key
        var parent: Int32
        /// The index of the edge taken among the parent configuration's, or -1 for a new scenario.
        var edge: Int32
    }

    /// The scenarios, each as its actions (setup included), or `nil` when the search gave up.
    func plan() -> [[Exploration.PathStep]]? {
        let goals = targets.count + requiredActions.count
        guard goals <= Int(Self.goalBits), maximumConfigurations < 1 << (64 - Int(Self.goalBits)),
            let (setupSteps, start) = runSetup()
        else { return nil }
        let (configurations, edges) = graph(from: start)
        let bit = Dictionary(targets.enumerated().map { ($1, $0) }) { first, _ in first }
        func mask(_ transition: TransitionID?) -> UInt64 {
            transition.flatMap { bit[$0] }.map { UInt64(1) << UInt64($0) } ?? 0
        }
        let all: UInt64 = (UInt64(1) << UInt64(goals)) - 1
        var actionBits = [UInt64](repeating: 0, count: alphabet.count)
        for (offset, action) in requiredActions.enumerated() where action < alphabet.count {
            actionBits[action] |= UInt64(1) << UInt64(targets.count + offset)
        }
        let fromSetup = setupSteps.reduce(UInt64(0)) { bits, step in
            bits | mask(step.move.transition) | (alphabet.firstIndex { $0.json == step.action.json }.map { actionBits[$0] } ?? 0)
        }
        // The transition each edge takes, as a bit: looked up once, not at every step of the search.
        let edgeMasks = edges.map { $0.map { mask($0.move.transition) | actionBits[$0.action] } }
        let reachable = edgeMasks.joined().reduce(fromSetup, |)
        guard reachable == all, !configurations.isEmpty else { return nil }

        // Priority: actions so far plus a lower bound of the actions left, then scenarios (at most 63 + 1
        // of them). One action takes at most one transition and uses at most one required action, so
        // the larger of the two counts left never overestimates, and falls by at most 1 per action.
        let transitionBits: UInt64 = (UInt64(1) << UInt64(targets.count)) - 1
        func priority(actions: Int, scenarios: Int, taken: UInt64) -> Int {
            let left = all & ~taken
            return (actions + max((left & transitionBits).nonzeroBitCount, (left & ~transitionBits).nonzeroBitCount)) * 128 + scenarios
        }
        var nodes = [Node(key: Key(configuration: 0, taken: fromSetup), parent: -1, edge: -1)]
        let first = priority(actions: setup.count, scenarios: 1, taken: fromSetup)
        var best: [Key: Int] = [nodes[0].key: first]
        best.reserveCapacity(maximumNodes / 4)
        var buckets: [Int: [(node: Int, actions: Int, scenarios: Int)]] = [first: [(0, setup.count, 1)]]
        var current = first
        while !buckets.isEmpty {
            guard let bucket = buckets.removeValue(forKey: current) else {
                current += 1
                continue
            }
            for entry in bucket {
                let node = nodes[entry.node]
                guard best[node.key] == priority(actions: entry.actions, scenarios: entry.scenarios, taken: node.key.taken) else {
                    continue
                }
                if node.key.taken == all { return scenarios(endingAt: entry.node, in: nodes, edges: edges, setup: setupSteps) }
                func push(_ key: Key, edge: Int, actions: Int, scenarios: Int) {
                    let value = priority(actions: actions, scenarios: scenarios, taken: key.taken)
                    if let known = best[key], known <= value { return }
                    best[key] = value
                    nodes.append(Node(key: key, parent: Int32(entry.node), edge: Int32(edge)))
                    // Never below the bucket being taken (the bound is consistent, so this only guards).
                    buckets[max(value, current), default: []].append((nodes.count - 1, actions, scenarios))
                }
                let out = edges[node.key.configuration]
                let masks = edgeMasks[node.key.configuration]
                for index in out.indices {
                    push(
                        Key(configuration: out[index].target, taken: node.key.taken | masks[index]), edge: index,
                        actions: entry.actions + 1, scenarios: entry.scenarios)
                }
                if node.key.configuration != 0 {
                    push(
                        Key(configuration: 0, taken: node.key.taken | fromSetup), edge: -1, actions: entry.actions + setup.count,
                        scenarios: entry.scenarios + 1)
                }
                if nodes.count > maximumNodes { return nil }
            }
            // Entries pushed at this same priority (an action that takes a transition adds one action
            // and removes one left) were put in a new bucket: the loop takes it before moving on.
        }
        return nil
    }

    /// The setup's steps from the policy's start, and where they leave it.
    private func runSetup() -> ([Exploration.PathStep], Configuration)? {
        var configuration = simulator.start()
        var steps: [Exploration.PathStep] = []
        for action in setup {
            guard let move = simulator.perform(action, from: configuration) else { return nil }
            steps.append(Exploration.PathStep(action: action, move: move))
            configuration = move.configuration
        }
        return (steps, configuration)
    }

    /// The configurations reachable from `start`, numbered breadth-first, with their moves.
    private func graph(from start: Configuration) -> ([Configuration], [[Edge]]) {
        var configurations = [start]
        var numbers = [start: 0]
        var edges: [[Edge]] = []
        var index = 0
        while index < configurations.count {
            var out: [Edge] = []
            for (number, action) in alphabet.enumerated() {
                guard let move = simulator.perform(action, from: configurations[index]) else { continue }
                if let target = numbers[move.configuration] {
                    out.append(Edge(action: number, target: target, move: move))
                } else if configurations.count < maximumConfigurations {
                    numbers[move.configuration] = configurations.count
                    out.append(Edge(action: number, target: configurations.count, move: move))
                    configurations.append(move.configuration)
                }
            }
            edges.append(out)
            index += 1
        }
        return (configurations, edges)
    }

    private func scenarios(endingAt index: Int, in nodes: [Node], edges: [[Edge]], setup: [Exploration.PathStep]) -> [[Exploration
        .PathStep]]
    {
        var chain: [Int] = []
        var current = index
        while current >= 0 {
            chain.append(current)
            current = Int(nodes[current].parent)
        }
        var scenarios: [[Exploration.PathStep]] = []
        for number in chain.reversed() {
            let node = nodes[number]
            if node.edge >= 0, node.parent >= 0 {
                let edge = edges[nodes[Int(node.parent)].key.configuration][Int(node.edge)]
                if scenarios.isEmpty { scenarios.append(setup) }
                scenarios[scenarios.count - 1].append(Exploration.PathStep(action: alphabet[edge.action], move: edge.move))
            } else {
                scenarios.append(setup)
            }
        }
        return scenarios
    }
}
