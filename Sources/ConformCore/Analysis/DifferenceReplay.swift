/// One policy's model run along a recorded trace: where it stands after each action. Made by the
/// checker in the same pass as the check (`Checker.check(_:against:recordingPath:replaying:)`), once
/// per policy and trace, then compared pairwise.
///
/// The run goes on past a `see` the policy rejects (it teaches nothing then), up to the first action
/// the policy does not allow: two policies are compared wherever both allow what the trace did.
public struct TraceReplay: Sendable {
    // A point is recorded after the start and after each action the policy allowed. Kept as parallel
    // lists, so that reading one part of a point copies none of the others.

    /// Per point, what the policy's prediction there depends on: a position in `situations`.
    private(set) var situationAt: [Int] = []
    /// The situations met, each once as far as a look among the latest few finds: a trace goes round
    /// the same few (editing with changes, the sheet up, ...), so `revealed(by:)` looks each pair of
    /// them up once per trace rather than once per action.
    private(set) var situations: [PointKey] = []
    /// Per point, the transition the action took (named from `tables` when a disagreement begins there).
    private var transitions: [TransitionPlace?] = []
    /// The replayed policy's tables, which name the transitions.
    private var tables: PolicyTables?
    /// Per point, the configuration (before the following `see`s), when kept.
    private(set) var configurations: [Configuration] = []
    /// Whether the points keep their configurations. Comparing two policies needs them only in a
    /// situation not met before (`RevealMemo`), and keeping them costs a copy of the form's fields at
    /// every edit that follows.
    let keepsConfigurations: Bool

    /// How many of the latest situations a new point is compared with before it is taken as new.
    private static let lookBack = 8

    /// - Parameter points: how many points to make room for (a trace's steps alternate, roughly, between
    ///   actions and `see`s): growing the lists step by step cost more than the room.
    init(keepingConfigurations: Bool, points: Int = 0) {
        keepsConfigurations = keepingConfigurations
        situationAt.reserveCapacity(points)
        transitions.reserveCapacity(points)
        if keepingConfigurations { configurations.reserveCapacity(points) }
    }

    /// Replays the trace on a policy that can read it, keeping every configuration.
    public init(_ trace: Trace, on policy: Policy) {
        var replay: TraceReplay? = TraceReplay(keepingConfigurations: true)
        var checker = Checker(policy: policy, trace: trace)
        // The replay names its own transitions: no path is wanted.
        checker.recordsPath = false
        _ = checker.replay(recording: &replay)
        self = replay ?? TraceReplay(keepingConfigurations: true)
    }

    var pointCount: Int { situationAt.count }

    /// The transition taken to a point.
    func transition(at point: Int) -> TransitionID? {
        guard let place = transitions[point], let tables else { return nil }
        return tables.transitionID(place)
    }

    /// Adds a point where the model stands at `model`, after `transition`.
    mutating func record(_ model: borrowing ModelState, in tables: PolicyTables, after transition: TransitionPlace?) {
        if keepsConfigurations { configurations.append(Configuration(model: copy model)) }
        if self.tables == nil { self.tables = tables }
        transitions.append(transition)
        // The latest first: a trace goes back and forth between a few. A key is made only for a new one. Read
        // through a buffer: the array's subscript copied each key to compare it.
        let oldest = max(0, situations.count - Self.lookBack)
        let met = situations.withUnsafeBufferPointer { keys in
            var met = keys.count - 1
            while met >= oldest, !keys[met].matches(model, in: tables) { met -= 1 }
            return met
        }
        if met >= oldest {
            situationAt.append(met)
        } else {
            situationAt.append(situations.count)
            situations.append(PointKey(model, in: tables))
        }
    }
}

extension PolicyComparison {
    /// The disagreements between A and B that a recorded trace shows, given each policy's replay of it:
    /// an action only one of them allows, or a `see` of a key on which they disagree there. Named as
    /// `Difference.signature` names them, so that `run --coverage` can say which of `compare`'s
    /// scenarios a corpus exercises. Build the comparison with the trace's `form`.
    /// - Parameter trace: the recorded trace.
    /// - Parameter replays: A's and B's replays of it (`TraceReplay`).
    /// - Parameter memo: the disagreements met before, for these two policies (`RevealMemo`).
    /// - Returns: `nil` when the replays keep no configurations and the trace leads somewhere not met
    ///   before: ask again with replays that keep them (`TraceReplay(_:on:)`).
    public func revealed(by trace: Trace, replays: (a: TraceReplay, b: TraceReplay), memo: RevealMemo? = nil) -> Set<String>? {
        var situations = SituationPairs(replays.a, replays.b, known: memo?.pair(a.id, b.id) ?? PairMemo())
        var ongoing = OngoingDisagreements()
        guard let opening = situations.names(at: 0, comparing: self) else { return nil }
        ongoing.update(to: opening) { (nil, nil) }
        var point = 0
        let steps = trace.steps
        // By position: binding whole steps copied (retained) their notes and places too.
        for index in steps.indices {
            // An observation is looked at only while some disagreement has not shown, and an action only
            // where a policy stops: binding either copies it.
            guard steps[index].isAction else {
                if ongoing.anyHidden, case .see(let observation) = steps[index].kind { ongoing.reveal(in: observation) }
                continue
            }
            point += 1
            let allowedByA = point < replays.a.pointCount
            let allowedByB = point < replays.b.pointCount
            guard allowedByA, allowedByB else {
                var revealed = Set(ongoing.shown)
                if allowedByA != allowedByB, case .action(let action) = steps[index].kind {
                    revealed.insert(Self.actionSignature(action, allowedByA: allowedByA))
                }
                return revealed
            }
            guard let names = situations.names(at: point, comparing: self) else { return nil }
            ongoing.update(to: names) { (replays.a.transition(at: point), replays.b.transition(at: point)) }
        }
        return Set(ongoing.shown)
    }

    /// The disagreements at one point of the replays, given the configurations there.
    fileprivate func disagreementNames(_ configurationA: Configuration, _ configurationB: Configuration) -> [DisagreementName] {
        disagreementNames(
            configurationA, configurationB, shownByA: shared(simulatorA.prediction(configurationA)),
            shownByB: shared(simulatorB.prediction(configurationB)))
    }
}

/// The disagreements at the points of two replays of one trace, per pair of their situations: found
/// in this trace, or remembered from others (`PairMemo`), or found from the configurations.
private struct SituationPairs {
    // The replays apart, not as a pair: a method reading a pair of them copied the pair at every call.
    let a: TraceReplay
    let b: TraceReplay
    let known: PairMemo
    /// The pairs met in this trace, and their disagreements: a handful, so lists.
    private var met: [(a: Int, b: Int)] = []
    private var metNames: [[DisagreementName]] = []

    init(_ a: TraceReplay, _ b: TraceReplay, known: PairMemo) {
        self.a = a
        self.b = b
        self.known = known
    }

    /// `nil` when the pair is new and the replays keep no configurations.
    mutating func names(at point: Int, comparing comparison: PolicyComparison) -> [DisagreementName]? {
        let situationA = a.situationAt[point]
        let situationB = b.situationAt[point]
        for index in met.indices where met[index].a == situationA && met[index].b == situationB { return metNames[index] }
        let names: [DisagreementName]
        if let remembered = known.names(at: a.situations[situationA], b.situations[situationB]) {
            names = remembered
        } else {
            guard a.keepsConfigurations, b.keepsConfigurations else { return nil }
            names = comparison.disagreementNames(a.configurations[point], b.configurations[point])
            known.remember(names, at: a.situations[situationA], b.situations[situationB])
        }
        // A trace whose points are all new (its expectations read a value every edit changes) would make
        // the lists long: past a few, each point goes to the memo.
        if met.count < 16 {
            met.append((situationA, situationB))
            metNames.append(names)
        }
        return names
    }
}

/// The disagreements that go on at a point of two replays, each with the transitions after which it
/// began (its name, as in `compare`, is made from them if it shows). A handful at most: lists are
/// cheaper than a dictionary here, and kept apart so that a look at the flags copies no name.
private struct OngoingDisagreements {
    private var names: [DisagreementName] = []
    private var after: [(TransitionID?, TransitionID?)] = []
    private var revealed: [Bool] = []
    /// Whether some disagreement has not shown yet.
    var anyHidden: Bool { hidden > 0 }
    /// The disagreements as last given to `update`.
    private var current: [DisagreementName] = []
    /// How many of `names` have not shown yet: most `see`s then need no look at all.
    private var hidden = 0
    /// The names shown so far, each once. Most are shown again and again in a trace (every time the
    /// form is edited and the sheet comes up): compared here, where equal names usually share their
    /// storage, rather than hashed into a set each time.
    private(set) var shown: [String] = []

    /// Moves to the next point, where `now` are the disagreements, after the transitions `transitions`
    /// gives (A's, B's; asked only when a disagreement begins). One that goes on keeps where it began.
    mutating func update(to now: [DisagreementName], after transitions: () -> (TransitionID?, TransitionID?)) {
        // Usually the very list of the point before (one list per pair of situations): nothing changes.
        if Self.same(now, current) { return }
        current = now
        if now.isEmpty {
            removeAll()
            return
        }
        var index = 0
        while index < names.count {
            if now.contains(where: { $0.key == names[index].key }) {
                index += 1
            } else {
                if !revealed[index] { hidden -= 1 }
                names.remove(at: index)
                after.remove(at: index)
                revealed.remove(at: index)
            }
        }
        for name in now where !names.contains(where: { $0.key == name.key }) {
            names.append(name)
            after.append(transitions())
            revealed.append(false)
            hidden += 1
        }
    }

    /// Whether two lists are one (the same storage): then they are equal, without a look at their names.
    private static func same(_ a: [DisagreementName], _ b: [DisagreementName]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    private mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        after.removeAll(keepingCapacity: true)
        revealed.removeAll(keepingCapacity: true)
        hidden = 0
    }

    /// Notes the name of each disagreement on a key `observation` shows (once per disagreement: it
    /// stays shown while it goes on). Most disagreements never show: their names are not made.
    mutating func reveal(in observation: Observation) {
        for index in names.indices where !revealed[index] {
            guard observation.items.contains(where: { $0.key == names[index].key }) else { continue }
            let signature = names[index].signature(after: after[index])
            if !shown.contains(signature) { shown.append(signature) }
            revealed[index] = true
            hidden -= 1
        }
    }
}
