/// Copies of a trace's values that no longer keep its tables alive.
///
/// Why (issue 37): a `TraceSlice` keeps its trace's whole table, and a departure keeps the observation
/// that revealed it, the item that differed and the action that departed. A trace's results outlive it:
/// a batch of outcomes waits for the outputs, and the reports keep the results of a few thousand traces
/// and every broken claim; each of them then kept every `see`'s items, every sheet's actions and every
/// edit's fields of its trace. `detached` copies out only the elements a value stands for, so what a
/// report keeps is what it shows. The reports (`RunDigest`, the terminal's and GitHub's broken claims)
/// copy what they keep; the runner does not copy every departure, which cost the plain run about a
/// tenth of its time for about 1.5 MB of outcomes in flight.
extension TraceSlice {
    /// The same elements; in a table of their own size when they share a larger one (else the same
    /// table, without a copy).
    @inlinable
    public var detached: TraceSlice {
        var copy = self
        copy.ownTable()
        return copy
    }
}

extension ObservedValue {
    /// The same value, its sheet's actions or its form's fields out of the trace's tables.
    public var detached: ObservedValue {
        switch self {
        case .scalar: return self
        case .fields(let fields): return .fields(fields.detached)
        case .sheet(.details(let title, let message, let actions?, let outsideCancels)):
            return .sheet(.details(title: title, message: message, actions: actions.detached, outsideCancels: outsideCancels))
        case .sheet: return self
        }
    }
}

extension ObservedItem {
    /// The same item, its value out of the trace's tables.
    public var detached: ObservedItem {
        var copy = self
        copy.value = value.detached
        return copy
    }
}

extension Observation {
    /// The same items in a table of their own, each item's value out of the trace's tables.
    public var detached: Observation {
        Observation(items: items.map(\.detached))
    }
}

extension Action {
    /// The same action, an edit's fields out of the trace's table.
    public var detached: Action {
        if case .edit(let edits) = self { return .edit(edits.detached) }
        return self
    }
}
