import Testing

@testable import ConformCore

/// The JSON report writes each departure's `expected` and `observed` straight into its text
/// (`DepartureJSON.swift`); `conform diff` and shards read the `JSONValue`s. Both must be the same bytes.
@Suite("Core: a departure's expected and observed written straight as JSON")
struct DepartureJSONTests {
    private let at = TextPosition(line: 3, column: 5)

    private func item(_ key: String, _ value: ObservedValue) -> ObservedItem {
        ObservedItem(key: key, value: value, position: at)
    }

    /// Every kind of scalar, a text that needs escaping and numbers JSON cannot hold among them.
    private var scalars: [Value] {
        [
            .null, .bool(true), .bool(false), .number(3), .number(-0.5), .number(1e20), .number(.nan), .number(.infinity),
            .string("Milk"), .string("say \"hi\"\n\u{7}##[x]"), .symbol("enabled"), .opaque(2),
        ]
    }

    private var sheetsSeen: [SheetObservation] {
        let actions: SheetActions = [
            SheetActionObservation(title: "Delete", role: .destructive, position: at),
            SheetActionObservation(title: "Keep \"it\"", role: nil, position: at),
        ]
        return [
            .none, .shown, .details(title: nil, message: nil, actions: nil),
            .details(title: .text("Discard?"), message: .absent, actions: actions, outsideCancels: true),
            .details(title: .absent, message: nil, actions: [], outsideCancels: false),
            .details(title: nil, message: .text("Really?"), actions: nil, outsideCancels: true),
        ]
    }

    private var sheetsExpected: [SheetExpectation] {
        let actions = [
            SheetActionSpec(title: "Delete", role: .destructive), SheetActionSpec(title: "Keep", role: nil),
            SheetActionSpec(title: nil, role: .cancel), SheetActionSpec(title: nil, role: nil),
        ]
        return [
            .none, .shown(title: .open, message: .open, actions: nil), .shown(title: .open, message: .open, actions: []),
            .shown(title: .text("Discard?"), message: .absent, actions: actions), .shown(title: .absent, message: .open, actions: nil),
        ]
    }

    private var observedValues: [ObservedValue] {
        scalars.map(ObservedValue.scalar) + sheetsSeen.map(ObservedValue.sheet) + [
            .fields([]), .fields([NamedValue(name: "title", value: .string("Milk")), NamedValue(name: "count", value: .number(2))]),
        ]
    }

    private var expectedValues: [DepartureDetail.ExpectedValue] {
        scalars.map(DepartureDetail.ExpectedValue.value) + sheetsExpected.map(DepartureDetail.ExpectedValue.sheet)
            + scalars.map { .field("title", $0) }
    }

    private func departure(_ detail: DepartureDetail) -> Departure {
        Departure(step: 2, position: at, state: "editing", detail: detail)
    }

    /// Expects `departure`'s `expected` and `observed` written straight to be what their values write.
    private func expectSameBytes(_ departure: Departure, indent: Int) {
        var expected = JSONText()
        departure.writeExpected(to: &expected, indent: indent)
        #expect(expected.string == departure.expected.serialized(pretty: true, indent: indent))
        var observed = JSONText()
        departure.writeObserved(to: &observed, indent: indent)
        #expect(observed.string == departure.observed.serialized(pretty: true, indent: indent))
    }

    @Test("an observed value that differs: every kind of value, at every indent")
    func observedDifference() {
        for indent in [0, 3] {
            for observed in observedValues {
                for expected in expectedValues {
                    expectSameBytes(departure(.observed(item("sheet", observed), expected: expected)), indent: indent)
                }
            }
        }
    }

    @Test("a sheet missing after an action, and departures at an action, as their JSON values write them")
    func otherDepartures() {
        var details: [DepartureDetail] = sheetsExpected.flatMap { expected in
            sheetsSeen.map { seen in .missingSheet(after: .tap("Cancel"), step: 1, expected: expected, seen: item("sheet", .sheet(seen))) }
        }
        details += [
            .afterDismissal(.tap("Done")), .noSheet(.choose("Delete"), title: "Delete"), .afterFinalState(.swipe("down"), state: "gone"),
        ]
        for detail in details {
            expectSameBytes(departure(detail), indent: 3)
        }
    }
}
