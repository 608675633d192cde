import Testing

@testable import ConformCore

@Suite("Core: Baselines: dates, keys, marks, stale entries, the exit rule")
struct BaselineTests {
    @Test("a date is exactly YYYY-MM-DD and a day of the calendar")
    func dates() {
        #expect(CalendarDate("2025-09-30")?.description == "2025-09-30")
        #expect(CalendarDate("2024-02-29") != nil, "a leap day")
        for text in [
            "2025-02-29", "1900-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "2025-9-30", "25-09-30", "2025/09/30", "2025-09-30 ",
            "２０２５-09-30",
        ] {
            #expect(CalendarDate(text) == nil, "\(text)")
        }
        #expect(CalendarDate("2000-02-29") != nil)
        #expect(CalendarDate("2025-09-30")! < CalendarDate("2025-10-01")!)
        #expect(CalendarDate("2024-12-31")! < CalendarDate("2025-01-01")!)
    }

    @Test("the UTC day of a moment, as SOURCE_DATE_EPOCH gives it")
    func epoch() {
        #expect(Timestamp(secondsSince1970: 0)?.day.description == "1970-01-01")
        #expect(Timestamp(secondsSince1970: 1_759_276_799)?.day.description == "2025-09-30")
        #expect(Timestamp(secondsSince1970: 1_759_276_800)?.day.description == "2025-10-01")
        #expect(Timestamp(secondsSince1970: 951_782_400)?.day.description == "2000-02-29")
        #expect(Timestamp(secondsSince1970: -1)?.day.description == "1969-12-31")
    }

    @Test("an entry holds through its expires day, not after")
    func expiry() {
        let entry = BaselineEntry(
            key: BaselineKey(trace: "t", policy: "p", verdict: .error), reason: "r", expires: CalendarDate("2025-09-30"))
        #expect(!entry.hasExpired(on: CalendarDate("2025-09-30")!))
        #expect(entry.hasExpired(on: CalendarDate("2025-10-01")!))
        #expect(!BaselineEntry(key: entry.key, reason: "r").hasExpired(on: CalendarDate("9999-12-31")!))
    }

    @Test("keys match by trace, policy, verdict, state and observed; objects whatever their key order, numbers by value")
    func keys() {
        let observed = JSONValue.object([("sheet", .object([("title", .null), ("actions", .array([.string("Delete"), .number(10)]))]))])
        let key = BaselineKey(trace: "t", policy: "p", verdict: .fail, state: "editing", observed: observed)
        let reordered = JSONValue.object([("sheet", .object([("actions", .array([.string("Delete"), .number(10.0)])), ("title", .null)]))])
        #expect(key.matches(BaselineKey(trace: "t", policy: "p", verdict: .fail, state: "editing", observed: reordered)))
        #expect(!key.matches(BaselineKey(trace: "t", policy: "p", verdict: .fail, state: "confirm", observed: observed)))
        #expect(!key.matches(BaselineKey(trace: "t", policy: "q", verdict: .fail, state: "editing", observed: observed)))
        let reversedList = JSONValue.object([
            ("sheet", .object([("title", .null), ("actions", .array([.number(10), .string("Delete")]))]))
        ])
        #expect(
            !key.matches(BaselineKey(trace: "t", policy: "p", verdict: .fail, state: "editing", observed: reversedList)),
            "list order counts")
        #expect(!key.matches(BaselineKey(trace: "t", policy: "p", verdict: .error)))
        #expect(
            BaselineKey(trace: "t", policy: "p", verdict: .inapplicable).matches(
                BaselineKey(trace: "t", policy: "p", verdict: .inapplicable)))
    }

    static func departing(_ trace: String, _ policy: String, state: String = "editing", observed: String = "absent", claimed: Bool = true)
        -> PairResult
    {
        let departure = Departure(
            step: 3, position: TextPosition(line: 9, column: 5), state: state, message: "m",
            expected: .object([("cancel", .string("enabled"))]),
            observed: .object([("cancel", .string(observed))]))
        return PairResult(
            trace: trace, file: "\(trace).yaml", app: nil, title: nil, policy: policy, claimed: claimed,
            outcome: CheckOutcome(verdict: .fail(departure), path: []))
    }

    static func passing(_ trace: String, _ policy: String, claimed: Bool = true) -> PairResult {
        PairResult(
            trace: trace, file: "\(trace).yaml", app: nil, title: nil, policy: policy, claimed: claimed,
            outcome: CheckOutcome(verdict: .pass, path: []))
    }

    static func outcome(_ results: [PairResult]) -> FileOutcome {
        let trace = results[0].trace
        return FileOutcome(
            summary: TraceSummary(id: trace, file: "\(trace).yaml", app: nil, title: nil, claims: [], stepCount: 3, steps: []),
            results: results, errors: [])
    }

    static func entry(_ trace: String, _ policy: String, expires: String? = nil, line: Int) -> BaselineEntry {
        BaselineEntry(
            key: BaselineKey(
                trace: trace, policy: policy, verdict: .fail, state: "editing", observed: .object([("cancel", .string("absent"))])),
            reason: "known", expires: expires.flatMap(CalendarDate.init), position: TextPosition(line: line, column: 5))
    }

    @Test("marks, stale entries with why, and the tally's exit status")
    func ledger() throws {
        let baseline = Baseline(
            file: "b.yaml",
            entries: [
                Self.entry("a", "p", line: 3), Self.entry("b", "p", expires: "2025-01-01", line: 8), Self.entry("c", "p", line: 13),
                Self.entry("d", "p", line: 18), Self.entry("e", "p", line: 23), Self.entry("gone", "p", line: 28),
                Self.entry("f", "missing", line: 33),
            ])
        let matcher = BaselineMatcher(baseline: baseline, today: try #require(CalendarDate("2025-06-01")))
        var ledger = BaselineLedger(matcher)
        var tally = RunTally()
        let files = [
            [Self.departing("a", "p")], // baselined
            [Self.departing("b", "p")], // expired
            [Self.departing("c", "p", observed: "disabled")], // changed
            [Self.passing("d", "p")], // holds
            [Self.departing("e", "p", claimed: false)], // no longer claimed
            [Self.departing("f", "p")], // new; its entry names a policy not loaded
        ]
        var marked: [PairResult] = []
        for results in files {
            var outcome = Self.outcome(results)
            matcher.mark(&outcome.results)
            ledger.record(outcome)
            tally.add(outcome)
            marked += outcome.results
        }
        #expect(marked[0].isBaselined && marked[0].baseline?.reason == "known")
        #expect(marked[1].baseline?.expired == true && !marked[1].isBaselined && marked[1].failsRun)
        #expect(marked[1].baseline?.source == SourceLocation(file: "b.yaml", position: TextPosition(line: 8, column: 5)))
        #expect(marked[2].baseline == nil && marked[5].baseline == nil && marked[4].baseline == nil)
        let outcome = ledger.finish()
        let reasons = outcome.stale.map { stale -> String in
            switch stale.reason {
            case .traceNotChecked: return "\(stale.entry.key.trace): not checked"
            case .policyNotLoaded: return "\(stale.entry.key.trace): not loaded"
            case .notClaimed: return "\(stale.entry.key.trace): not claimed"
            case .holds: return "\(stale.entry.key.trace): holds"
            case .departsDifferently(let key): return "\(stale.entry.key.trace): \(key)"
            }
        }
        #expect(
            reasons == [
                #"c: in state 'editing' with {"cancel":"disabled"}"#, "d: holds", "e: not claimed", "gone: not checked", "f: not loaded",
            ])
        #expect(outcome.stale.first?.location.description == "b.yaml:13:5")
        #expect((tally.claimsHeld, tally.claimsBaselined, tally.claimsBroken, tally.claimsExpired) == (1, 1, 3, 1))
        #expect(tally.exitStatus == 1)
        tally.add(baseline: outcome)
        #expect(tally.staleEntries == 5 && tally.claims == 5)
    }

    @Test("baselined claims and stale entries do not fail the run; stale ones do with --strict-baseline")
    func exitRule() throws {
        let baseline = Baseline(file: "b.yaml", entries: [Self.entry("a", "p", line: 3), Self.entry("z", "p", line: 8)])
        for strict in [false, true] {
            let matcher = BaselineMatcher(baseline: baseline, today: try #require(CalendarDate("2025-06-01")), strict: strict)
            var ledger = BaselineLedger(matcher)
            var tally = RunTally()
            var outcome = Self.outcome([Self.departing("a", "p"), Self.passing("a", "q")])
            matcher.mark(&outcome.results)
            ledger.record(outcome)
            tally.add(outcome)
            #expect(tally.exitStatus == 0)
            tally.add(baseline: ledger.finish())
            #expect(tally.exitStatus == (strict ? 1 : 0))
        }
    }

    @Test("when writing, every broken claim is accepted: matched entries keep their reason, the others get a placeholder")
    func writing() throws {
        let baseline = Baseline(
            file: "old.yaml",
            entries: [
                Self.entry("a", "p", expires: "2025-12-31", line: 3), Self.entry("gone", "p", line: 8), Self.entry("a", "q", line: 13),
            ])
        let matcher = BaselineMatcher(baseline: baseline, today: try #require(CalendarDate("2025-06-01")), writing: true)
        var ledger = BaselineLedger(matcher)
        var outcome = Self.outcome([Self.departing("a", "p"), Self.departing("a", "o", state: "confirm"), Self.passing("a", "q")])
        matcher.mark(&outcome.results)
        #expect(outcome.results.allSatisfy { $0.isBaselined || $0.verdict.kind == .pass })
        ledger.record(outcome)
        let result = ledger.finish(writtenTo: "new.yaml")
        #expect(result.stale.isEmpty)
        // `gone` was not checked: kept; `a` with `q` was checked and holds: dropped.
        #expect(result.dropped.map { "\($0.entry.key.trace) \($0.entry.key.policy)" } == ["a q"])
        let written = try #require(result.written)
        #expect(written.file == "new.yaml")
        #expect(
            written.sortedEntries.map { "\($0.key.trace) \($0.key.policy) \($0.reason) \($0.expires?.description ?? "-")" } == [
                "a o \(BaselineEntry.placeholderReason) -", "a p known 2025-12-31", "gone p known -",
            ])
    }
}
