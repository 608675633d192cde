/// Replays one trace against one policy and says where, if anywhere, it first departs.
///
/// Pure and deterministic: no I/O, no clock. The rules are PRODUCT §3 and §5; the form domain's
/// special actions (`tap` by label, `choose` by title or learnt role, `edit`, `present`) are here,
/// everything else is the policy's data.
public struct Checker {
    public let policy: Policy
    public let trace: Trace
    /// Whether the outcome lists the transitions taken (reports and coverage want them; a plain run does not).
    public var recordsPath = true
    var words: TraceWords?

    public init(policy: Policy, trace: Trace) {
        self.policy = policy
        self.trace = trace
    }

    public static func check(_ trace: Trace, against policy: Policy) -> CheckOutcome {
        Checker(policy: policy, trace: trace).run()
    }

    /// Checks one trace against each policy, gathering what they share once.
    public static func check(_ trace: Trace, against policies: [Policy], recordingPath: (Policy) -> Bool) -> [CheckOutcome] {
        let words = TraceWords(trace)
        return policies.map { policy in
            // Decided before a checker (a copy of the policy and the trace) is made: many policies cannot read a trace.
            if let reason = Applicability.reasonInapplicable(trace, to: policy, using: words) {
                return CheckOutcome(verdict: .inapplicable(reason: reason), path: [])
            }
            var checker = Checker(policy: policy, trace: trace)
            checker.words = words
            checker.recordsPath = recordingPath(policy)
            return checker.replay()
        }
    }

    public func run() -> CheckOutcome {
        if let reason = Applicability.reasonInapplicable(trace, to: policy, using: words) {
            return CheckOutcome(verdict: .inapplicable(reason: reason), path: [])
        }
        return replay()
    }

    /// Replays the trace step by step, once the policy is known to be able to read it.
    private func replay() -> CheckOutcome {
        var model = ModelState(policy: policy, trace: trace)
        var path: [TakenTransition] = []
        // The last action that moved the model: what a later observation's missing sheet is blamed on.
        var lastMove: (step: Step, action: Action)?
        for step in trace.steps {
            do {
                switch step.kind {
                case .see(let observation):
                    if let departure = try compare(observation, at: step, after: lastMove, model: &model) {
                        return CheckOutcome(verdict: .fail(departure), path: path)
                    }
                case .action(let action):
                    switch try perform(action, at: step, model: &model) {
                    case .departed(let departure):
                        return CheckOutcome(verdict: .fail(departure), path: path)
                    case .took(let transition):
                        lastMove = (step, action)
                        if let transition { path.append(transition) }
                    case .unchanged:
                        break
                    }
                }
            } catch {
                return CheckOutcome(
                    verdict: .error(
                        message: "step \(step.number) could not be evaluated against '\(policy.id)': \(error.message)",
                        step: step.number, position: step.position),
                    path: path)
            }
        }
        return CheckOutcome(verdict: .pass, path: path)
    }

    // MARK: - Observations

    func compare(_ observation: Observation, at step: Step, after lastMove: (step: Step, action: Action)? = nil, model: inout ModelState)
        throws(EvaluationError) -> Departure?
    {
        let expectations = model.index.map(policy.expectations(at:)) ?? [:]
        for item in observation.items {
            let mismatch: DepartureDetail.ExpectedValue?
            switch item.value {
            case .fields(let seen):
                mismatch = compareFields(seen, model: model)
            case .sheet(let seen):
                guard case .sheet(let expected)? = expectations[item.key] else { continue }
                mismatch = SheetMatcher.accepts(expected, seen, learnedRoles: model.learnedRoles) ? nil : .sheet(expected)
            case .scalar(let seen):
                guard case .value(let source)? = expectations[item.key] else { continue }
                let expected = try Evaluator.evaluate(source.expression) { model.lookup($0, argument: nil) }
                mismatch = expected.matches(seen) ? nil : .value(expected)
            }
            if mismatch != nil, let lastMove, case .sheet(let sheet)? = expectations["sheet"], sheet.isShown,
                let seen = Self.noSheet(in: observation)
            {
                return Departure(
                    step: lastMove.step.number, position: lastMove.step.position, state: model.state,
                    detail: .missingSheet(after: lastMove.action, step: lastMove.step.number, expected: sheet, seen: seen))
            }
            if let mismatch {
                return Departure(step: step.number, position: step.position, state: model.state, detail: .observed(item, expected: mismatch))
            }
        }
        learnRoles(from: observation, expectations: expectations, into: &model)
        return nil
    }

    /// The item of an observation that says no sheet is up: `sheet: none`, or else `dismissed: true`.
    private static func noSheet(in observation: Observation) -> ObservedItem? {
        observation.items.first { if case .sheet(.none) = $0.value { true } else { false } }
            ?? observation.items.first { $0.key == "dismissed" && { if case .scalar(.bool(true)) = $0.value { true } else { false } }($0) }
    }

    private func compareFields(_ seen: [NamedValue], model: ModelState) -> DepartureDetail.ExpectedValue? {
        for field in seen {
            // A field the model knows nothing of, or one set to "some new value", cannot be checked.
            guard let known = model.fields[field.name], !isOpaque(known) else { continue }
            if !known.matches(field.value) { return .field(field.name, known) }
        }
        return nil
    }

    private func isOpaque(_ value: Value) -> Bool {
        if case .opaque = value { return true }
        return false
    }

    /// Remembers the role of each sheet action the trace names: the role it gives, or else the role of
    /// the policy's action at the same position when the trace lists as many actions as the policy.
    private func learnRoles(from observation: Observation, expectations: [String: Expectation], into model: inout ModelState) {
        // Most observations name no sheet actions: then there is nothing to learn, nor to look up.
        guard observation.items.contains(where: { if case .sheet(.details(_, _, _?)) = $0.value { true } else { false } }) else { return }
        var specs: [SheetActionSpec] = []
        if case .sheet(let sheet)? = expectations["sheet"] { specs = sheet.actions }
        for item in observation.items {
            guard case .sheet(.details(_, _, let actions?)) = item.value else { continue }
            let positional = actions.count == specs.count
            for (index, action) in actions.enumerated() {
                if let role = action.role ?? (positional ? specs[index].role : nil) { model.learnedRoles[action.title] = role }
            }
        }
    }

    // MARK: - Actions

    enum ActionOutcome {
        /// The transition taken, when the path is recorded.
        case took(TakenTransition?)
        case unchanged
        case departed(Departure)
    }

    func perform(_ action: Action, at step: Step, model: inout ModelState) throws(EvaluationError) -> ActionOutcome {
        guard let index = model.index else {
            return .departed(departure(step, model, .written(message: "the policy has no state '\(model.state)'", expected: .object([]), observed: .object([]))))
        }
        let state = policy.states[index]
        if policy.isFormDomain {
            if !state.isFinal, policy.showsSheet(at: index), action.verb != "choose" {
                return .departed(unhandled(action, in: state, at: index, step: step, model: model))
            }
            if case .present = action {
                let saved = try finalStateSaved(state, model: model)
                model.reopen(policy: policy, saved: saved)
                return .unchanged
            }
            if state.isFinal {
                return .departed(departure(step, model, .afterDismissal(action)))
            }
        } else if state.isFinal {
            return .departed(departure(step, model, .afterFinalState(action, state: state.name)))
        }
        switch try resolve(action, in: state, at: index, step: step, model: model) {
        case .departed(let departure): return .departed(departure)
        case .noEffect: return .unchanged
        case .candidates(let candidates):
            return try take(action, candidates: candidates, in: state, at: index, step: step, model: &model)
        }
    }

    private func take(
        _ action: Action, candidates: Candidates, in state: PolicyState, at stateIndex: Int, step: Step, model: inout ModelState
    ) throws(EvaluationError) -> ActionOutcome {
        let verb = action.verb
        let exact = state.transitions.firstIndex { $0.pattern.verb == verb && $0.pattern.argument.map(candidates.contains) == true }
        guard let transitionIndex = exact ?? state.transitions.firstIndex(where: { $0.pattern.verb == verb && $0.pattern.argument == nil })
        else {
            let ignored = state.ignored.contains { $0.verb == verb && ($0.argument == nil || candidates.contains($0.argument ?? "")) }
            if ignored { return .unchanged }
            return .departed(unhandled(action, in: state, at: stateIndex, step: step, model: model))
        }
        let transition = state.transitions[transitionIndex]
        // The model changes in place: if no branch applies, the check ends here and the model is dropped.
        if case .edit(let edits) = action { model.apply(edits) }
        let argument = Self.argument(of: action)
        for (index, branch) in transition.branches.enumerated() {
            if let condition = branch.condition {
                let holds = try Evaluator.evaluate(condition.expression) { model.lookup($0, argument: argument) }
                guard case .bool(let isTrue) = holds else {
                    throw EvaluationError("the condition '\(condition.text)' gave \(holds.display), not a boolean")
                }
                guard isTrue else { continue }
            }
            if !branch.updates.isEmpty {
                // Every right-hand side sees the values from before the transition.
                var updated = model.variables
                for update in branch.updates {
                    updated[update.variable] = try Evaluator.evaluate(update.value.expression) { model.lookup($0, argument: argument) }
                }
                model.variables = updated
            }
            model.state = branch.target
            model.index = policy.target(state: stateIndex, transition: transitionIndex, branch: index)
            guard recordsPath else { return .took(nil) }
            return .took(TakenTransition(step: step.number, from: state.name, pattern: transition.pattern, branch: index, to: branch.target))
        }
        return .departed(departure(step, model, .noConditionHolds(action, state: state.name, transition: transition)))
    }

    private func unhandled(_ action: Action, in state: PolicyState, at index: Int, step: Step, model: ModelState) -> Departure {
        departure(step, model, .unhandled(action, state: state, policy: policy.id, sheetShown: policy.showsSheet(at: index)))
    }

    func departure(_ step: Step, _ model: ModelState, _ detail: DepartureDetail) -> Departure {
        Departure(step: step.number, position: step.position, state: model.state, detail: detail)
    }

    private func finalStateSaved(_ state: PolicyState, model: ModelState) throws(EvaluationError) -> Bool {
        guard state.isFinal, case .value(let source)? = state.expectations["saved"] else { return false }
        return try Evaluator.evaluate(source.expression) { model.lookup($0, argument: nil) } == .bool(true)
    }

    static func argument(of action: Action) -> ActionArgument {
        switch action {
        case .custom(_, let argument): return argument
        case .tap(let text), .swipe(let text), .choose(let text): return .scalar(.string(text))
        case .present(let screen): return .scalar(screen.map(Value.string) ?? .null)
        case .edit: return .none
        }
    }
}

