extension Departure {
    /// The same departure, with what it holds of the trace (the revealing observation, the item or the
    /// action that departed) out of the trace's tables (`TraceSlice.detached`): for a departure that a
    /// report keeps after its trace is gone.
    public var detached: Departure {
        var copy = self
        copy.detail = detail.detached
        if case .observation(let observation)? = revealing { copy.revealing = .observation(observation.detached) }
        return copy
    }
}

extension DepartureDetail {
    /// The same detail, its item and action out of the trace's tables.
    var detached: DepartureDetail {
        switch self {
        case .written: return self
        case .observed(let item, let expected): return .observed(item.detached, expected: expected)
        case .missingSheet(let action, let step, let expected, let seen):
            return .missingSheet(after: action.detached, step: step, expected: expected, seen: seen.detached)
        case .unhandled(let action, let state, let policy, let sheetShown):
            return .unhandled(action.detached, state: state, policy: policy, sheetShown: sheetShown)
        case .afterDismissal(let action): return .afterDismissal(action.detached)
        case .afterFinalState(let action, let state): return .afterFinalState(action.detached, state: state)
        case .noConditionHolds(let action, let state, let transition):
            return .noConditionHolds(action.detached, state: state, transition: transition)
        case .noSuchButton(let action, let label, let policy, let buttons):
            return .noSuchButton(action.detached, label: label, policy: policy, buttons: buttons)
        case .buttonAbsent(let action, let label, let role, let policy, let state):
            return .buttonAbsent(action.detached, label: label, role: role, policy: policy, state: state)
        case .noSheet(let action, let title): return .noSheet(action.detached, title: title)
        case .notOffered(let action, let title, let sheet, let learnt):
            return .notOffered(action.detached, title: title, sheet: sheet, learnt: learnt)
        }
    }
}

extension PairResult {
    /// Makes a failure's departure hold nothing of its trace's tables (`Departure.detached`): for a
    /// result a report keeps after its trace is gone.
    public mutating func detachFromTrace() {
        if case .fail(let departure) = outcome.verdict { outcome.verdict = .fail(departure.detached) }
    }
}
