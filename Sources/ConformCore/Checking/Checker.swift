/// Replays one trace against one policy and says where, if anywhere, it first departs.
///
/// Pure and deterministic: no I/O, no clock. The rules are PRODUCT §3 and §5; the form domain's
/// special actions (`tap` by label, `choose` by title or learnt role, `edit`, `present`) are here,
/// everything else is the policy's data.
public struct Checker {
    /// The policy the trace is checked against.
    public let policy: Policy
    /// The trace to replay.
    public let trace: Trace
    /// Whether the outcome lists the transitions taken (reports and coverage want them; a plain run does not).
    public var recordsPath = true
    var words: TraceWords?

    /// A checker of `trace` against `policy`; nothing runs until `run()`.
    public init(policy: Policy, trace: Trace) {
        self.policy = policy
        self.trace = trace
    }

    /// The verdict of `trace` against `policy`, with the path taken: `Checker(policy:trace:).run()`.
    public static func check(_ trace: Trace, against policy: Policy) -> CheckOutcome {
        Checker(policy: policy, trace: trace).run()
    }

    /// Checks one trace against each policy, gathering what they share once.
    public static func check(_ trace: Trace, against policies: [Policy], recordingPath: (Policy) -> Bool) -> [CheckOutcome] {
        let words = TraceWords(trace)
        var outcomes: [CheckOutcome] = []
        outcomes.reserveCapacity(policies.count)
        // By position, and through each policy's tables: no checker (a copy of a policy and the trace) is made.
        for index in policies.indices {
            var none: TraceReplay?
            outcomes.append(
                check(trace, against: policies[index].tables, words: words, recordingPath: recordingPath(policies[index]), replay: &none))
        }
        return outcomes
    }

    /// Checks one trace against each policy and, in the same pass, replays it on those `replaying` names
    /// that can read it (`TraceReplay`, for `run --coverage`): `nil` for the others.
    public static func check(
        _ trace: Trace, against policies: [Policy], recordingPath: (Policy) -> Bool, replaying: (Policy) -> Bool
    ) -> (outcomes: [CheckOutcome], replays: [TraceReplay?]) {
        // An optional closure is escaping; this one is used only during the call.
        let checked = withoutActuallyEscaping(replaying) { replaying in
            check(trace, against: policies, recordingPath: recordingPath, exercising: { _ in false }, replaying: replaying)
        }
        return (checked.outcomes, checked.replays)
    }

    /// Checks one trace against each policy and, in the same replay, counts what each policy `exercising`
    /// names judged of it (`Exercise`, which a claim that holds is warned about when it judged nothing:
    /// Docs/Checking.md, "Vacuous claims"), and, with `replaying`, replays it on those it names that can
    /// read it (`TraceReplay`, for `run --coverage`).
    ///
    /// An exercise counted here equals `exercise(_:against:)`'s for a pair that passes, except that its
    /// `unjudgedKeys` are given only when it compared nothing (then they are every key the trace sees):
    /// telling judged keys apart would cost the replay a set, and only a replay that compared nothing
    /// names them. For any other verdict it counts up to where the replay stopped.
    /// - Parameters:
    ///   - trace: the trace.
    ///   - policies: the policies, each replayed once.
    ///   - recordingPath: whether a policy's outcome lists the transitions taken.
    ///   - exercising: whether a policy's exercise is counted (`nil` in `exercises` for the others).
    ///   - replaying: whether the trace is replayed on a policy for `run --coverage`; `nil`: on none, and `replays` is empty.
    /// - Returns: per policy, in order, the outcome, the replay (when asked for) and the exercise.
    public static func check(
        _ trace: Trace, against policies: [Policy], recordingPath: (Policy) -> Bool, exercising: (Policy) -> Bool,
        replaying: ((Policy) -> Bool)?
    ) -> (outcomes: [CheckOutcome], replays: [TraceReplay?], exercises: [Exercise?]) {
        let words = TraceWords(trace)
        var outcomes: [CheckOutcome] = []
        var replays: [TraceReplay?] = []
        var exercises: [Exercise?] = []
        outcomes.reserveCapacity(policies.count)
        exercises.reserveCapacity(policies.count)
        if replaying != nil { replays.reserveCapacity(policies.count) }
        for index in policies.indices {
            let policy = policies[index]
            var replay = replaying?(policy) == true ? TraceReplay(keepingConfigurations: false, points: trace.steps.count / 2 + 1) : nil
            var exercise = exercising(policy) ? Exercise() : nil
            let outcome = check(
                trace, against: policy.tables, words: words, recordingPath: recordingPath(policy), replay: &replay, exercise: &exercise)
            if replaying != nil { replays.append(outcome.verdict.kind == .inapplicable ? nil : replay) }
            exercises.append(outcome.verdict.kind == .inapplicable ? nil : exercise)
            outcomes.append(outcome)
        }
        return (outcomes, replays, exercises)
    }

    private static func check(
        _ trace: Trace, against tables: PolicyTables, words: TraceWords, recordingPath: Bool, replay: inout TraceReplay?
    ) -> CheckOutcome {
        var none: Exercise?
        return check(trace, against: tables, words: words, recordingPath: recordingPath, replay: &replay, exercise: &none)
    }

    private static func check(
        _ trace: Trace, against tables: PolicyTables, words: TraceWords, recordingPath: Bool, replay: inout TraceReplay?,
        exercise: inout Exercise?
    ) -> CheckOutcome {
        // Decided first: many policies cannot read a trace.
        if let reason = Applicability.reason(trace, tables, words) {
            return CheckOutcome(verdict: .inapplicable(reason: reason), path: [])
        }
        return Replay(tables: tables, recordsPath: recordingPath).run(trace, recording: &replay, exercise: &exercise)
    }

    /// Checks the trace: `inapplicable` when it uses a verb or key outside the policy's vocabulary,
    /// else the replay's verdict, step by step.
    public func run() -> CheckOutcome {
        if let reason = Applicability.reason(trace, policy.tables, words ?? TraceWords(trace)) {
            return CheckOutcome(verdict: .inapplicable(reason: reason), path: [])
        }
        var none: TraceReplay?
        return replay(recording: &none)
    }

    /// Replays the trace step by step, once the policy is known to be able to read it (`Replay.run`).
    func replay(recording replay: inout TraceReplay?) -> CheckOutcome {
        Replay(tables: policy.tables, recordsPath: recordsPath).run(trace, recording: &replay)
    }

    // The single steps, for `PolicySimulator`.

    func compare(_ observation: Observation, at step: Step, model: inout ModelState) throws(EvaluationError) -> Departure? {
        let compared = try Replay(tables: policy.tables, recordsPath: recordsPath).compare(
            observation, at: StepPlace(step), after: nil, of: [], model: &model)
        guard case .departs(let departure) = compared else { return nil }
        return departure
    }

    func perform(_ action: Action, at step: Step, model: inout ModelState) throws(EvaluationError) -> ActionOutcome {
        try Replay(tables: policy.tables, recordsPath: recordsPath).perform(action, at: StepPlace(step), model: &model)
    }

    enum ActionOutcome {
        /// The transition taken.
        case took(TransitionPlace)
        case unchanged
        /// Boxed (a departure is some 260 bytes): the outcome is returned, and so moved, at every action of
        /// every replay, and a departure ends one.
        indirect case departed(Departure)
    }

    static func argument(of action: Action) -> ActionArgument {
        switch action {
        case .custom(_, let argument): return argument
        case .tap(let text), .swipe(let text), .choose(let text): return .scalar(.string(text))
        case .present(let screen), .tapOutside(let screen): return .scalar(screen.map(Value.string) ?? .null)
        case .edit: return .none
        }
    }
}

/// Where a step stands: what a departure names of it.
struct StepPlace {
    let number: Int
    let position: TextPosition

    init(number: Int, position: TextPosition) {
        self.number = number
        self.position = position
    }

    init(_ step: Step) {
        self.init(number: step.number, position: step.position)
    }
}

/// The replay of steps on one policy, read from its tables: a reference and a flag, so cheap to make for
/// every trace and policy.
///
/// The model is passed `inout` to every step, even where only read: a model passed by value would be
/// copied (its dictionaries retained and released) at every call.
///
/// A step of a claim that holds allocates nothing (issue 37; `ReplayAllocationTests` counts it, in a debug
/// build): no array, dictionary or closure context is made per step, and arrays are walked by position,
/// since a generic walk (`for x in array`, `first(where:)`, `zip`, `enumerated`) allocates a frame per
/// element in a debug build, where the optimiser does not specialise it.
struct Replay {
    let tables: PolicyTables
    let recordsPath: Bool

    /// Replays the trace step by step, once the policy is known to be able to read it.
    ///
    /// With `replay`, it also runs the policy's model along the whole trace, as `TraceReplay` describes:
    /// past a `see` that departs or cannot be evaluated (the outcome is settled there, and the `see`
    /// teaches nothing), up to the first action the policy does not allow, recording where the model
    /// stands after the start and after each action.
    func run(_ trace: Trace, recording replay: inout TraceReplay?) -> CheckOutcome {
        var none: Exercise?
        return run(trace, recording: &replay, exercise: &none)
    }

    /// As `run(_:recording:)`, and with `exercise`, counts in the same pass what the policy judged, up to
    /// the outcome (`Checker.check(_:against:recordingPath:exercising:replaying:)`): what the vacuity
    /// warnings once replayed the trace a second time for.
    func run(_ trace: Trace, recording replay: inout TraceReplay?, exercise: inout Exercise?) -> CheckOutcome {
        var model = ModelState(tables: tables, form: trace.form, settings: trace.settings)
        var path: [TakenTransition] = []
        // The last action that moved the model (its position in the steps): what a later observation's
        // missing sheet is blamed on.
        var lastMove: Int?
        // The outcome once a `see` departed, while the replay goes on.
        var settled: CheckOutcome?
        replay?.record(model, in: tables, after: nil)
        let steps = trace.steps
        // By position, taking only the parts a step needs: binding whole steps copied (retained) their notes too.
        for index in steps.indices {
            let step = StepPlace(number: steps[index].number, position: steps[index].position)
            do {
                switch steps[index].kind {
                case .see(let observation):
                    // Once the outcome is settled, a `see` matters only for the roles it may teach.
                    if settled != nil, !observation.namesSheetActions { continue }
                    if settled == nil, exercise != nil {
                        // Counted before the comparison, in the model it compares in, as `exercise` does.
                        var compared = 0
                        let items = observation.items
                        for item in 0..<items.count { compared += compares(items, at: item, model: &model) }
                        exercise?.compared += compared
                    }
                    guard case .departs(let departure) = try compare(observation, at: step, after: lastMove, of: steps, model: &model)
                    else {
                        continue
                    }
                    let outcome = CheckOutcome(verdict: .fail(departure), path: path)
                    guard replay != nil else { return outcome }
                    settled = settled ?? outcome
                case .action(let action):
                    var taken: TransitionPlace?
                    switch try perform(action, at: step, model: &model) {
                    case .departed(let departure):
                        return settled ?? CheckOutcome(verdict: .fail(departure), path: path)
                    case .took(let place):
                        lastMove = index
                        taken = place
                        if settled == nil { exercise?.moved += 1 }
                    case .unchanged:
                        break
                    }
                    if recordsPath, settled == nil, let taken { path.append(tables.takenTransition(taken, step: step.number)) }
                    replay?.record(model, in: tables, after: taken)
                }
            } catch {
                let outcome = CheckOutcome(
                    verdict: .error(
                        message: "step \(step.number) could not be evaluated against '\(tables.id)': \(error.message)",
                        step: step.number, position: step.position),
                    path: path)
                // An action that cannot be evaluated ends the replay too; a `see` only settles the outcome.
                guard replay != nil, case .see = steps[index].kind else { return settled ?? outcome }
                settled = settled ?? outcome
            }
        }
        if settled == nil, exercise?.compared == 0 { exercise?.unjudgedKeys = Self.keysSeen(in: steps) }
        return settled ?? CheckOutcome(verdict: .pass, path: path)
    }

    // MARK: - Observations

    /// What a `see` gave: boxed, as `Checker.ActionOutcome.departed` is, since it is returned at every `see`.
    enum Comparison {
        case holds
        indirect case departs(Departure)
    }

    /// - Parameter lastMove: the position in `steps` of the last action that moved the model, which a sheet
    ///   missing here is blamed on.
    func compare(_ observation: Observation, at step: StepPlace, after lastMove: Int?, of steps: [Step], model: inout ModelState)
        throws(EvaluationError) -> Comparison
    {
        let items = observation.items
        for itemIndex in 0..<items.count {
            let mismatch: DepartureDetail.ExpectedValue?
            let key = items[itemIndex].key
            switch items[itemIndex].value {
            case .fields(let seen):
                mismatch = compareFields(seen, model: &model)
            case .sheet(let seen):
                // A model in a state the policy does not have expects nothing.
                guard let index = model.index, case .sheet(let expected)? = tables.states[index].expectation(for: key) else { continue }
                mismatch = SheetMatcher.accepts(expected, seen, learnedRoles: model.learnedRoles) ? nil : .sheet(expected)
            case .scalar(let seen):
                guard let index = model.index, case .value(let expression)? = tables.states[index].expectation(for: key) else { continue }
                let expected = try expression.evaluate(&model, argument: nil)
                mismatch = expected.matches(seen) ? nil : .value(expected)
            }
            guard let mismatch else { continue }
            return .departs(departure(at: itemIndex, of: observation, step, after: lastMove, of: steps, expected: mismatch, model: model))
        }
        learnRoles(from: observation, model: &model)
        return .holds
    }

    /// The departure at the item `index` of `observation`, which did not show what the model expected.
    /// Out of line (issue 37): with this rare path in it, the comparison was too large to be inlined into
    /// the replay, so each `see` paid a call, each key's `FormWords` slot a call, and each departure was
    /// built and then copied out (callgrind, 2,000 traces: 1.7% of the run less).
    @inline(never)
    private func departure(
        at index: Int, of observation: Observation, _ step: StepPlace, after lastMove: Int?, of steps: [Step],
        expected mismatch: DepartureDetail.ExpectedValue, model: ModelState
    ) -> Departure {
        // A sheet the policy shows here, and the trace says none is up: reported at the action it should have followed.
        if let lastMove, let state = model.index,
            case .sheet(let sheet)? = tables.states[state].formExpectations[FormWords.sheet], sheet.isShown,
            let seen = Self.noSheet(in: observation), case .action(let action) = steps[lastMove].kind
        {
            let move = steps[lastMove]
            return Departure(
                step: move.number, position: move.position, state: model.state,
                detail: .missingSheet(after: action, step: move.number, expected: sheet, seen: seen), shownAt: step.number,
                revealing: observation)
        }
        return Departure(
            step: step.number, position: step.position, state: model.state, detail: .observed(observation.items[index], expected: mismatch),
            revealing: observation)
    }

    /// The item of an observation that says no sheet is up: `sheet: none`, or else `dismissed: true`.
    private static func noSheet(in observation: Observation) -> ObservedItem? {
        observation.items.first { if case .sheet(.none) = $0.value { true } else { false } }
            ?? observation.items.first { $0.key == "dismissed" && { if case .scalar(.bool(true)) = $0.value { true } else { false } }($0) }
    }

    private func compareFields(_ seen: ObservedFields, model: inout ModelState) -> DepartureDetail.ExpectedValue? {
        for index in 0..<seen.count {
            // A field the model knows nothing of, or one set to "some new value", cannot be checked.
            guard let known = model.value(of: seen[index].name), !isOpaque(known) else { continue }
            if !known.matches(seen[index].value) { return .field(seen[index].name, known) }
        }
        return nil
    }

    private func isOpaque(_ value: Value) -> Bool {
        if case .opaque = value { return true }
        return false
    }

    /// Remembers the role of each sheet action the trace names: the role it gives, or else the role of
    /// the policy's action at the same position when the trace lists as many actions as the policy.
    private func learnRoles(from observation: Observation, model: inout ModelState) {
        // Most observations name no sheet actions: then there is nothing to learn, nor to look up.
        guard observation.namesSheetActions else { return }
        var specs: [SheetActionSpec] = []
        if let index = model.index, case .sheet(let sheet)? = tables.states[index].formExpectations[FormWords.sheet] {
            specs = sheet.actions
        }
        for item in 0..<observation.items.count {
            guard case .sheet(.details(_, _, let actions?, let outside)) = observation.items[item].value else { continue }
            // The policy's buttons (`SheetMatcher.buttonCount`) are walked beside the actions seen, not listed.
            let positional = actions.count == SheetMatcher.buttonCount(specs, outsideCancels: outside)
            var button = 0
            for index in 0..<actions.count {
                var shownRole: SheetRole?
                if positional {
                    while button < specs.count, outside, specs[button].role == .cancel { button += 1 }
                    shownRole = button < specs.count ? specs[button].role : nil
                    button += 1
                }
                let title = actions[index].title
                // Written only when it changes: a look-up costs less than a write, and a trace repeats its sheets.
                if let role = actions[index].role ?? shownRole, model.learnedRoles[title] != role {
                    model.learnedRoles.updateValue(role, forKey: title)
                }
            }
        }
    }

    // MARK: - Actions

    func perform(_ action: Action, at step: StepPlace, model: inout ModelState) throws(EvaluationError) -> Checker.ActionOutcome {
        guard let index = model.index else {
            return .departed(
                departure(
                    step, model.state,
                    .written(message: "the policy has no state '\(model.state)'", expected: .object([]), observed: .object([]))))
        }
        let isFinal = tables.states[index].isFinal
        if tables.isFormDomain {
            if !isFinal, tables.states[index].showsSheet, tables.verbNumber(of: action) != FormWords.choose {
                return .departed(unhandled(action, at: index, step: step, model: &model))
            }
            if case .present = action {
                let saved = try finalStateSaved(index, model: &model)
                model.reopen(tables, saved: saved)
                return .unchanged
            }
            if isFinal {
                return .departed(departure(step, model.state, .afterDismissal(action)))
            }
        } else if isFinal {
            return .departed(departure(step, model.state, .afterFinalState(action, state: tables.states[index].name)))
        }
        switch try resolve(action, at: index, step: step, model: &model) {
        case .departed(let departure): return .departed(departure)
        case .disabled(let candidates, let label): return disabledTap(candidates, label: label, at: index, model: &model)
        case .candidates(let candidates):
            return try take(action, candidates: candidates, at: index, step: step, model: &model)
        }
    }

    private func take(_ action: Action, candidates: Candidates, at stateIndex: Int, step: StepPlace, model: inout ModelState)
        throws(EvaluationError) -> Checker.ActionOutcome
    {
        let verb = tables.verbNumber(of: action)
        let transitions = tables.states[stateIndex].transitions
        // The first transition keyed by one of the candidates, else the first keyed by the bare verb.
        var exact: Int?
        var bare: Int?
        for index in 0..<transitions.count where transitions[index].verb == verb {
            guard let argument = transitions[index].argument else {
                if bare == nil { bare = index }
                continue
            }
            if candidates.contains(argument) {
                exact = index
                break
            }
        }
        guard let transitionIndex = exact ?? bare else {
            let ignored = tables.states[stateIndex].ignored
            for index in 0..<ignored.count where ignored[index].verb == verb {
                if let argument = ignored[index].argument, !candidates.contains(argument) { continue }
                return .unchanged
            }
            return .departed(unhandled(action, at: stateIndex, step: step, model: &model))
        }
        let transition = transitions[transitionIndex]
        // The model changes in place: if no branch applies, the check ends here and the model is dropped.
        if case .edit(let edits) = action { model.apply(edits) }
        let argument = Checker.argument(of: action)
        for index in 0..<transition.branches.count {
            let branch = transition.branches[index]
            if let condition = branch.condition {
                let holds = try condition.evaluate(&model, argument: argument)
                guard case .bool(let isTrue) = holds else {
                    let text = tables.source[stateIndex].transitions[transitionIndex].branches[index].condition?.text ?? ""
                    throw EvaluationError("the condition '\(text)' gave \(holds.display), not a boolean")
                }
                guard isTrue else { continue }
            }
            if branch.updates.count == 1 {
                let value = try branch.updates[0].value.evaluate(&model, argument: argument)
                model.variables[branch.updates[0].slot] = value
            } else if !branch.updates.isEmpty {
                try Self.update(branch.updates, model: &model, argument: argument)
            }
            model.state = branch.target
            model.index = branch.targetIndex
            return .took(TransitionPlace(state: stateIndex, transition: transitionIndex, branch: index))
        }
        let source = tables.source[stateIndex].transitions[transitionIndex]
        return .departed(departure(step, model.state, .noConditionHolds(action, state: tables.states[stateIndex].name, transition: source)))
    }

    /// Sets a branch's variables, every right-hand side evaluated with the values from before the
    /// transition: the new values wait in a buffer on the stack (copying the variables to update the copy
    /// allocated at every such transition), then move into the model.
    private static func update(
        _ updates: [(slot: Int, value: CompiledExpression)], model: inout ModelState, argument: ActionArgument
    ) throws(EvaluationError) {
        let count = updates.count
        try withUnsafeTemporaryAllocation(of: Value.self, capacity: count) {
            (values: UnsafeMutableBufferPointer<Value>) throws(EvaluationError) in
            var made = 0
            // An error leaves the values made so far to be dropped; the model is dropped too (`take`).
            defer { _ = values[..<made].deinitialize() }
            for index in 0..<count {
                values.initializeElement(at: index, to: try updates[index].value.evaluate(&model, argument: argument))
                made += 1
            }
            made = 0
            for index in 0..<count { model.variables[updates[index].slot] = values.moveElement(from: index) }
        }
    }

    /// A tap on a greyed-out button changes nothing. When the state's transition for it says so too (the
    /// branch its guards choose stays in the state and sets nothing: `- note: Send is greyed without a
    /// recipient`), that branch is the one taken, so that the tap exercises it; otherwise nothing is.
    private func disabledTap(_ candidates: Candidates, label: String, at stateIndex: Int, model: inout ModelState) -> Checker.ActionOutcome
    {
        let verb = tables.verbNumber(of: .tap(""))
        let transitions = tables.states[stateIndex].transitions
        var found: Int?
        for index in 0..<transitions.count where transitions[index].verb == verb {
            if let argument = transitions[index].argument, candidates.contains(argument) {
                found = index
                break
            }
        }
        guard let transitionIndex = found else { return .unchanged }
        let argument = ActionArgument.scalar(.string(label))
        let branches = transitions[transitionIndex].branches
        for index in 0..<branches.count {
            let branch = branches[index]
            if let condition = branch.condition {
                guard (try? condition.evaluate(&model, argument: argument)) == .bool(true) else { continue }
            }
            guard branch.targetIndex == stateIndex, branch.updates.isEmpty else { return .unchanged }
            return .took(TransitionPlace(state: stateIndex, transition: transitionIndex, branch: index))
        }
        return .unchanged
    }

    func unhandled(_ action: Action, at index: Int, step: StepPlace, model: inout ModelState) -> Departure {
        departure(
            step, model.state,
            .unhandled(action, state: tables.source[index], policy: tables.id, sheetShown: tables.states[index].showsSheet))
    }

    func departure(_ step: StepPlace, _ state: String, _ detail: DepartureDetail) -> Departure {
        Departure(step: step.number, position: step.position, state: state, detail: detail)
    }

    /// Whether a final state saved the form: its own `saved:` holds.
    private func finalStateSaved(_ index: Int, model: inout ModelState) throws(EvaluationError) -> Bool {
        guard let saved = tables.states[index].saved else { return false }
        return try saved.evaluate(&model, argument: nil) == .bool(true)
    }
}

extension Observation {
    /// Whether the observation names the actions of a sheet: only then can it teach roles (`learnRoles`),
    /// the one thing a `see` changes in the model.
    var namesSheetActions: Bool {
        for index in 0..<items.count {
            if case .sheet(.details(_, _, _?, _)) = items[index].value { return true }
        }
        return false
    }
}
