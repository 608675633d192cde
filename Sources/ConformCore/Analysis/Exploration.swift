/// Breadth-first search over a policy's configurations, one alphabet action per edge.
struct Exploration {
    let simulator: PolicySimulator
    let alphabet: [Action]
    /// Longest action sequence tried, and most configurations visited, in one search. Numbers that
    /// accumulate (a keyboard inset) make some policies' configurations unbounded.
    var maximumDepth = 12
    var maximumConfigurations = 100_000

    /// One action of a found path and what it did.
    struct PathStep {
        var action: Action
        var move: Move
    }

    /// The shortest action sequence from `start` that begins with `prefix` and whose last action takes
    /// one of `targets` (on ties, the one found first: alphabet order, so the result is deterministic).
    /// - Parameter budget: actions all searches together may still try; each search takes what it tries
    ///   from it, and none goes on once it is spent (a policy of thousands of states would otherwise
    ///   cost a full search per transition).
    func nearest(from start: Configuration, taking targets: Set<TransitionID>, prefix: [Action] = [], budget: inout Int) -> [PathStep]? {
        if targets.isEmpty || budget <= 0 { return nil }
        var nodes: [(configuration: Configuration, parent: Int, step: PathStep?)] = [(start, -1, nil)]
        var visited: Set<Configuration> = [start]
        var frontier = [0]
        var depth = 0
        while !frontier.isEmpty, depth < maximumDepth + prefix.count {
            let actions = depth < prefix.count ? [prefix[depth]] : alphabet
            depth += 1
            var next: [Int] = []
            for index in frontier {
                let configuration = nodes[index].configuration
                for action in actions {
                    guard budget > 0 else { return nil }
                    budget -= 1
                    guard let move = simulator.perform(action, from: configuration) else { continue }
                    let step = PathStep(action: action, move: move)
                    if let transition = move.transition, targets.contains(transition) {
                        return path(to: index, in: nodes) + [step]
                    }
                    guard visited.count < maximumConfigurations, visited.insert(move.configuration).inserted else { continue }
                    nodes.append((move.configuration, index, step))
                    next.append(nodes.count - 1)
                }
            }
            frontier = next
        }
        return nil
    }

    private func path(to index: Int, in nodes: [(configuration: Configuration, parent: Int, step: PathStep?)]) -> [PathStep] {
        var steps: [PathStep] = []
        var current = index
        while current >= 0, let step = nodes[current].step {
            steps.append(step)
            current = nodes[current].parent
        }
        return steps.reversed()
    }
}
