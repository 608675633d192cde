import ConformCore
import Testing

@testable import ConformLoading

/// `evidence:` on a step: a screenshot's path, read the same by the direct reader and the general path.
@Suite("Loading: Step evidence")
struct EvidenceLoadingTests {
    static let yaml = """
        conform: 1
        steps:
          - see: { done: disabled }
            evidence: shots/1.png
          - tap: Done
            note: greyed out
            evidence: "shots/with space (2).jpg"
            at: 2
          - swipe: down
        """

    @Test("both readers read evidence on any step, as written")
    func bothReaders() throws {
        let (direct, general) = DirectTraceReaderTests.traces(Self.yaml)
        let read = try #require(direct)
        #expect(general != nil)
        #expect(DirectTraceReaderTests.dumped(direct) == DirectTraceReaderTests.dumped(general))
        #expect(read.steps.map(\.evidence) == ["shots/1.png", "shots/with space (2).jpg", nil])
        #expect(read.steps[1].note == "greyed out")
    }

    @Test(
        "evidence that is not a string is an error at the value",
        arguments: [
            (
                "conform: 1\nsteps:\n  - tap: Done\n    evidence: [a.png]\n",
                "4:15: 'evidence' (a screenshot's path, relative to the trace file) must be a string, not a list"
            ),
            (
                "conform: 1\nsteps:\n  - tap: Done\n    evidence:\n",
                "4:14: 'evidence' (a screenshot's path, relative to the trace file) must be a string, not null"
            ),
        ])
    func notAString(_ yaml: String, _ expected: String) {
        #expect(traceProblems(yaml) == [expected])
        #expect(DirectTraceReaderTests.traces(yaml).direct == nil, "left to the general path, which locates the error")
    }

    @Test("a step with only evidence has no verb")
    func noVerb() {
        #expect(
            traceProblems("conform: 1\nsteps:\n  - evidence: a.png\n") == [
                "3:5: step 1 has no verb (see, edit, tap, swipe, choose, present, ...)"
            ])
    }
}
