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
            var checker = Checker(policy: policy, trace: trace)
            checker.words = words
            checker.recordsPath = recordingPath(policy)
            return checker.run()
        }
    }

    public func run() -> CheckOutcome {
        if let reason = Applicability.reasonInapplicable(trace, to: policy, using: words) {
            return CheckOutcome(verdict: .inapplicable(reason: reason), path: [])
        }
        var model = ModelState(policy: policy, trace: trace)
        var path: [TakenTransition] = []
        for step in trace.steps {
            do {
                switch step.kind {
                case .see(let observation):
                    if let departure = try compare(observation, at: step, model: &model) {
                        return CheckOutcome(verdict: .fail(departure), path: path)
                    }
                case .action(let action):
                    switch try perform(action, at: step, model: &model) {
                    case .departed(let departure):
                        return CheckOutcome(verdict: .fail(departure), path: path)
                    case .took(let transition):
                        if recordsPath { path.append(transition) }
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

    func compare(_ observation: Observation, at step: Step, model: inout ModelState) throws(EvaluationError)
        -> Departure?
    {
        let expectations = self.expectations(in: model.state)
        for item in observation.items {
            let mismatch: (expected: JSONValue, text: String)?
            switch item.value {
            case .fields(let seen):
                mismatch = compareFields(seen, model: model)
            case .sheet(let seen):
                guard case .sheet(let expected)? = expectations[item.key] else { continue }
                mismatch = SheetMatcher.accepts(expected, seen, learnedRoles: model.learnedRoles)
                    ? nil : (expected.json, expected.display)
            case .scalar(let seen):
                guard case .value(let source)? = expectations[item.key] else { continue }
                let expected = try Evaluator.evaluate(source.expression) { model.lookup($0, argument: nil) }
                mismatch = expected.matches(seen) ? nil : (expected.json, expected.display)
            }
            if let mismatch {
                return Departure(
                    step: step.number, position: step.position, state: model.state,
                    message: "expected \(item.key): \(mismatch.text), saw \(item.key): \(item.value.display)",
                    expected: .object([(item.key, mismatch.expected)]), observed: .object([(item.key, item.value.json)]))
            }
        }
        learnRoles(from: observation, expected: expectations["sheet"], into: &model)
        return nil
    }

    private func compareFields(_ seen: [NamedValue], model: ModelState) -> (expected: JSONValue, text: String)? {
        for field in seen {
            // A field the model knows nothing of, or one set to "some new value", cannot be checked.
            guard let known = model.fields[field.name], !isOpaque(known) else { continue }
            if !known.matches(field.value) {
                return (.object([(field.name, known.json)]), "{ \(field.name): \(known.display) }")
            }
        }
        return nil
    }

    private func isOpaque(_ value: Value) -> Bool {
        if case .opaque = value { return true }
        return false
    }

    /// Remembers the role of each sheet action the trace names: the role it gives, or else the role of
    /// the policy's action at the same position when the trace lists as many actions as the policy.
    private func learnRoles(from observation: Observation, expected: Expectation?, into model: inout ModelState) {
        var specs: [SheetActionSpec] = []
        if case .sheet(let sheet)? = expected { specs = sheet.actions }
        for item in observation.items {
            guard case .sheet(.details(_, _, let actions?)) = item.value else { continue }
            let positional = actions.count == specs.count
            for (index, action) in actions.enumerated() {
                if let role = action.role ?? (positional ? specs[index].role : nil) { model.learnedRoles[action.title] = role }
            }
        }
    }

    func expectations(in stateName: String) -> [String: Expectation] {
        policy.expectations(in: stateName)
    }

    // MARK: - Actions

    enum ActionOutcome {
        case took(TakenTransition)
        case unchanged
        case departed(Departure)
    }

    func perform(_ action: Action, at step: Step, model: inout ModelState) throws(EvaluationError) -> ActionOutcome {
        guard let state = policy.state(named: model.state) else {
            return .departed(departure(step, model, "the policy has no state '\(model.state)'", expected: .object([])))
        }
        if policy.isFormDomain {
            if !state.isFinal, isSheetShown(in: state), action.verb != "choose" {
                return .departed(unhandled(action, in: state, at: step, model: model))
            }
            if case .present = action {
                let saved = try finalStateSaved(state, model: model)
                model.reopen(policy: policy, saved: saved)
                return .unchanged
            }
            if state.isFinal {
                return .departed(
                    departure(
                        step, model, "\(action.display) after the form was dismissed (only present and see may follow)",
                        expected: .object([("dismissed", .bool(true))]), observed: action.json))
            }
        } else if state.isFinal {
            return .departed(
                departure(
                    step, model, "\(action.display) after the final state '\(state.name)'",
                    expected: .object([("actions", .array([]))]), observed: action.json))
        }
        let resolution = try ActionResolver(checker: self).resolve(action, in: state, at: step, model: model)
        switch resolution {
        case .departed(let departure): return .departed(departure)
        case .noEffect: return .unchanged
        case .candidates(let candidates):
            return try take(action, candidates: candidates, in: state, at: step, model: &model)
        }
    }

    private func take(
        _ action: Action, candidates: [String], in state: PolicyState, at step: Step, model: inout ModelState
    ) throws(EvaluationError) -> ActionOutcome {
        let verb = action.verb
        let exact = state.transitions.first { $0.pattern.verb == verb && $0.pattern.argument.map(candidates.contains) == true }
        guard let transition = exact ?? state.transitions.first(where: { $0.pattern.verb == verb && $0.pattern.argument == nil })
        else {
            let ignored = state.ignored.contains { $0.verb == verb && ($0.argument == nil || candidates.contains($0.argument ?? "")) }
            if ignored { return .unchanged }
            return .departed(unhandled(action, in: state, at: step, model: model))
        }
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
            return .took(TakenTransition(step: step.number, from: state.name, pattern: transition.pattern, branch: index, to: branch.target))
        }
        let conditions = transition.branches.compactMap { $0.condition?.text }
        return .departed(
            departure(
                step, model,
                "\(action.display) in state '\(state.name)', where none of its conditions holds (\(conditions.joined(separator: "; ")))",
                expected: .object([("when", .array(conditions.map(JSONValue.string)))]), observed: action.json))
    }

    private func unhandled(_ action: Action, in state: PolicyState, at step: Step, model: ModelState) -> Departure {
        let allowed = state.transitions.map(\.pattern.display) + state.ignored.map(\.display)
        let reason: String
        if case .choose(let title) = action {
            reason = "chose '\(title)', which '\(policy.id)' does not handle in state '\(state.name)'"
        } else if isSheetShown(in: state) {
            reason = "\(action.display) while a sheet is shown (only choose may follow)"
        } else {
            reason = "\(action.display) is not allowed in state '\(state.name)'"
        }
        return departure(step, model, reason, expected: .object([("actions", .array(allowed.map(JSONValue.string)))]), observed: action.json)
    }

    private func isSheetShown(in state: PolicyState) -> Bool {
        policy.showsSheet(in: state.name)
    }

    func departure(_ step: Step, _ model: ModelState, _ message: String, expected: JSONValue, observed: JSONValue = .object([]))
        -> Departure
    {
        Departure(step: step.number, position: step.position, state: model.state, message: message, expected: expected, observed: observed)
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

