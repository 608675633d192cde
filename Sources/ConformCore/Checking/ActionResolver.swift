/// Turns a trace's action into the argument words a transition may be keyed by, applying the form
/// domain's rules: `tap` by button label and state, `choose` by title or learnt role.
extension Replay {
    enum Resolution {
        /// The words a transition's argument may match (e.g. `done` and `Done` for `tap: Done`).
        case candidates(Candidates)
        /// The action changes nothing: a tap on a disabled button, known by the words a transition may be
        /// keyed by (a transition of the state that also changes nothing is then the one taken).
        case disabled(Candidates, label: String)
        /// Boxed, as `Checker.ActionOutcome.departed` is: the resolution is returned at every action.
        indirect case departed(Departure)
    }

    /// - Parameter index: the position of the model's state in the policy's states.
    func resolve(_ action: Action, at index: Int, step: StepPlace, model: inout ModelState) throws(EvaluationError) -> Resolution {
        switch action {
        case .tap(let label) where tables.isFormDomain:
            return try resolveTap(label, action, at: index, step: step, model: &model)
        case .choose(let title) where tables.isFormDomain:
            return resolveChoose(title, action, at: index, step: step, model: &model)
        case .tapOutside where tables.isFormDomain:
            return resolveTapOutside(action, at: index, step: step, model: model)
        case .tap(let text), .swipe(let text), .choose(let text):
            return .candidates(Candidates(text))
        case .present(let screen), .tapOutside(let screen):
            return .candidates(Candidates(screen))
        case .edit:
            return .candidates(.none)
        case .custom(_, .scalar(let value)):
            return .candidates(Candidates(Self.word(value)))
        case .custom:
            return .candidates(.none)
        }
    }

    private func resolveTap(_ label: String, _ action: Action, at index: Int, step: StepPlace, model: inout ModelState)
        throws(EvaluationError) -> Resolution
    {
        // By position, as everywhere in the replay (`Replay`: a generic search allocates in a debug build).
        var bar: Int?
        for place in 0..<tables.buttonLabels.count where tables.buttonLabels[place].label == label {
            bar = place
            break
        }
        guard let bar else {
            // Not a bar button: a transition or ignore entry keyed by this label, or by a bare tap, may take
            // it. The role words `done` and `cancel` name bar buttons in patterns, never a label.
            if !Self.isButtonRole(label), Self.tapTakes(label, in: tables.source[index]) {
                return .candidates(Candidates(label))
            }
            return .departed(departure(step, model.state, .noSuchButton(action, label: label, policy: tables.id, buttons: tables.buttons)))
        }
        let button = tables.buttonLabels[bar]
        var buttonState = Value.symbol("enabled")
        if case .value(let expression)? = tables.states[index].formExpectations[button.slot] {
            buttonState = try expression.evaluate(&model, argument: nil)
        }
        switch buttonState {
        case .symbol("absent"):
            return .departed(
                departure(
                    step, model.state,
                    .buttonAbsent(action, label: label, role: button.role, policy: tables.id, state: tables.states[index].name)))
        case .symbol("disabled"):
            return .disabled(Candidates(button.role, label), label: label)
        default:
            return .candidates(Candidates(button.role, label))
        }
    }

    private func resolveChoose(_ title: String, _ action: Action, at index: Int, step: StepPlace, model: inout ModelState) -> Resolution {
        guard case .sheet(let sheet)? = tables.states[index].formExpectations[FormWords.sheet], sheet.isShown else {
            return .departed(departure(step, model.state, .noSheet(action, title: title)))
        }
        let actions = sheet.actions
        var byTitle: SheetActionSpec?
        for place in 0..<actions.count where actions[place].title == title {
            byTitle = actions[place]
            break
        }
        // A learnt role matters only when no action has the title.
        let learnt = byTitle == nil ? model.learnedRoles[title] : nil
        var byRole: SheetActionSpec?
        if let learnt {
            for place in 0..<actions.count where actions[place].title == nil && actions[place].role == learnt {
                byRole = actions[place]
                break
            }
        }
        guard let chosen = byTitle ?? byRole else {
            return .departed(departure(step, model.state, .notOffered(action, title: title, sheet: sheet, learnt: learnt != nil)))
        }
        return .candidates(Candidates(chosen.title, chosen.role?.rawValue, title))
    }

    /// A tap outside the sheet is its cancel action (iOS runs the cancel-style action when a popover or
    /// an action sheet is dismissed by a tap outside it).
    private func resolveTapOutside(_ action: Action, at index: Int, step: StepPlace, model: ModelState) -> Resolution {
        let what = "a tap outside"
        guard case .sheet(let sheet)? = tables.states[index].formExpectations[FormWords.sheet], sheet.isShown else {
            return .departed(departure(step, model.state, .noSheet(action, title: what)))
        }
        var cancelAction: SheetActionSpec?
        for place in 0..<sheet.actions.count where sheet.actions[place].role == .cancel {
            cancelAction = sheet.actions[place]
            break
        }
        guard let cancel = cancelAction else {
            return .departed(departure(step, model.state, .notOffered(action, title: what, sheet: sheet, learnt: true)))
        }
        return .candidates(Candidates(cancel.title, SheetRole.cancel.rawValue, nil))
    }

    /// Whether `label` is a bar button's role word (`FormDomain.buttonRoles`).
    private static func isButtonRole(_ label: String) -> Bool {
        for place in 0..<FormDomain.buttonRoles.count where FormDomain.buttonRoles[place] == label { return true }
        return false
    }

    /// Whether a transition or ignore entry of `state` is keyed by a tap on `label`, or by a bare tap.
    private static func tapTakes(_ label: String, in state: PolicyState) -> Bool {
        for place in 0..<state.transitions.count {
            let pattern = state.transitions[place].pattern
            if pattern.verb == "tap", pattern.argument == nil || pattern.argument == label { return true }
        }
        for place in 0..<state.ignored.count {
            let pattern = state.ignored[place]
            if pattern.verb == "tap", pattern.argument == nil || pattern.argument == label { return true }
        }
        return false
    }

    /// The word a scalar argument is matched by in a transition key.
    static func word(_ value: Value) -> String {
        switch value {
        case .string(let s), .symbol(let s): return s
        case .number(let n): return Value.format(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .opaque: return ""
        }
    }
}
