/// Writes a learned automaton in policy terms: state names, what each state expects, the patterns and
/// guarded branches of its transitions.
struct LearnedModelBuilder {
    let automaton: LearnedAutomaton
    let abstraction: TraceAbstraction

    func model(editGuard: EditGuard, determined: Bool, editsSeen: Bool) -> LearnedModel {
        let names = stateNames(editGuard)
        var states: [LearnedState] = []
        for index in automaton.states.indices {
            let knowledge = automaton.states[index]
            let isFinal = knowledge.dismissed == true
            let sheet = isFinal ? nil : sheetExpectation(of: index)
            states.append(
                LearnedState(
                    name: names[index], isFinal: isFinal, done: knowledge.done, cancel: knowledge.cancel, saved: knowledge.saved,
                    sheet: sheet, transitions: transitions(of: index, names: names, sheet: sheet),
                    traces: automaton.stateTraces[index].sorted()))
        }
        let buttons = FormDomain.buttonRoles.compactMap { role in
            abstraction.buttons.filter { $0.value == role }.keys.sorted().first.map { (role: role, label: $0) }
        }
        return LearnedModel(
            traces: abstraction.traces, app: abstraction.traces.first?.app, settings: abstraction.traces.first?.settings ?? [:],
            editGuard: editGuard, guardDetermined: determined, editsSeen: editsSeen, buttons: buttons, states: states)
    }

    /// `editing` for the initial state, then by kind, numbered from 2 when a name repeats: `modified`
    /// (`edited`) for an editing state whose flag is set, `confirm` for a sheet, `saved`, `discarded` or
    /// `dismissed` for a dismissed form.
    private func stateNames(_ editGuard: EditGuard) -> [String] {
        var used: [String: Int] = [:]
        return automaton.states.indices.map { index in
            let knowledge = automaton.states[index]
            let base: String
            if knowledge.dismissed == true {
                base = knowledge.saved.map { $0 ? "saved" : "discarded" } ?? "dismissed"
            } else if !automaton.isEditing(index) {
                base = "confirm"
            } else if index > 0, knowledge.flag == true, editGuard != .none {
                base = editGuard == .edited ? "edited" : "modified"
            } else {
                base = "editing"
            }
            used[base, default: 0] += 1
            let count = used[base] ?? 1
            return count == 1 ? base : "\(base)-\(count)"
        }
    }

    /// The sheet a state shows: what the traces saw of it, its actions by title where they agree and by
    /// role otherwise; when no trace listed them, the actions the traces chose.
    private func sheetExpectation(of index: Int) -> SheetExpectation? {
        let knowledge = automaton.states[index]
        let chosen = automaton.transitions[index].compactMap { transition -> SheetActionSpec? in
            switch automaton.alphabet[transition.input] {
            case .chooseRole(let role):
                // The title the traces chose it by, when they agree on one the screen showed.
                let titles = (automaton.chosenTitles[index][transition.input] ?? []).filter { !PolicySimulator.isPlaceholder($0) }
                return SheetActionSpec(title: titles.count == 1 ? titles.first : nil, role: role)
            case .chooseTitle(let title): return SheetActionSpec(title: title, role: abstraction.roles[title])
            default: return nil
            }
        }
        guard knowledge.sheetShown == true || !chosen.isEmpty else { return nil }
        func text(_ knowledge: TextKnowledge) -> TextExpectation {
            switch knowledge {
            case .absent: return .absent
            case .text(let text): return .text(text)
            case .unknown, .varies: return .open
            }
        }
        var actions: [SheetActionSpec]?
        if let known = knowledge.actions {
            let specs = known.map { action -> SheetActionSpec in
                if case .text(let title) = action.title { return SheetActionSpec(title: title, role: action.role) }
                return SheetActionSpec(title: nil, role: action.role)
            }
            // An action known by neither title nor role cannot be written: the actions stay open.
            actions = specs.contains { $0.title == nil && $0.role == nil } ? nil : specs
        }
        if actions == nil, !chosen.isEmpty { actions = chosen }
        return .shown(title: text(knowledge.sheetTitle), message: text(knowledge.sheetMessage), actions: actions)
    }

    private func transitions(of index: Int, names: [String], sheet: SheetExpectation?) -> [LearnedTransition] {
        let outgoing = automaton.transitions[index].sorted { automaton.alphabet[$0.input] < automaton.alphabet[$1.input] }
        func branch(_ transition: LearnedAutomaton.Transition, if condition: String?) -> LearnedBranch {
            LearnedBranch(
                condition: condition, target: names[transition.target],
                traces: (automaton.transitionTraces[index][transition.input] ?? []).sorted(), inferred: transition.inferred)
        }
        var result: [LearnedTransition] = []
        func add(_ pattern: ActionPattern, _ branches: [LearnedBranch]) {
            // Two inputs written alike (a title and its role) are one transition: the first one's.
            guard !result.contains(where: { $0.pattern == pattern }) else { return }
            result.append(LearnedTransition(pattern: pattern, branches: branches))
        }
        let edits = outgoing.filter { automaton.alphabet[$0.input].isEdit }
        if !edits.isEmpty {
            let modified = edits.first { automaton.alphabet[$0.input] == .edit(leavesModified: true) }
            let clean = edits.first { automaton.alphabet[$0.input] == .edit(leavesModified: false) }
            let any = edits.first { automaton.alphabet[$0.input] == .edit(leavesModified: nil) }
            var branches: [LearnedBranch] = []
            if let any {
                branches = [branch(any, if: nil)]
            } else if let modified, let clean, modified.target == clean.target {
                var both = branch(modified, if: nil)
                both.traces = Array(Set(both.traces).union(branch(clean, if: nil).traces)).sorted()
                both.inferred = modified.inferred && clean.inferred
                branches = [both]
            } else if let modified {
                branches = [branch(modified, if: "modified")] + (clean.map { [branch($0, if: nil)] } ?? [])
            } else if let clean {
                branches = [branch(clean, if: "!modified")]
            }
            add(ActionPattern(verb: "edit", argument: nil), branches)
        }
        for transition in outgoing {
            let pattern: ActionPattern
            switch automaton.alphabet[transition.input] {
            case .edit: continue
            case .tap(let label): pattern = ActionPattern(verb: "tap", argument: abstraction.buttons[label] ?? label)
            case .swipe(let direction): pattern = ActionPattern(verb: "swipe", argument: direction)
            case .chooseRole(let role): pattern = ActionPattern(verb: "choose", argument: role.rawValue)
            case .chooseTitle(let title): pattern = ActionPattern(verb: "choose", argument: choosePattern(title, in: sheet))
            }
            add(pattern, [branch(transition, if: nil)])
        }
        return result
    }

    /// How a `choose` of a title no trace gives a role for is written: the title when the sheet lists it,
    /// else the role its place in the sheet has.
    private func choosePattern(_ title: String, in sheet: SheetExpectation?) -> String {
        let actions = sheet?.actions ?? []
        if actions.contains(where: { $0.title == title }) { return title }
        if let role = abstraction.roles[title], actions.contains(where: { $0.role == role }) { return role.rawValue }
        return title
    }
}
