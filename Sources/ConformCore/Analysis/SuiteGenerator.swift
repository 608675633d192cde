/// Plans the traces to record for one policy: few actions in total, every transition exercised.
///
/// The fewest actions in total where the policy is small enough for an exact search
/// (`OptimalPlanner`: every built-in policy), each of the policy's `examples` used at least once
/// where that search is affordable. Otherwise greedy: a scenario starts where the policy starts and
/// walks the shortest way to a transition not yet exercised; it goes on from where it stands while
/// the next unexercised transition is no farther from there than from a fresh start, and otherwise
/// ends (a new scenario costs no action, `present` costs one). Every scenario begins with the
/// vocabulary's `setup`, and every action is followed by what the policy predicts the screen shows.
public struct SuiteGenerator {
    /// The policy the scenarios are planned for.
    public let policy: Policy
    /// The actions the planner tries (`ActionAlphabet`).
    public let alphabet: ActionAlphabet
    let simulator: PolicySimulator
    let exploration: Exploration

    /// A generator for `policy`; nothing is planned until `generate()`.
    public init(policy: Policy) {
        self.policy = policy
        alphabet = ActionAlphabet(policies: [policy])
        simulator = PolicySimulator(policy: policy, form: alphabet.form)
        exploration = Exploration(simulator: simulator, alphabet: alphabet.actions)
    }

    /// Plans the scenarios: exactly where the search is affordable, otherwise greedily within `searchBudget`.
    public func generate() -> GeneratedSuite {
        let all = policy.transitionIDs
        let unreachable = unreachableTransitions
        let start = simulator.start()
        // Transitions of a state nothing leads to are left out of the search: no value reaches them, and
        // the exact planner plans only when every target is in reach.
        var planner = OptimalPlanner(
            simulator: simulator, alphabet: alphabet.actions, setup: policy.vocabulary.setup,
            targets: all.filter { !unreachable.contains($0) })
        let examples = alphabet.actions.indices.filter { index in
            let action = alphabet.actions[index]
            return policy.vocabulary.examples[action.verb]?.contains { Action.custom(verb: action.verb, argument: $0).json == action.json }
                ?? false
        }
        // First with every example used (their boundaries are why they are there), on a smaller budget;
        // then transitions alone; then greedily.
        planner.requiredActions = examples
        planner.maximumNodes = examples.isEmpty ? 1_000_000 : 250_000
        var plan = planner.plan()
        if plan == nil, !examples.isEmpty {
            planner.requiredActions = []
            planner.maximumNodes = 1_000_000
            plan = planner.plan()
        }
        if let plan {
            var uncovered = Set(all)
            let scenarios = plan.map { path in
                Scenario(opening: simulator.prediction(start), steps: path.map { step(for: $0, uncovered: &uncovered) })
            }
            return classified(
                GeneratedSuite(
                    policy: policy.id, form: alphabet.form, scenarios: scenarios, unreached: all.filter(uncovered.contains),
                    transitions: all.count, unreachable: all.filter(unreachable.contains)))
        }
        return classified(greedy(skipping: unreachable))
    }

    /// Marks the unreached branches whose guard no value satisfies: lint's search, where it tried every
    /// value of every name the guard reads (booleans and enumerations, `edited`, `modified`), so that no
    /// example would help. A guard on a field or a number is left to the values hint.
    private func classified(_ suite: GeneratedSuite) -> GeneratedSuite {
        let open = suite.unreached.filter { !suite.unreachable.contains($0) }
        guard !open.isEmpty else { return suite }
        let never = Set(GuardSatisfiability.unsatisfiable(policy).map(\.0))
        var result = suite
        result.unsatisfiable = open.filter { id in
            let branches = policy.state(named: id.state)?.transitions.first { $0.pattern == id.pattern }?.branches ?? []
            guard id.branch < branches.count, let condition = branches[id.branch].condition else { return false }
            guard never.contains(branches[id.branch].position) else { return false }
            // Fields compared only for equality took every value that matters (a field compared as a
            // number is left to the values hint: numeric examples may reach it).
            let fieldsSettled = GuardSatisfiability.comparesFieldsOnlyForEquality(condition.expression)
            return PolicyExpressions.names(in: condition.expression).allSatisfy {
                isFinite($0) || (policy.isFormDomain && $0.hasPrefix("form.") && fieldsSettled)
            }
        }
        let shadowed = Set(ShadowedBranches.find(policy).map(\.id))
        result.shadowed = open.filter { shadowed.contains($0) && !result.unsatisfiable.contains($0) }
        // What only those branches lead to is out of reach too, whatever the values.
        let dead = Set(result.unsatisfiable + result.shadowed)
        var reached: Set<String> = [policy.initialState]
        var queue = [policy.initialState]
        while let name = queue.popLast() {
            for id in policy.transitionIDs where id.state == name && !dead.contains(id) {
                let branches = policy.state(named: name)?.transitions.first { $0.pattern == id.pattern }?.branches ?? []
                if id.branch < branches.count, reached.insert(branches[id.branch].target).inserted {
                    queue.append(branches[id.branch].target)
                }
            }
        }
        result.behindUnsatisfiable = open.filter { !dead.contains($0) && !reached.contains($0.state) }
        return result
    }

    /// Whether every value of a name is known: a boolean or enumeration variable, a form's `edited` or
    /// `modified`, or an enumeration case. Fields, numbers, strings, settings and arguments are open.
    private func isFinite(_ name: String) -> Bool {
        if let variable = policy.variables.first(where: { $0.name == name }) {
            switch variable.type {
            case .bool, .enumeration: return true
            default: return false
            }
        }
        if policy.isFormDomain, name == "edited" || name == "modified" { return true }
        return !name.contains(".") && name != "arg"
    }

    /// The transitions of states that no path of transitions leads to from the initial state.
    var unreachableTransitions: Set<TransitionID> {
        let reached = ModelLint.reachableStates(policy)
        return Set(policy.transitionIDs.filter { !reached.contains($0.state) })
    }

    private func step(for path: Exploration.PathStep, uncovered: inout Set<TransitionID>) -> ScenarioStep {
        let isNew = path.move.transition.map { uncovered.remove($0) != nil } ?? false
        return ScenarioStep(
            action: path.action, transition: path.move.transition, isFirstCoverage: isNew,
            expected: simulator.prediction(path.move.configuration))
    }

    /// Actions the greedy searches may try in all (a few seconds on the 2-core machine; every built-in
    /// policy is planned exactly, without this search).
    public static let defaultSearchBudget = 4_000_000
    /// How many actions the greedy search may try (`defaultSearchBudget` unless set).
    public var searchBudget = defaultSearchBudget

    private func greedy(skipping unreachable: Set<TransitionID>) -> GeneratedSuite {
        var uncovered = Set(policy.transitionIDs).subtracting(unreachable)
        var scenarios: [Scenario] = []
        let start = simulator.start()
        let setup = policy.vocabulary.setup
        var budget = searchBudget
        while let first = exploration.nearest(from: start, taking: uncovered, prefix: setup, budget: &budget) {
            var scenario = Scenario(opening: simulator.prediction(start), steps: [])
            var current = start
            var path = first
            while true {
                for step in path {
                    scenario.steps.append(self.step(for: step, uncovered: &uncovered))
                    current = step.move.configuration
                }
                guard let onward = exploration.nearest(from: current, taking: uncovered, budget: &budget),
                    let fresh = exploration.nearest(from: start, taking: uncovered, prefix: setup, budget: &budget),
                    onward.count <= fresh.count
                else { break }
                path = onward
            }
            scenarios.append(scenario)
        }
        let all = policy.transitionIDs
        return GeneratedSuite(
            policy: policy.id, form: alphabet.form, scenarios: scenarios,
            unreached: all.filter { uncovered.contains($0) || unreachable.contains($0) }, transitions: all.count,
            unreachable: all.filter(unreachable.contains), searchStoppedAfter: budget <= 0 ? searchBudget : nil)
    }
}

/// The scenarios planned for one policy.
public struct GeneratedSuite: Sendable {
    /// The policy id.
    public var policy: String
    /// The form's fields when it opens (form domain).
    public var form: [String: Value]
    /// The traces to record, in order.
    public var scenarios: [Scenario]
    /// Transitions no scenario reaches: those of `unreachable`, and those not found within the search's
    /// limits with the alphabet's values.
    public var unreached: [TransitionID]
    /// How many transitions the policy has.
    public var transitions: Int
    /// The transitions of `unreached` whose state nothing leads to from the initial state: no value and
    /// no longer search reaches them.
    public var unreachable: [TransitionID] = []
    /// The transitions of `unreached` whose guard no value tried satisfies (`conform lint` warns at it):
    /// the guard, not the values, is what to change.
    public var unsatisfiable: [TransitionID] = []
    /// The transitions of `unreached` whose state only `unsatisfiable` or `shadowed` branches lead to.
    public var behindUnsatisfiable: [TransitionID] = []
    /// The transitions of `unreached` after a branch without `if:` of the same transition, which is
    /// always taken first (`conform lint` warns at them): the order of the branches is what to change.
    public var shadowed: [TransitionID] = []
    /// The actions tried when the search spent its budget (`SuiteGenerator.searchBudget`) before every
    /// transition was reached or found unreachable: `unreached` may then hold transitions a longer
    /// search would reach. `nil` when the search ended by itself.
    public var searchStoppedAfter: Int? = nil

    /// How many actions the scenarios take in all.
    public var actionCount: Int { scenarios.reduce(0) { $0 + $1.steps.count } }
}

/// One trace to record: what is seen when the screen opens, then actions each with what follows.
public struct Scenario: Sendable {
    /// What the policy predicts is seen when the screen opens.
    public var opening: Observation
    /// The actions, each with what follows it.
    public var steps: [ScenarioStep]

    /// A scenario opening on `opening`.
    public init(opening: Observation, steps: [ScenarioStep]) {
        self.opening = opening
        self.steps = steps
    }

    /// The transitions this scenario is the first to exercise, in order.
    public var newlyCovered: [TransitionID] {
        steps.filter(\.isFirstCoverage).compactMap(\.transition)
    }
}

/// One action of a scenario and what the policy predicts after it.
public struct ScenarioStep: Sendable {
    /// The action to take.
    public var action: Action
    /// The transition it takes, `nil` when it changes nothing (an ignored action, `present`).
    public var transition: TransitionID?
    /// Whether no earlier step of the suite took this transition.
    public var isFirstCoverage: Bool
    /// What the policy predicts the screen shows after the action.
    public var expected: Observation

    /// A step from its parts.
    public init(action: Action, transition: TransitionID?, isFirstCoverage: Bool, expected: Observation) {
        self.action = action
        self.transition = transition
        self.isFirstCoverage = isFirstCoverage
        self.expected = expected
    }
}
