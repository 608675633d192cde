/// What is wrong with a policy that loads: parts that can never matter (a state nothing leads to, a
/// variable never read or never set, a guard nothing satisfies) and shapes that trap or mislead (a
/// state with no way out, a sheet with no cancel, a `tap` pattern that names no bar button by a slip).
/// Each is a located warning: the policy still checks what it models (Docs/PolicyFormat.md, Lint).
public enum ModelLint {
    /// Every warning for `policy`, in file order, located in its file.
    public static func diagnostics(for policy: Policy) -> [Diagnostic] {
        var found: [(TextPosition, String)] = []
        found += unreachableStates(policy)
        found += trappingStates(policy)
        found += unusedVariables(policy)
        found += sheetsWithoutWayBack(policy)
        found += tapSlips(policy)
        found += unhandledSheetActions(policy)
        found += finalStatesNotDismissed(policy)
        found += fieldsUsedAsConditions(policy)
        found += GuardSatisfiability.unsatisfiable(policy)
        found += ShadowedBranches.find(policy).map { ($0.position, $0.message) }
        return found.sorted { $0.0 < $1.0 }.map {
            Diagnostic(.warning, $0.1, at: SourceLocation(file: policy.file, position: $0.0))
        }
    }

    private static func targets(of state: PolicyState) -> [String] {
        state.transitions.flatMap(\.branches).map(\.target)
    }

    /// States that no path from the initial state reaches.
    static func unreachableStates(_ policy: Policy) -> [(TextPosition, String)] {
        // A final initial state leaves every other state out of reach: one warning where the fix is.
        if let initial = policy.state(named: policy.initialState), initial.isFinal, policy.states.count > 1 {
            let first = policy.states.first { !$0.isFinal }
            let fix = first.map { "write 'initial: \($0.name)' (the state the form opens in)" } ?? "name the state the form opens in"
            return [
                (
                    policy.initialPosition ?? initial.position,
                    "the initial state '\(initial.name)' is final, so \(policy.isFormDomain ? "the form is dismissed from the start and " : "")"
                        + "no other state can be reached; \(fix)"
                )
            ]
        }
        let reached = reachableStates(policy)
        let named = Set(
            policy.states.filter { $0.name != policy.initialState }.flatMap { state in targets(of: state).filter { $0 != state.name } })
        return policy.states.filter { !reached.contains($0.name) }.map { state in
            if named.contains(state.name) {
                return (
                    state.position,
                    "state '\(state.name)' cannot be reached from '\(policy.initialState)': only states that are not reached lead to it"
                )
            }
            return (
                state.position,
                "nothing leads to state '\(state.name)': no transition of another state names it, and it is not the initial state "
                    + "('\(policy.initialState)'); add a transition to it, check for a misspelt 'to:', or remove it"
            )
        }
    }

    /// The states some path of transitions leads to from the initial state, whatever the guards say.
    static func reachableStates(_ policy: Policy) -> Set<String> {
        var reached: Set<String> = [policy.initialState]
        var queue = [policy.initialState]
        while let name = queue.popLast() {
            guard let state = policy.state(named: name) else { continue }
            for target in targets(of: state) where reached.insert(target).inserted { queue.append(target) }
        }
        return reached
    }

    /// Non-final states that every action leaves where they are: a form there is never dismissed.
    static func trappingStates(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.states.count > 1 else { return [] }
        return policy.states.filter { state in !state.isFinal && targets(of: state).allSatisfy { $0 == state.name } }.map { state in
            (
                state.position,
                "state '\(state.name)' is not final and has no way out: no transition leads to another state "
                    + "(add one, or make it 'final: true')"
            )
        }
    }

    /// Variables that no expression reads, or that no `set` changes.
    static func unusedVariables(_ policy: Policy) -> [(TextPosition, String)] {
        let read = Set(PolicyExpressions.all(in: policy).flatMap { PolicyExpressions.names(in: $0.expression) })
        let set = Set(policy.states.flatMap(\.transitions).flatMap(\.branches).flatMap(\.updates).map(\.variable))
        var found: [(TextPosition, String)] = []
        for variable in policy.variables {
            if !read.contains(variable.name) {
                found.append(
                    (
                        variable.position,
                        "variable '\(variable.name)' is never read: no 'see', 'if' or 'set' uses it; "
                            + "read it in a see or an if (or fix a misspelt use), or remove it"
                    ))
            } else if !set.contains(variable.name) {
                found.append(
                    (
                        variable.position,
                        "variable '\(variable.name)' is never set, so it is always \(variable.initial.display) "
                            + "(set it in a transition, or write the value where it is read)"
                    ))
            }
        }
        return found
    }

    /// Form sheets listing their actions without one of role cancel, or with no choice back to a state
    /// without a sheet (editing).
    static func sheetsWithoutWayBack(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.isFormDomain else { return [] }
        var found: [(TextPosition, String)] = []
        for state in policy.states where !state.isFinal && policy.showsSheet(in: state.name) {
            if case .sheet(.shown(_, _, let actions?))? = policy.expectations(in: state.name)["sheet"],
                !actions.contains(where: { $0.role == .cancel })
            {
                found.append(
                    (
                        state.position,
                        "the sheet of state '\(state.name)' has no action of role cancel; give its cancelling action 'role: cancel' "
                            + "(a tap outside the sheet runs it)"
                    ))
            }
            // Through other sheets too (a second confirmation whose Cancel goes back).
            var seen: Set<String> = [state.name]
            var queue = [state.name]
            var back = false
            while let name = queue.popLast(), !back, let current = policy.state(named: name) {
                for target in targets(of: current) where seen.insert(target).inserted {
                    guard let next = policy.state(named: target), !next.isFinal else { continue }
                    if policy.showsSheet(in: target) { queue.append(target) } else { back = true }
                }
            }
            if !back {
                // At the choice of the cancel action (else the first choice): the one to point back.
                let choices = state.transitions.filter { $0.pattern.verb == "choose" }
                let cancelWords = cancelActionWords(in: policy, state: state.name)
                let cancelChoice = choices.first { cancelWords.contains($0.pattern.argument ?? "") }
                let choice = cancelChoice ?? choices.first
                let editing = policy.states.first { !$0.isFinal && !policy.showsSheet(in: $0.name) }?.name
                let target = editing.map { "'\($0)'" } ?? "a state without a sheet"
                // A cancel action no `choose` takes: the pattern to add.
                let fix =
                    cancelChoice.map { "; point '\($0.pattern.display)' at \(target)" }
                    ?? cancelWords.dropFirst().first.map { "; add 'choose \($0): \(editing ?? "STATE")' for its cancel action" }
                    ?? choice.map { "; point '\($0.pattern.display)' at \(target)" }
                    ?? "; add a choice that leads to a state without a sheet"
                found.append(
                    (
                        choice?.position ?? state.position,
                        "the sheet of state '\(state.name)' has no way back to editing: no choice leads (directly or through another sheet) to a state without a sheet "
                            + "(a cancel action usually does)\(fix)"
                    ))
            }
        }
        return found
    }

    /// The words a `choose` of the sheet's cancel action may be written with: its title and `cancel`.
    private static func cancelActionWords(in policy: Policy, state: String) -> [String] {
        guard case .sheet(.shown(_, _, let actions?))? = policy.expectations(in: state)["sheet"] else { return ["cancel"] }
        return ["cancel"] + actions.filter { $0.role == .cancel }.compactMap(\.title)
    }

    /// In a form state whose sheet is shown only `choose` may follow: another pattern there never applies,
    /// and a sheet action no `choose` pattern takes departs when chosen.
    static func unhandledSheetActions(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.isFormDomain else { return [] }
        var found: [(TextPosition, String)] = []
        for state in policy.states where !state.isFinal && policy.showsSheet(in: state.name) {
            for transition in state.transitions where transition.pattern.verb != "choose" {
                found.append(
                    (
                        transition.position,
                        "'\(transition.pattern.display)' never applies in state '\(state.name)': while its sheet is shown only choose may follow "
                            + "(write choose and the title of the sheet action)"
                    ))
            }
            guard case .sheet(.shown(_, _, let actions?))? = policy.expectations(in: state.name)["sheet"] else { continue }
            let chosen = state.transitions.filter { $0.pattern.verb == "choose" }
            let takesAll = chosen.contains { $0.pattern.argument == nil }
            for action in actions where !takesAll {
                let handled = chosen.contains { pattern in
                    pattern.pattern.argument == action.title || (action.role.map { pattern.pattern.argument == $0.rawValue } ?? false)
                }
                let ignored = state.ignored.contains { $0.verb == "choose" && ($0.argument == nil || $0.argument == action.title) }
                if !handled, !ignored {
                    let name = action.title.map { "'\($0)'" } ?? "of role \(action.role?.rawValue ?? "")"
                    found.append(
                        (
                            state.position,
                            "the sheet of state '\(state.name)' offers the action \(name), but no 'choose' pattern takes it, so choosing it departs"
                        ))
                }
            }
        }
        return found
    }

    /// `if: form.to`: a field holds the trace's text or number, and a guard that is not true does not hold,
    /// so such a guard holds only for a field whose value is the boolean true.
    static func fieldsUsedAsConditions(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.isFormDomain else { return [] }
        func bareField(_ expression: Expression) -> String? {
            switch expression.kind {
            case .name(let name) where name.hasPrefix("form."): return name
            case .unary(.not, let operand): return bareField(operand)
            default: return nil
            }
        }
        var found: [(TextPosition, String)] = []
        for state in policy.states {
            for transition in state.transitions {
                for branch in transition.branches {
                    guard let condition = branch.condition, let field = bareField(condition.expression) else { continue }
                    found.append(
                        (
                            branch.position,
                            "the guard '\(condition.text)' of '\(transition.pattern.display)' in state '\(state.name)' holds only when \(field) "
                                + "is the boolean true; compare the field instead, e.g. \"\(field) != null && \(field) != ''\""
                        ))
                }
            }
        }
        return found
    }

    /// Final form states whose own `see` expects the form still shown: a final state means it is dismissed.
    static func finalStatesNotDismissed(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.isFormDomain else { return [] }
        return policy.states.filter(\.isFinal).compactMap { state in
            guard case .value(let expression)? = state.expectations["dismissed"], case .literal(.bool(false)) = expression.expression.kind
            else { return nil }
            return (
                state.position,
                "final state '\(state.name)' expects dismissed: false, but a final form state is the form dismissed "
                    + "(write dismissed: true, or make the state not final)"
            )
        }
    }

    /// `tap LABEL` patterns whose label is a slip for a bar button's (`tap send` with `done: Send`).
    static func tapSlips(_ policy: Policy) -> [(TextPosition, String)] {
        guard policy.isFormDomain else { return [] }
        let labels = FormDomain.buttonRoles.compactMap { policy.buttons[$0] ?? FormDomain.defaultLabels[$0] }
        var found: [(TextPosition, String)] = []
        for state in policy.states {
            for transition in state.transitions where transition.pattern.verb == "tap" {
                guard let label = transition.pattern.argument, !labels.contains(label), !FormDomain.buttonRoles.contains(label)
                else { continue }
                let sameLetters = labels.first { $0.lowercased() == label.lowercased() }
                guard let near = sameLetters ?? Spelling.nearest(to: label, among: labels) else { continue }
                found.append(
                    (
                        transition.position,
                        "'tap \(label)' names no bar button (labels match exactly: '\(policy.id)' has \(labels.joined(separator: ", "))); "
                            + "did you mean 'tap \(near)'?"
                    ))
            }
        }
        return found
    }
}
