import Foundation
import Testing

@testable import ConformCore

/// `PairResult`'s trace parts, shared by every pair of one trace (`PairTrace`, issue 37 §2).
@Suite("Core: a trace's pairs share its parts")
struct PairTraceTests {
    static let record = PairTrace(id: "t", file: "Traces/t.yaml", app: "Reminders", title: "Saves")

    static func pair(_ policy: String, verdict: Verdict = .pass) -> PairResult {
        PairResult(record: record, policy: policy, claimed: policy == "a", outcome: CheckOutcome(verdict: verdict, path: []))
    }

    @Test("pairs made from one record read its parts; a change to one pair's parts leaves the others as they were")
    func shared() {
        var first = Self.pair("a")
        let second = Self.pair("b")
        #expect(first.record === second.record)
        #expect((first.trace, first.file, first.app, first.title) == ("t", "Traces/t.yaml", "Reminders", "Saves"))
        first.trace = "renamed"
        first.file = "elsewhere.yaml"
        first.app = nil
        first.title = "Other"
        #expect((first.trace, first.file, first.app, first.title) == ("renamed", "elsewhere.yaml", nil, "Other"))
        #expect((second.trace, second.file, second.app, second.title) == ("t", "Traces/t.yaml", "Reminders", "Saves"))
        #expect(second.record === Self.record)
    }

    /// The members a pair had before its parts were shared, with the encoding Swift synthesises.
    struct Synthesised: Codable {
        var trace: String
        var file: String
        var app: String?
        var title: String?
        var policy: String
        var claimed: Bool
        var outcome: CheckOutcome
        var departureEvidence: Evidence?
    }

    @Test("a pair is written and read as the synthesised encoding wrote and read it (shard files)", arguments: [false, true])
    func codable(absent: Bool) throws {
        let outcome = CheckOutcome(
            verdict: .inapplicable(reason: "step 1 uses 'show', which 'a' does not know"),
            path: [])
        let evidence = Evidence(path: "shot.png", resolved: "/t/shot.png", step: 3, mediaType: "image/png", bytes: [1, 2, 3])
        let pair = PairResult(
            trace: "t", file: "t.yaml", app: absent ? nil : "App", title: absent ? nil : "Title", policy: "a", claimed: true,
            outcome: outcome, departureEvidence: absent ? nil : evidence)
        let synthesised = Synthesised(
            trace: "t", file: "t.yaml", app: pair.app, title: pair.title, policy: "a", claimed: true, outcome: outcome,
            departureEvidence: pair.departureEvidence)
        // Sorted keys, as shard files are written (`ShardRecord`): without them the order is not fixed.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = try encoder.encode(pair)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: try encoder.encode(synthesised), as: UTF8.self))
        // Read back, both read the same members.
        let read = try JSONDecoder().decode(PairResult.self, from: written)
        let readSynthesised = try JSONDecoder().decode(Synthesised.self, from: written)
        #expect(try encoder.encode(read) == (try encoder.encode(readSynthesised)))
        #expect((read.trace, read.file, read.app, read.title) == ("t", "t.yaml", pair.app, pair.title))
        #expect((read.policy, read.claimed) == ("a", true))
    }
}
