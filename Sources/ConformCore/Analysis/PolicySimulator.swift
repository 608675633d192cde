/// Runs a policy forward without a trace: what an action does from a configuration, and what the
/// policy predicts the screen shows there. `generate` and `compare` explore policies with it.
///
/// It drives the checker's own rules (the same `perform` and `compare` a trace goes through), so a
/// trace written from a simulation is checked exactly as it was predicted.
public struct PolicySimulator {
    /// The policy simulated.
    public let policy: Policy
    private let checker: Checker

    /// A simulator of `policy`.
    /// - Parameter policy: the policy to run forward.
    /// - Parameter form: the field values when the form opens (form domain only).
    /// - Parameter settings: how the app is built (`settings.NAME`), as a trace's `settings:` gives it; none by default.
    public init(policy: Policy, form: [String: Value] = [:], settings: [String: Value] = [:]) {
        self.policy = policy
        checker = Checker(policy: policy, trace: Trace(id: "simulation", file: "", form: form, settings: settings, steps: []))
    }

    /// Where the policy stands before the first action; with `observing`, the predicted `see` there
    /// has been applied.
    public func start(observing: Bool = true) -> Configuration {
        var configuration = Configuration(model: ModelState(policy: policy, trace: checker.trace))
        if observing { accepts(prediction(configuration), in: &configuration) }
        return configuration
    }

    /// What an action does from `configuration`: `nil` when the policy does not allow it there.
    /// With `observing`, the prediction after the action has been applied to the returned configuration
    /// (it teaches the roles of an action sheet's titles, as a trace's `see` does).
    public func perform(_ action: Action, from configuration: Configuration, observing: Bool = true) -> Move? {
        var model = configuration.model
        let outcome: Checker.ActionOutcome
        do {
            outcome = try checker.perform(action, at: Self.step(.action(action)), model: &model)
        } catch {
            return nil
        }
        if case .departed = outcome { return nil }
        var next = Configuration(model: model)
        if observing { accepts(prediction(next), in: &next) }
        var transition: TransitionID?
        if case .took(let place) = outcome { transition = checker.policy.tables.transitionID(place) }
        return Move(configuration: next, transition: transition)
    }

    /// Why the policy does not allow `action` from `configuration`, in the checker's words.
    public func rejection(of action: Action, from configuration: Configuration) -> String? {
        var model = configuration.model
        do {
            if case .departed(let departure) = try checker.perform(action, at: Self.step(.action(action)), model: &model) {
                return departure.message
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// What the policy expects to be seen in `configuration`: every key it predicts, in a fixed order
    /// (the form's keys as PRODUCT lists them, then the rest by name).
    public func prediction(_ configuration: Configuration) -> Observation {
        var model = configuration.model
        // A model in a state the policy does not have predicts nothing.
        guard let index = model.index else { return Observation(items: []) }
        let state = policy.tables.states[index]
        var items: [ObservedItem] = []
        for key in Self.ordered(Array(state.expectations.keys)) {
            switch state.expectation(for: key) {
            case .value(let expression)?:
                guard let value = try? expression.evaluate(&model, argument: nil) else { continue }
                items.append(ObservedItem(key: key, value: .scalar(value), position: .start))
            case .sheet(let sheet)?:
                items.append(ObservedItem(key: key, value: .sheet(Self.observation(of: sheet)), position: .start))
            case nil:
                continue
            }
        }
        return Observation(items: items)
    }

    /// Whether the policy accepts `observation` in `configuration`, learning sheet roles as a trace does.
    /// Returns the departure's message when it does not.
    @discardableResult
    public func accepts(_ observation: Observation, in configuration: inout Configuration) -> String? {
        do {
            return try checker.compare(observation, at: Self.step(.see(observation)), model: &configuration.model)?.message
        } catch {
            return error.message
        }
    }

    /// Applies what a trace saw, as its `see` would (learning sheet roles), whether or not the policy accepts it.
    public func observe(_ observation: Observation, in configuration: inout Configuration) {
        _ = try? checker.compare(observation, at: Self.step(.see(observation)), model: &configuration.model)
    }

    /// Whether the policy rejects `observation` in `configuration` (without wording why).
    public func rejects(_ observation: Observation, in configuration: Configuration) -> Bool {
        var scratch = configuration.model
        do {
            return try checker.compare(observation, at: Self.step(.see(observation)), model: &scratch) != nil
        } catch {
            return true
        }
    }

    /// The control state of a configuration.
    public func state(of configuration: Configuration) -> String { configuration.model.state }

    // MARK: - Helpers

    static let formKeyOrder = ["done", "cancel", "sheet", "dismissed", "saved", "form"]

    static func ordered(_ keys: [String]) -> [String] {
        keys.sorted { a, b in
            let ia = formKeyOrder.firstIndex(of: a) ?? formKeyOrder.count
            let ib = formKeyOrder.firstIndex(of: b) ?? formKeyOrder.count
            return ia != ib ? ia < ib : a < b
        }
    }

    private static func step(_ kind: Step.Kind) -> Step {
        Step(number: 1, position: .start, kind: kind)
    }

    /// A sheet as a trace would record it. Titles the policy leaves open get a placeholder that names
    /// the role, `(destructive action)`: no source gives the real string, and a tester replaces it.
    static func observation(of sheet: SheetExpectation) -> SheetObservation {
        guard case .shown(let title, let message, let actions) = sheet else { return .none }
        func text(_ expectation: TextExpectation) -> TextObservation? {
            switch expectation {
            case .open: return nil
            case .absent: return .absent
            case .text(let text): return .text(text)
            }
        }
        let seen = actions.map { actions in
            SheetActions(
                actions.map { spec in
                    SheetActionObservation(title: spec.title ?? placeholderTitle(for: spec.role), role: spec.role, position: .start)
                })
        }
        if text(title) == nil, text(message) == nil, seen == nil { return .shown }
        return .details(title: text(title), message: text(message), actions: seen)
    }

    /// A stand-in title for a sheet action the policy knows only by its role: `(destructive action)`.
    public static func placeholderTitle(for role: SheetRole?) -> String {
        "(\(role?.rawValue ?? "any") action)"
    }

    /// A title `placeholderTitle(for:)` made: exactly one of its four forms, so that a real title in
    /// parentheses ("(Undo last action)") is not taken for one.
    public static func isPlaceholder(_ title: String) -> Bool {
        // Every title of every sheet of every trace is asked about (`PlaceholderTitles`): one that does not
        // end in `)` is answered without hashing it.
        guard title.utf8.last == UInt8(ascii: ")") else { return false }
        return placeholders.contains(title)
    }

    private static let placeholders = Set(([nil] + SheetRole.allCases.map(Optional.some)).map(placeholderTitle(for:)))
}

/// A policy's whole model at one moment: control state, variables, and the form's built-ins.
public struct Configuration: Hashable, Sendable {
    var model: ModelState
}

/// The result of an allowed action: where the policy is then, and the transition it took (`nil` when
/// the action changed nothing, such as a tap on a disabled button or an ignored action).
public struct Move: Sendable {
    /// Where the policy is after the action.
    public var configuration: Configuration
    /// The transition taken; `nil` when the action changed nothing.
    public var transition: TransitionID?
}
