/// The states and transitions state merging found, over abstract inputs, before they are written as a
/// policy: what every trace saw in each state, and which traces pass through each state and transition.
struct LearnedAutomaton {
    struct Transition: Equatable {
        var input: Int
        var target: Int
        /// Completed by the learner (no trace takes it).
        var inferred = false
    }

    var alphabet: [LearnedInput]
    /// What each state shows; state 0 is the initial one.
    var states: [ScreenKnowledge]
    var transitions: [[Transition]]
    /// The traces (positions among the model's traces) through each state, and through each transition.
    var stateTraces: [Set<Int>]
    var transitionTraces: [[Int: Set<Int>]]
    /// The titles the traces chose each sheet action by, per state and input (a sheet no trace saw is written
    /// with them, so that a trace that never saw the role of its title still holds).
    var chosenTitles: [[Int: Set<String>]]

    /// The automaton of the red states of a finished merge, in their order, and the traces through its parts.
    init(tree: PrefixTree, merging: StateMerging, red: [Int], paths: [AbstractPath], traces: [Trace]) {
        alphabet = tree.alphabet
        let index = Dictionary(uniqueKeysWithValues: red.enumerated().map { ($1, $0) })
        states = red.map { merging.knowledge[$0] }
        transitions = red.map { node in
            merging.children[node].compactMap { edge in index[edge.target].map { Transition(input: edge.input, target: $0) } }
        }
        stateTraces = Array(repeating: [], count: red.count)
        transitionTraces = Array(repeating: [:], count: red.count)
        chosenTitles = Array(repeating: [:], count: red.count)
        let symbols = Dictionary(uniqueKeysWithValues: alphabet.enumerated().map { ($1, $0) })
        for path in paths {
            var state = 0
            stateTraces[0].insert(path.trace)
            for point in path.points.dropFirst() {
                guard let input = point.input, let symbol = symbols[input],
                    let next = transitions[state].first(where: { $0.input == symbol })?.target
                else { break }
                transitionTraces[state][symbol, default: []].insert(path.trace)
                if let step = point.actionStep, case .action(.choose(let title)) = traces[path.trace].steps[step].kind {
                    chosenTitles[state][symbol, default: []].insert(title)
                }
                state = next
                stateTraces[state].insert(path.trace)
            }
        }
    }

    /// States, then transitions: what "smallest" compares.
    var size: (states: Int, transitions: Int) { (states.count, transitions.reduce(0) { $0 + $1.count }) }

    /// Whether the state is one where the form is open and no sheet shows: edits happen there.
    func isEditing(_ state: Int) -> Bool {
        let knowledge = states[state]
        guard knowledge.dismissed != true, knowledge.sheetShown != true else { return false }
        return !transitions[state].contains { transition in
            switch alphabet[transition.input] {
            case .chooseRole, .chooseTitle: return true
            default: return false
            }
        }
    }

    func target(of state: Int, on input: LearnedInput) -> Int? {
        guard let symbol = alphabet.firstIndex(of: input) else { return nil }
        return transitions[state].first { $0.input == symbol }?.target
    }

    private mutating func symbol(_ input: LearnedInput) -> Int {
        if let symbol = alphabet.firstIndex(of: input) { return symbol }
        alphabet.append(input)
        return alphabet.count - 1
    }

    private mutating func complete(_ state: Int, _ input: LearnedInput, to target: Int) {
        let symbol = symbol(input)
        guard !transitions[state].contains(where: { $0.input == symbol }) else { return }
        transitions[state].append(Transition(input: symbol, target: target, inferred: true))
    }

    /// Completes the edits no trace shows (Docs/Learning.md, "Completion"): an edit is assumed to change only
    /// the form's flag. Under `modified`, an edit that keeps the flag stays, and one that flips it goes to the
    /// one state the opposite edit came from; under `edited`, an edit of an edited form stays; with no
    /// guard, every edit stays.
    mutating func completeEdits(_ editGuard: EditGuard) {
        let editing = states.indices.filter(isEditing)
        switch editGuard {
        case .none:
            for state in editing { complete(state, .edit(leavesModified: nil), to: state) }
        case .edited:
            for state in editing where states[state].flag == true { complete(state, .edit(leavesModified: nil), to: state) }
        case .modified:
            // The states an edit flipping the flag came from, by the state it led to.
            var cameFrom: [Int: Set<Int>] = [:]
            for state in editing {
                for flips in [true, false] where states[state].flag == !flips {
                    if let target = target(of: state, on: .edit(leavesModified: flips)) { cameFrom[target, default: []].insert(state) }
                }
            }
            for state in editing {
                guard let flag = states[state].flag else { continue }
                complete(state, .edit(leavesModified: flag), to: state)
                if let origins = cameFrom[state], origins.count == 1, let origin = origins.first {
                    complete(state, .edit(leavesModified: !flag), to: origin)
                }
            }
        }
    }
}
