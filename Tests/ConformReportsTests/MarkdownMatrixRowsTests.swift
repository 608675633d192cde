import ConformCore
import Testing

@testable import ConformReports

/// The Markdown matrix's cells as `MarkdownMatrixRows` appends them: what `MatrixCell` says, with the
/// words it writes unescaped because Markdown leaves them as they are; and the bytes such rows are
/// written in (`ReportBytes`).
@Suite("Reports: the Markdown matrix's rows, and the bytes report rows are written in")
struct MarkdownMatrixRowsTests {
    static let departure = Departure(
        step: 12, position: TextPosition(line: 30, column: 5), state: "editing", message: "expected done: enabled, saw done: disabled",
        expected: .object([]), observed: .object([]))

    static let verdicts: [Verdict] = [
        .pass, .fail(departure), .inapplicable(reason: "speaks keyboard"),
        .error(message: "no such variable", step: 3, position: TextPosition(line: 9, column: 5)),
    ]

    @Test("every verdict, claimed or not: the cell MatrixCell makes, and its words need no escaping")
    func cellsAsMatrixCell() {
        for verdict in Self.verdicts {
            for claimed in [true, false] {
                let pair = PairResult(
                    trace: "t", file: "t.yaml", app: nil, title: nil, policy: "p", claimed: claimed,
                    outcome: CheckOutcome(verdict: verdict, path: []))
                var appended = ReportBytes(capacity: 0)
                MarkdownMatrixRows.appendCell(verdict, claimed: claimed, to: &appended)
                let cell = MatrixCell(pair)
                #expect(appended.string == cell.markdown(claimed: claimed), "\(verdict.name), claimed: \(claimed)")
                #expect(Escaping.markdown(cell.text) == cell.text)
            }
        }
    }

    @Test("rows: the trace's id escaped, an empty cell where a policy has no result, no line break after the last")
    func rows() {
        let pairs = [
            PairResult(
                trace: "a|b", file: "a.yaml", app: nil, title: nil, policy: "p", claimed: true,
                outcome: CheckOutcome(verdict: .pass, path: [])),
            PairResult(
                trace: "a|b", file: "a.yaml", app: nil, title: nil, policy: "q", claimed: false,
                outcome: CheckOutcome(verdict: .fail(Self.departure), path: [])),
        ]
        let trace = TraceSummary(id: "a|b", file: "a.yaml", app: nil, title: nil, claims: ["p"], stepCount: 12, steps: [])
        let text = MarkdownMatrixRows.rows(
            [.init(trace: trace, cells: [0, nil, 1]), .init(trace: trace, cells: [nil, nil, nil])], pairs: pairs)
        #expect(text == "| a\\|b | **✅ holds** |  | differs at 12 |\n| a\\|b |  |  |  |")
    }

    @Test("ReportBytes: numbers as String writes them, text escaped as Escaping.xml escapes it, literals as they are")
    func reportBytes() {
        var bytes = ReportBytes(capacity: 0)
        for number in [0, 7, 10, 305, -1, -4_020, Int.max, Int.min] {
            bytes.append(number: number)
            bytes.append(" ")
        }
        #expect(bytes.string == [0, 7, 10, 305, -1, -4_020, Int.max, Int.min].map { "\($0) " }.joined())
        for text in ["plain", "tap: \"Done\" & <b>'x'</b>", "a\u{7}b\r\nc\u{85}d\u{FFFE}", "日本語 ✓", ""] {
            var escaped = ReportBytes(capacity: 0)
            escaped.append("<td>")
            escaped.appendXML(text)
            #expect(escaped.string == "<td>" + Escaping.xml(text), "\(text.debugDescription)")
        }
    }
}
