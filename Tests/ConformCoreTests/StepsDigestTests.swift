import Testing

@testable import ConformCore

/// `Trace.digest`: what a reader noted of the steps stands for a walk of them only while the steps are
/// the ones it read (issue 37).
@Suite("Core: a trace's steps digest")
struct StepsDigestTests {
    static func trace() -> Trace {
        Trace(
            id: "t", file: "t.yaml",
            steps: [
                Step(number: 1, position: TextPosition(line: 3, column: 5), kind: .action(.tap("Done"))),
                Step(number: 2, position: TextPosition(line: 4, column: 5), kind: .see(Observation(items: []))),
            ])
    }

    /// A digest that the steps above would not give, to tell which one a question used.
    static func noted() -> StepsDigest {
        var digest = StepsDigest()
        digest.words.note(.edit)
        digest.noteTitle("(cancel action)")
        return digest
    }

    @Test("the words a reader noted are the trace's words; without them the steps are walked")
    func wordsFromTheDigest() {
        var trace = Self.trace()
        let walked = TraceWords(trace)
        trace.digest = Self.noted()
        #expect(TraceWords(trace) == Self.noted().words)
        #expect(TraceWords(trace) != walked)
        trace.digest = nil
        #expect(TraceWords(trace) == walked)
    }

    @Test("any change to the steps drops the digest", arguments: 0..<4)
    func changeDropsDigest(change: Int) {
        var trace = Self.trace()
        trace.digest = Self.noted()
        switch change {
        case 0: trace.steps.append(Step(number: 3, position: .start, kind: .action(.swipe("down"))))
        case 1: trace.steps[0].note = "a note"
        case 2: trace.steps = []
        default: trace.mapPositions { $0 }
        }
        #expect(trace.digest == nil)
        #expect(TraceWords(trace) != Self.noted().words)
    }

    @Test("a title ending in a parenthesis is noted; others are not")
    func titles() {
        var digest = StepsDigest()
        for title in ["Delete", "", "(Undo", "Keep )x", "é"] { digest.noteTitle(title) }
        #expect(!digest.hasTitleEndingInParenthesis)
        digest.noteTitle("Discard (all)")
        #expect(digest.hasTitleEndingInParenthesis)
    }
}
