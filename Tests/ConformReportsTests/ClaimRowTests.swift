import ConformCore
import Testing

@testable import ConformReports

@Suite("Reports: claim rows")
struct ClaimRowTests {
    @Test(
        "the first line of a departure's detail, read from its message alone, is the line splitting the whole detail finds",
        arguments: [
            "went to state b", "two\nlines", "\nstarts with a break", "", "ends with CR\r", "CRLF\r\ninside", "é\u{301}\n\nx", "\n\n",
        ])
    func firstDetailLine(message: String) throws {
        var pair = try #require(fixtureInput("basic").result.brokenClaims.first)
        pair.outcome.verdict = .fail(
            Departure(
                step: 2, position: TextPosition(line: 4, column: 3), state: "s", message: message,
                expected: .object([("a", .string("x\ny"))]),
                observed: .array([])))
        let row = ClaimRow(pair)
        #expect(row.firstDetailLine == row.detail.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "")
        // Nothing differs that the message does not say: the detail is the message alone (the values are in the JSON report).
        #expect(row.detail == message)
    }
}
