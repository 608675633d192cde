import Testing

@testable import ConformCore

/// `detached`: what a report keeps of a departure holds only its own elements, not its trace's whole
/// tables (issue 37: the reports keep the results of thousands of traces).
@Suite("Core: detached slices")
struct DetachedSliceTests {
    @Test("a detached slice holds its elements in a table of their own size; a whole table is not copied")
    func detachedSlice() {
        let table = [10, 11, 12, 13, 14]
        let slice = TraceSlice(table, range: 1..<3)
        let detached = slice.detached
        #expect(detached == [11, 12])
        #expect(detached.table.count == 2 && detached.start == 0)
        #expect(slice.table.count == 5 && slice == [11, 12])
        let whole = TraceSlice(table).detached
        #expect(whole == [10, 11, 12, 13, 14])
        #expect(whole.table.withUnsafeBufferPointer { $0.baseAddress } == table.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test("a detached departure at a see says the same, and holds nothing of its trace's tables")
    func detachedObservation() {
        let at = TextPosition(line: 3, column: 5)
        let actionTable = [
            SheetActionObservation(title: "Other", role: .default, position: at),
            SheetActionObservation(title: "Delete", role: .destructive, position: at),
            SheetActionObservation(title: "Cancel", role: .cancel, position: at),
        ]
        let fieldTable = [
            NamedValue(name: "other", value: .number(1)), NamedValue(name: "name", value: .string("Ada")),
            NamedValue(name: "done", value: .bool(true)),
        ]
        let itemTable = [
            ObservedItem(key: "saved", value: .scalar(.bool(true)), position: at),
            ObservedItem(
                key: "sheet",
                value: .sheet(.details(title: nil, message: nil, actions: SheetActions(actionTable, range: 1..<3), outsideCancels: false)),
                position: at),
            ObservedItem(key: "form", value: .fields(ObservedFields(fieldTable, range: 1..<3)), position: at),
            ObservedItem(key: "dismissed", value: .scalar(.bool(false)), position: at),
            ObservedItem(key: "later", value: .scalar(.bool(false)), position: at),
        ]
        let observation = Observation(items: ObservedItems(itemTable, range: 1..<4))
        let departure = Departure(
            step: 4, position: at, state: "editing", detail: .observed(itemTable[3], expected: .value(.bool(true))),
            revealing: observation)
        let detached = departure.detached
        #expect(detached.message == departure.message)
        #expect(detached.expected == departure.expected)
        #expect(detached.observed == departure.observed)
        #expect(detached.revealed == departure.revealed)
        guard case .observation(let kept)? = detached.revealing else {
            Issue.record("the revealing observation is gone")
            return
        }
        #expect(kept.items.table.count == 3)
        for item in kept.items {
            switch item.value {
            case .sheet(.details(_, _, let actions?, _)): #expect(actions.table.count == 2 && actions.map(\.title) == ["Delete", "Cancel"])
            case .fields(let fields): #expect(fields.table.count == 2 && fields.map(\.name) == ["name", "done"])
            default: continue
            }
        }
    }

    @Test("a detached departure at an edit holds only the edit's own fields")
    func detachedEdit() {
        let at = TextPosition(line: 7, column: 3)
        let editTable = [
            FieldEdit(field: "first", value: .string("a")), FieldEdit(field: "name", value: .string("Ada")),
            FieldEdit(field: "last", value: nil),
        ]
        let departure = Departure(
            step: 7, position: at, state: "saved", detail: .afterDismissal(.edit(FieldEdits(editTable, range: 1..<2))))
        var pair = PairResult(
            trace: "t", file: "t.yaml", app: nil, title: nil, policy: "p", claimed: true,
            outcome: CheckOutcome(verdict: .fail(departure), path: []))
        pair.detachFromTrace()
        guard case .fail(let kept) = pair.verdict, case .afterDismissal(.edit(let edits)) = kept.detail else {
            Issue.record("the departure changed its kind")
            return
        }
        #expect(edits.table.count == 1 && edits.map(\.field) == ["name"])
        #expect(kept.message == departure.message)
    }

    @Test("the departures of one trace revealed by the same see share one copy of it; another see gets its own")
    func sharedCopies() {
        let at = TextPosition(line: 2, column: 3)
        let itemTable = (0..<6).map { ObservedItem(key: "k\($0)", value: .scalar(.bool(true)), position: at) }
        let first = Observation(items: ObservedItems(itemTable, range: 0..<2))
        let second = Observation(items: ObservedItems(itemTable, range: 2..<5))
        func pair(_ policy: String, _ observation: Observation) -> PairResult {
            let departure = Departure(
                step: 2, position: at, state: "s", detail: .observed(observation.items[0], expected: .value(.bool(false))),
                revealing: observation)
            return PairResult(
                trace: "t", file: "t.yaml", app: nil, title: nil, policy: policy, claimed: false,
                outcome: CheckOutcome(verdict: .fail(departure), path: []))
        }
        var pairs = [pair("a", first), pair("b", first), pair("c", second)]
        var copies = DetachedObservations()
        for index in pairs.indices { pairs[index].detachFromTrace(sharing: &copies) }
        func buffer(_ pair: PairResult) -> UnsafeRawPointer? {
            guard case .fail(let departure) = pair.verdict, case .observation(let observation)? = departure.revealing else { return nil }
            #expect(observation.items.table.count == observation.items.count)
            return observation.items.table.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(buffer(pairs[0]) != nil && buffer(pairs[0]) == buffer(pairs[1]))
        #expect(buffer(pairs[2]) != nil && buffer(pairs[2]) != buffer(pairs[0]))
        #expect(
            pairs.compactMap { $0.verdict.departure?.revealed }
                == [first, first, second].map { JSONValue.object($0.items.map { ($0.key, $0.value.json) }) })
    }
}
