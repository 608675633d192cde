/// The prefix tree of a model's traces: every segment is a path from the root (the form just opened),
/// segments with the same inputs share their points, and each point knows what every trace saw there.
/// Two traces that saw different values of a key at one point contradict each other.
struct PrefixTree {
    struct Edge {
        /// The input's position in `alphabet`.
        var input: Int
        var target: Int
    }

    /// Who saw a key's value first at a point.
    struct Origin {
        var path: Int
        var point: Int
        var sighting: Sighting
    }

    /// Every input of the traces, in `LearnedInput` order.
    let alphabet: [LearnedInput]
    private(set) var knowledge: [ScreenKnowledge] = [ScreenKnowledge()]
    private(set) var children: [[Edge]] = [[]]
    /// Who saw what at each point, in order: one sighting per key.
    private var origins: [[Origin]] = [[]]
    /// Titles seen without a role, by node and by their place among the sheet's actions.
    private var titlesWithoutRole: [Int: [Int: Set<String>]] = [:]
    /// The first contradiction between each two traces (a trace with itself included), in the order found.
    private(set) var contradictions: [LearningContradiction] = []
    /// Each path's points, as nodes.
    private(set) var nodesOfPaths: [[Int]] = []

    var count: Int { knowledge.count }

    init(paths: [AbstractPath], abstraction: TraceAbstraction) {
        alphabet = Set(paths.flatMap { $0.points.compactMap(\.input) }).sorted()
        let symbols = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })
        var contradicting: Set<[Int]> = []
        for (pathIndex, path) in paths.enumerated() {
            var node = 0
            var nodes: [Int] = []
            nodes.reserveCapacity(path.points.count)
            for (pointIndex, point) in path.points.enumerated() {
                if let input = point.input, let symbol = symbols[input] {
                    implyFormRules(before: input, at: node)
                    node = child(of: node, symbol)
                }
                if knowledge[node].flag == nil { knowledge[node].flag = point.flag }
                nodes.append(node)
                for seen in point.seen {
                    let sighting = Sighting(trace: path.trace, step: seen.step, item: seen.item)
                    let origin = Origin(path: pathIndex, point: pointIndex, sighting: sighting)
                    note(
                        abstraction.knowledge(of: seen.item), key: seen.item.key, by: origin, at: node, paths: paths,
                        abstraction: abstraction,
                        contradicting: &contradicting)
                }
            }
            nodesOfPaths.append(nodes)
        }
    }

    /// What the form's rules say of a point an action is taken from (PRODUCT §3): the form is still shown
    /// (after a dismissal only `present` may follow), and a sheet is shown exactly when the action is a
    /// `choose`. A trace that saw otherwise breaks the rules: its replay on the learned policy says where.
    private mutating func implyFormRules(before input: LearnedInput, at node: Int) {
        if knowledge[node].dismissed == nil { knowledge[node].dismissed = false }
        let chooses: Bool
        switch input {
        case .chooseRole, .chooseTitle: chooses = true
        default: chooses = false
        }
        if knowledge[node].sheetShown == nil { knowledge[node].sheetShown = chooses }
    }

    private mutating func child(of node: Int, _ symbol: Int) -> Int {
        if let edge = children[node].first(where: { $0.input == symbol }) { return edge.target }
        let new = knowledge.count
        knowledge.append(ScreenKnowledge())
        children.append([])
        origins.append([])
        let place = children[node].firstIndex { $0.input > symbol } ?? children[node].count
        children[node].insert(Edge(input: symbol, target: new), at: place)
        return new
    }

    /// Adds what one key says at a node, or records the contradiction with the first sighting there that
    /// it cannot agree with.
    private mutating func note(
        _ seen: ScreenKnowledge, key: String, by origin: Origin, at node: Int, paths: [AbstractPath], abstraction: TraceAbstraction,
        contradicting: inout Set<[Int]>
    ) {
        var merged = knowledge[node]
        if Self.absorbAtOnePoint(seen, into: &merged) {
            knowledge[node] = merged
            if !origins[node].contains(where: { $0.sighting.item.key == key }) { origins[node].append(origin) }
            if let actions = seen.actions {
                for (place, action) in actions.enumerated() where action.role == nil {
                    if case .text(let title) = action.title { titlesWithoutRole[node, default: [:]][place, default: []].insert(title) }
                }
            }
            return
        }
        let first = origins[node].first { earlier in
            var alone = abstraction.knowledge(of: earlier.sighting.item)
            return !Self.absorbAtOnePoint(seen, into: &alone)
        }
        // Without a single culprit (what the point knows adds up from several sightings), the first one is named.
        guard let first = first ?? origins[node].first else { return }
        let pair = [first.sighting.trace, origin.sighting.trace].sorted()
        guard contradicting.insert(pair).inserted else { return }
        contradictions.append(
            LearningContradiction(
                first: first.sighting, second: origin.sighting, inputs: paths[origin.path].inputs(upTo: origin.point), key: key,
                editsDiffer: Self.editsDiffer(paths[first.path], first.point, paths[origin.path], origin.point, traces: abstraction.traces))
        )
    }

    /// What several traces saw at one point add up to, or `false` when they contradict: a key with two
    /// values, a sheet with another number of actions or another role at a place, or two titles at a place
    /// whose role no trace gives. Two titles of one action (or of the sheet) with a role are the same
    /// action in two recordings: its title becomes unknown.
    static func absorbAtOnePoint(_ seen: ScreenKnowledge, into knowledge: inout ScreenKnowledge) -> Bool {
        func same<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a == nil || b == nil || a == b }
        guard same(knowledge.done, seen.done), same(knowledge.cancel, seen.cancel), same(knowledge.dismissed, seen.dismissed),
            same(knowledge.saved, seen.saved), same(knowledge.sheetShown, seen.sheetShown)
        else { return false }
        var result = knowledge
        result.done = knowledge.done ?? seen.done
        result.cancel = knowledge.cancel ?? seen.cancel
        result.dismissed = knowledge.dismissed ?? seen.dismissed
        result.saved = knowledge.saved ?? seen.saved
        result.sheetShown = knowledge.sheetShown ?? seen.sheetShown
        result.sheetTitle = knowledge.sheetTitle.union(seen.sheetTitle)
        result.sheetMessage = knowledge.sheetMessage.union(seen.sheetMessage)
        if let theirs = seen.actions {
            if let mine = knowledge.actions {
                guard mine.count == theirs.count else { return false }
                var actions: [ActionKnowledge] = []
                for (a, b) in zip(mine, theirs) {
                    if let ra = a.role, let rb = b.role, ra != rb { return false }
                    let role = a.role ?? b.role
                    if role == nil, case .text(let ta) = a.title, case .text(let tb) = b.title, ta != tb { return false }
                    actions.append(ActionKnowledge(role: role, title: a.title.union(b.title)))
                }
                result.actions = actions
            } else {
                result.actions = theirs
            }
        }
        knowledge = result
        return true
    }

    /// Whether the concrete edits before two points differ (fields or values): then the contradiction may
    /// come from a guard over field values, which the abstraction does not keep.
    private static func editsDiffer(_ a: AbstractPath, _ pointA: Int, _ b: AbstractPath, _ pointB: Int, traces: [Trace]) -> Bool {
        func edits(_ path: AbstractPath, _ point: Int) -> [String] {
            path.points.prefix(point + 1).compactMap { point -> String? in
                guard point.input?.isEdit == true, let step = point.actionStep,
                    case .action(let action) = traces[path.trace].steps[step].kind
                else { return nil }
                return action.json.serialized()
            }
        }
        return edits(a, pointA) != edits(b, pointB)
    }

    /// Titles seen without a role at a place of a sheet whose role some trace gives there.
    func rolesByPlace() -> [String: SheetRole] {
        var found: [String: SheetRole] = [:]
        var twice: Set<String> = []
        for node in titlesWithoutRole.keys.sorted() {
            guard let actions = knowledge[node].actions, let places = titlesWithoutRole[node] else { continue }
            for place in places.keys.sorted() where place < actions.count {
                guard let role = actions[place].role else { continue }
                for title in places[place] ?? [] {
                    if let known = found[title], known != role { twice.insert(title) }
                    found[title] = found[title] ?? role
                }
            }
        }
        for title in twice { found[title] = nil }
        return found
    }

    /// The nodes in shortlex order of their inputs (breadth first, inputs in order): the learner's order.
    func canonicalRanks() -> [Int] {
        var rank = [Int](repeating: 0, count: count)
        var queue = [0]
        var next = 0
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            rank[node] = next
            next += 1
            for edge in children[node] { queue.append(edge.target) }
        }
        return rank
    }
}

/// Where a trace saw a key: the trace (its position among the model's traces), the step and the item.
public struct Sighting: Sendable {
    /// The trace's position among the model's traces.
    public var trace: Int
    /// The step's position in the trace's steps.
    public var step: Int
    /// The key and value seen, with where the trace writes them.
    public var item: ObservedItem
}

/// Two traces that show different observations after the same abstracted actions.
public struct LearningContradiction: Sendable {
    /// The sighting seen first (in the order of the traces, then of their steps).
    public var first: Sighting
    /// The sighting that contradicts it.
    public var second: Sighting
    /// The abstracted actions before both, from the form's opening.
    public var inputs: [LearnedInput]
    /// The observation key they disagree on.
    public var key: String
    /// Whether the two traces' edits before it differ in fields or values (a guard over field values may explain it).
    public var editsDiffer: Bool
}
