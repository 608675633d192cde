import ConformCore

/// The shortest trace that still fails a policy the same way: same policy, same model state at the
/// departure, same departing key (`FailureShape`). Delta debugging (Zeller's ddmin) over the steps,
/// with the checker as the test, in three passes:
///
/// 1. the steps after the departure go;
/// 2. faithful cuts, which keep the trace true to what was recorded: observations the failure does not
///    need, and edits undone by the next action (with what was seen between them);
/// 3. unless `faithfulOnly`, any step at all, actions included, then runs of up to `longestRun`
///    consecutive steps that can only go together: what is left is then a sequence no one recorded, to
///    be recorded again on a device.
///
/// Deterministic: the same trace gives the same cuts. The result is 1-minimal: no single further step
/// (no single faithful unit, with `faithfulOnly`) can go without changing how the trace fails, nor
/// (without `faithfulOnly`) any run of up to `longestRun` consecutive steps.
public struct TraceShrinker: Sendable {
    /// The policy the trace fails, and must still fail the same way.
    public let policy: Policy
    /// Only cuts that keep the trace faithful to the recording.
    public var faithfulOnly: Bool

    /// A shrinker for traces that fail `policy`; with `faithfulOnly`, only cuts that keep the trace true to
    /// what was recorded.
    public init(policy: Policy, faithfulOnly: Bool = false) {
        self.policy = policy
        self.faithfulOnly = faithfulOnly
    }

    /// Why a trace cannot be shrunk: it does not fail the policy.
    public struct Refusal: Error, Sendable {
        /// The verdict the trace gets instead (pass, inapplicable or error).
        public var verdict: Verdict
    }

    /// Shrinks `trace`; steps keep their numbers in the result's `kept`.
    /// - Throws: `Refusal` when the trace does not fail the policy.
    public func shrink(_ trace: Trace) throws(Refusal) -> ShrinkResult {
        var test = Test(trace: trace, policy: policy)
        guard case .fail(let departure) = test.verdict(of: Array(trace.steps.indices)) else {
            throw Refusal(verdict: Checker.check(trace, against: policy).verdict)
        }
        let shape = FailureShape(departure, at: trace.steps[departure.shownAt - 1])
        test.shape = shape
        var kept = Array(0..<departure.shownAt)
        var cut: [ShrinkCut.Kind: [Int]] = [:]
        // Each undone edit is a cut of its own, so that they can be counted.
        var undoneCuts: [[Int]] = []
        cut[.afterDeparture] = Array(departure.shownAt..<trace.steps.count)

        // Faithful units: each observation, each undone edit (with what was seen between).
        let undone = Self.undoneEdits(trace, among: kept)
        let inPairs = Set(undone.joined())
        let sees = kept.filter { !inPairs.contains($0) && Self.isSee(trace.steps[$0]) }.map { [$0] }
        let faithful = (sees + undone).sorted { $0[0] < $1[0] }
        let inUnits = Set(faithful.joined())
        let keptUnits = Set(Self.minimize(faithful, fixed: Set(kept).subtracting(inUnits), test: &test).joined())
        for unit in faithful where !keptUnits.contains(unit[0]) {
            if unit.count == 1 { cut[.observation, default: []] += unit } else { undoneCuts.append(unit) }
        }
        kept = kept.filter { keptUnits.contains($0) || !inUnits.contains($0) }
        // What was seen between an edit and its undoing, where the pair had to stay, may still go alone.
        let between = undone.filter { keptUnits.contains($0[0]) }.flatMap { $0.dropFirst().dropLast() }.map { [$0] }
        if !between.isEmpty {
            let keptBetween = Set(Self.minimize(between, fixed: Set(kept).subtracting(between.joined()), test: &test).joined())
            let dropped = between.joined().filter { !keptBetween.contains($0) }
            cut[.observation, default: []] += dropped
            kept = kept.filter { !dropped.contains($0) }
        }

        if !faithfulOnly {
            var single = Set(Self.minimize(kept.map { [$0] }, fixed: [], test: &test).joined())
            single.subtract(Self.removableRuns(kept.filter(single.contains), test: &test))
            for index in kept where !single.contains(index) {
                cut[Self.isSee(trace.steps[index]) ? .observation : .action, default: []].append(index)
            }
            kept = kept.filter(single.contains)
        }
        // Every step of the search kept a trace that fails alike; should that ever not hold, the trace is
        // given back cut only after its departure, rather than wrong.
        guard case .fail(let shrunk) = test.verdict(of: kept) else {
            let whole = Array(0..<departure.shownAt)
            let after = ShrinkCut(kind: .afterDeparture, steps: Array(departure.shownAt..<trace.steps.count).map { trace.steps[$0].number })
            return ShrinkResult(
                original: trace, policy: policy.id, shape: shape, originalDeparture: departure, kept: whole.map { trace.steps[$0].number },
                departure: departure, cuts: after.steps.isEmpty ? [] : [after], checks: test.checks)
        }
        // Cuts can make the failure come sooner: what follows it goes too.
        cut[.afterDeparture, default: []] += kept.dropFirst(shrunk.shownAt)
        kept = Array(kept.prefix(shrunk.shownAt))

        func made(_ kind: ShrinkCut.Kind, _ indices: [Int]?) -> [ShrinkCut] {
            guard let indices, !indices.isEmpty else { return [] }
            return [ShrinkCut(kind: kind, steps: indices.sorted().map { trace.steps[$0].number })]
        }
        let cuts =
            made(.afterDeparture, cut[.afterDeparture]) + made(.observation, cut[.observation])
            + undoneCuts.flatMap { made(.undoneEdit, $0) } + made(.action, cut[.action])
        return ShrinkResult(
            original: trace, policy: policy.id, shape: shape, originalDeparture: departure, kept: kept.map { trace.steps[$0].number },
            departure: shrunk, cuts: cuts, checks: test.checks)
    }

    // MARK: - Private

    /// The checker as ddmin's test: does the trace made of these steps fail the same way?
    private struct Test {
        let trace: Trace
        let policy: Policy
        var shape: FailureShape?
        var checks = 0

        /// The verdict of the trace made of the steps at `indices`, numbered 1, 2, ... as a file would be.
        mutating func verdict(of indices: [Int]) -> Verdict {
            checks += 1
            var candidate = trace
            candidate.steps = indices.enumerated().map { number, index in
                var step = trace.steps[index]
                step.number = number + 1
                return step
            }
            var checker = Checker(policy: policy, trace: candidate)
            checker.recordsPath = false
            return checker.run().verdict
        }

        mutating func failsAlike(_ indices: [Int]) -> Bool {
            guard case .fail(let departure) = verdict(of: indices) else { return false }
            return FailureShape(departure, at: trace.steps[indices[departure.shownAt - 1]]) == shape
        }
    }

    /// ddmin: a 1-minimal subset of `units` that, with the `fixed` steps, still fails alike.
    private static func minimize(_ units: [[Int]], fixed: Set<Int>, test: inout Test) -> [[Int]] {
        func steps(_ chosen: [[Int]]) -> [Int] { (Array(fixed) + chosen.joined()).sorted() }
        guard !units.isEmpty else { return [] }
        // Most units are usually noise: one check may drop them all.
        if test.failsAlike(steps([])) { return [] }
        var current = units
        var granularity = 2
        while current.count >= 2 {
            let chunks = split(current, into: granularity)
            if let chunk = chunks.first(where: { test.failsAlike(steps($0)) }) {
                current = chunk
                granularity = 2
                continue
            }
            // With two chunks, each complement is the other chunk, already tried.
            if granularity > 2,
                let index = chunks.indices.first(where: { index in
                    test.failsAlike(steps(chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)))
                })
            {
                current = chunks.enumerated().filter { $0.offset != index }.flatMap(\.element)
                granularity = max(granularity - 1, 2)
                continue
            }
            if granularity >= current.count { break }
            granularity = min(granularity * 2, current.count)
        }
        return current
    }

    /// The longest run `removableRuns` tries, and the most steps it works on (its cost grows with both).
    static let longestRun = 4
    static let runSearchLimit = 2_000

    /// ddmin leaves no single step that can go, but two steps may only go together (an action and the
    /// one that answers it: `swipe` then `choose: Cancel`). Tries each run of 2 to `longestRun`
    /// consecutive steps, shortest runs first, from the start; after a cut, starts again.
    private static func removableRuns(_ steps: [Int], test: inout Test) -> Set<Int> {
        guard steps.count <= runSearchLimit else { return [] }
        var kept = steps
        var removed: Set<Int> = []
        var cutSomething = true
        while cutSomething {
            cutSomething = false
            search: for length in 2...longestRun where length < kept.count {
                for start in 0...(kept.count - length) {
                    var candidate = kept
                    candidate.removeSubrange(start..<start + length)
                    if test.failsAlike(candidate) {
                        removed.formUnion(kept[start..<start + length])
                        kept = candidate
                        cutSomething = true
                        break search
                    }
                }
            }
        }
        return removed
    }

    /// `units` in `count` runs of nearly equal length, in order.
    private static func split(_ units: [[Int]], into count: Int) -> [[[Int]]] {
        (0..<count).map { part in Array(units[(units.count * part / count)..<(units.count * (part + 1) / count)]) }
            .filter { !$0.isEmpty }
    }

    private static func isSee(_ step: Step) -> Bool {
        if case .see = step.kind { return true }
        return false
    }

    /// Each edit whose next action is an edit of the same fields back to their values before it, with
    /// the observations between the two. A field's value is known from the form's opening values and
    /// the edits since, until a `present` (after a reopen it depends on the policy).
    static func undoneEdits(_ trace: Trace, among indices: [Int]) -> [[Int]] {
        var values = trace.form
        var pairs: [[Int]] = []
        var position = 0
        while position < indices.count {
            let index = indices[position]
            guard case .action(let action) = trace.steps[index].kind else {
                position += 1
                continue
            }
            guard case .edit(let edits) = action else {
                // After a reopen the fields show the saved or the old values, as the policy decides: unknown.
                if case .present = action { values = [:] }
                position += 1
                continue
            }
            var next = position + 1
            while next < indices.count, isSee(trace.steps[indices[next]]) { next += 1 }
            if next < indices.count, case .action(.edit(let back)) = trace.steps[indices[next]].kind,
                restores(back, undoing: edits, from: values)
            {
                pairs.append(Array(indices[position...next]))
                position = next + 1
                continue
            }
            apply(action, to: &values)
            position += 1
        }
        return pairs
    }

    /// Whether `back` sets exactly the fields `edits` set, each to its value before `edits`.
    private static func restores(_ back: FieldEdits, undoing edits: FieldEdits, from values: [String: Value]) -> Bool {
        guard Set(back.map(\.field)) == Set(edits.map(\.field)), edits.allSatisfy({ $0.value != nil }) else { return false }
        return back.allSatisfy { edit in
            guard let value = edit.value, let before = values[edit.field] else { return false }
            return value.matches(before)
        }
    }

    private static func apply(_ action: Action, to values: inout [String: Value]) {
        guard case .edit(let edits) = action else { return }
        for edit in edits {
            // `edit: FIELD` sets some new value that no later edit can name: the field is no longer known.
            if let value = edit.value { values[edit.field] = value } else { values[edit.field] = nil }
        }
    }
}
