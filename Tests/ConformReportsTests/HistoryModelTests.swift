import ConformCore
import Foundation
import Testing

@testable import ConformReports

/// Runs built in code: what the history makes of orders, streaks and renames, independent of any reader.
enum HistoryFixtures {
    static func claim(
        _ trace: String, _ policy: String, _ outcome: HistoryRun.Outcome, app: String? = "Demo", file: String? = nil
    ) -> HistoryRun.Claim {
        HistoryRun.Claim(
            app: app, trace: trace, file: file ?? "Traces/\(trace).yaml", policy: policy, outcome: outcome,
            step: outcome == .holds ? nil : 2, line: outcome == .holds ? nil : 9,
            message: outcome == .holds ? nil : "expected done: enabled, saw done: disabled")
    }

    static func run(_ name: String, at time: String? = nil, _ claims: [HistoryRun.Claim]) -> HistoryRun {
        let held = claims.filter { $0.outcome == .holds }.count
        let broken = claims.filter { $0.outcome == .broken }.count
        return HistoryRun(
            name: name, recordedAt: time.flatMap { try? Timestamp.parse($0).get() }, version: "0.1.0",
            counts: .init(traces: Set(claims.map(\.file)).count, claimsHeld: held, claimsBroken: broken, errors: 0), claims: claims)
    }
}

@Suite("Reports: History model")
struct HistoryModelTests {
    typealias F = HistoryFixtures

    @Test("File names order with numbers by value, and untimed runs come before timed ones")
    func order() {
        #expect(HistoryOrder.fileNameOrder("run-9.json", "run-10.json"))
        #expect(!HistoryOrder.fileNameOrder("run-10.json", "run-9.json"))
        #expect(HistoryOrder.fileNameOrder("a/run-2.json", "b/run-1.json"))
        #expect(HistoryOrder.fileNameOrder("run-01.json", "run-1.json") != HistoryOrder.fileNameOrder("run-1.json", "run-01.json"))
        let order = HistoryOrder([
            F.run("b.json", at: "2026-11-02T10:00:00Z", []), F.run("z-old.json", []), F.run("a.json", at: "2026-11-03T10:00:00Z", []),
            F.run("old-10.json", []), F.run("old-9.json", []),
        ])
        #expect(order.runs.map(\.name) == ["old-9.json", "old-10.json", "z-old.json", "b.json", "a.json"])
        #expect(order.untimed == 3)
        #expect(
            HistoryWording.order(order)
                == "3 runs without a recorded time first, in file name order (<bdi>old-9.json</bdi>, <bdi>old-10.json</bdi>, <bdi>z-old.json</bdi>); then 2 runs in order of their recorded time (recordedAt)."
        )
    }

    @Test("More than three runs placed by name are named by the first and the last")
    func manyUntimed() {
        let runs = (1...5).map { F.run("run-\($0).json", []) } + [F.run("timed.json", at: "2026-11-26T10:00:00Z", [])]
        #expect(
            HistoryWording.order(HistoryOrder(runs))
                == "5 runs without a recorded time first, in file name order (<bdi>run-1.json</bdi> to <bdi>run-5.json</bdi>); then the run that records its time (recordedAt)."
        )
        #expect(HistoryWording.order(HistoryOrder(Array(runs.prefix(5)))).hasPrefix("No run records its time: runs in file name order"))
        #expect(
            HistoryWording.order(HistoryOrder([runs[5]])) == "The run records its time: runs in order of their recorded time (recordedAt).")
    }

    @Test("A claim broken at run 2 and still broken is broken since run 2; one broken, then fixed, is not listed")
    func brokenSince() {
        let history = RunHistory([
            F.run("r1.json", [F.claim("breaks", "makeitso", .holds), F.claim("fixed", "makeitso", .broken)]),
            F.run("r2.json", [F.claim("breaks", "makeitso", .broken), F.claim("fixed", "makeitso", .broken)]),
            F.run("r3.json", [F.claim("breaks", "makeitso", .broken), F.claim("fixed", "makeitso", .holds)]),
        ])
        #expect(history.brokenNow.map(\.claim.trace) == ["breaks"])
        #expect(history.brokenNow.first?.since == 1)
        let series = history.apps.first?.policies.first
        #expect(series?.cells.map { $0?.outcome } == [.broken, .broken, .broken])
        #expect(series?.cells.map { $0?.held } == [1, 0, 1])
        #expect(HistoryWording.standing(series?.cells ?? []).text == "broken since run 1 (3 runs)")
    }

    @Test("A streak starts after the last run where the claim held or was absent; baselined runs are part of it")
    func streakStart() {
        let history = RunHistory([
            F.run("r1.json", [F.claim("t", "p", .broken)]),
            F.run("r2.json", []),
            F.run("r3.json", [F.claim("t", "p", .baselined)]),
            F.run("r4.json", [F.claim("t", "p", .broken)]),
        ])
        #expect(history.brokenNow.first?.since == 2)
        #expect(
            HistoryWording.ranges(history.apps[0].policies[0].cells[...])
                == "broken in run 1; not claimed in run 2; baselined in run 3; broken in run 4")
    }

    @Test("An app renamed with the same trace files keeps its history under the new name")
    func rename() {
        let history = RunHistory([
            F.run("r1.json", [F.claim("a", "p", .holds, app: "Old"), F.claim("b", "p", .holds, app: "Other")]),
            F.run("r2.json", [F.claim("a", "p", .holds, app: "Old"), F.claim("b", "p", .holds, app: "Other")]),
            F.run("r3.json", [F.claim("a", "p", .broken, app: "New"), F.claim("b", "p", .holds, app: "Other")]),
        ])
        #expect(history.apps.map(\.name) == ["New", "Other"])
        #expect(history.apps[0].formerNames == [RunHistory.FormerName(name: "Old", runs: 0...1)])
        #expect(history.apps[0].policies[0].cells.map { $0?.outcome } == [.holds, .holds, .broken])
        #expect(history.brokenNow.map(\.app) == ["New"])
    }

    @Test("Apps and policies are ordered with numbers by value")
    func numbersByValue() {
        let history = RunHistory([
            F.run(
                "r1.json",
                [
                    F.claim("a", "policy-10", .holds, app: "App 10"), F.claim("b", "policy-2", .holds, app: "App 2"),
                    F.claim("b", "policy-10", .holds, app: "App 2"),
                ])
        ])
        #expect(history.apps.map(\.name) == ["App 2", "App 10"])
        #expect(history.apps[0].policies.map(\.policy) == ["policy-2", "policy-10"])
    }

    @Test("An app gone from the latest run comes last, and says where its claims end")
    func goneApp() {
        let history = RunHistory([
            F.run("r1.json", [F.claim("a", "p", .holds, app: "Gone", file: "g.yaml"), F.claim("b", "p", .holds, app: "Stays")]),
            F.run("r2.json", [F.claim("b", "p", .holds, app: "Stays")]),
        ])
        #expect(history.apps.map(\.name) == ["Stays", "Gone"])
        #expect(history.apps[1].lastRun == 0)
        #expect(HistoryWording.standing(history.apps[1].policies[0].cells) == ("not claimed in the latest run (last in run 1)", nil))
    }
}

extension HistoryFixtures {
    /// A long history: `runs` runs of `apps` apps claiming two or three policies, some breaking and
    /// being fixed along the way, half the runs with a recorded time.
    static func large(runs: Int, apps: Int) -> [HistoryRun] {
        let policies = ["apple-reminders", "makeitso", "apple-contacts"]
        return (0..<runs).map { index in
            var claims: [HistoryRun.Claim] = []
            for app in 0..<apps {
                for (number, policy) in policies.prefix(2 + app % 2).enumerated() {
                    // Breaks for a stretch that depends on the app, so the strips differ.
                    let broken = (index + app * 7 + number * 3) % (11 + app) < 2 + app % 3
                    claims.append(claim("trace-\(app)-\(number)", policy, broken ? .broken : .holds, app: "App \(app + 1)"))
                }
            }
            let day = 1 + index / 24
            let time = index >= runs / 2 ? "2026-11-\(day < 10 ? "0" : "")\(day)T\(index % 24 < 10 ? "0" : "")\(index % 24):00:00Z" : nil
            return run("history/run-\(index + 1).json", at: time, claims)
        }
    }
}
