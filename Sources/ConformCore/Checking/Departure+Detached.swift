extension Departure {
    /// The same departure, with what it holds of the trace (the revealing observation, the item or the
    /// action that departed) out of the trace's tables (`TraceSlice.detached`): for a departure kept
    /// after its trace is gone.
    public var detached: Departure {
        var copies = DetachedObservations()
        return detached(sharing: &copies)
    }

    /// `detached`, the revealing observation copied once for all the departures of one trace it reveals.
    func detached(sharing copies: inout DetachedObservations) -> Departure {
        var copy = self
        copy.detail = detail.detached
        if case .observation(let observation)? = revealing { copy.revealing = .observation(copies.detached(observation)) }
        return copy
    }
}

/// The observations already copied out of one trace's tables, so that the departures of several
/// policies at the same `see` (most of a trace's departures are of policies nobody claimed) share one
/// copy, as they shared the step's observation before.
///
/// An observation is known by where its items stand (its table's buffer, and its run in it): the same
/// run of the same table is the same observation. Only for the results of one trace while they (and so
/// its tables) are alive: a freed buffer's address may be given to another.
public struct DetachedObservations {
    private var made: [(table: UnsafeRawPointer?, start: UInt32, length: UInt32, copy: Observation)] = []

    /// None copied yet.
    public init() {}

    /// `observation.detached`, or the copy already made of the same run of the same table.
    mutating func detached(_ observation: Observation) -> Observation {
        let items = observation.items
        let table = items.table.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        if let made = made.first(where: { $0.table == table && $0.start == items.start && $0.length == items.length }) {
            return made.copy
        }
        let copy = observation.detached
        made.append((table, items.start, items.length, copy))
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
    /// result kept after its trace is gone.
    public mutating func detachFromTrace() {
        var copies = DetachedObservations()
        detachFromTrace(sharing: &copies)
    }

    /// `detachFromTrace()`, an observation that reveals several of the trace's departures copied once
    /// (`copies` holds those of this trace only, while its results are alive).
    public mutating func detachFromTrace(sharing copies: inout DetachedObservations) {
        if case .fail(let departure) = outcome.verdict { outcome.verdict = .fail(departure.detached(sharing: &copies)) }
    }
}
