import Testing

@testable import ConformReports

@Suite("Reports: Spooled report text")
struct SpoolTests {
    @Test("text past the memory limit goes to disk and comes back whole, in order")
    func spills() {
        let spool = Spool()
        var expected = ""
        for index in 0..<80 {
            let piece = String(repeating: "row \(index) é✓\n", count: 2_000)
            spool.append(piece)
            expected += piece
        }
        #expect(expected.utf8.count > 4 * Spool.memoryLimit)
        #expect(!spool.isEmpty)
        #expect(spool.text() == expected)
        #expect(spool.isEmpty, "drained")
        #expect(spool.text() == "")
    }

    @Test("a piece read back never ends inside a character")
    func characterBoundaries() {
        #expect(Spool.incompleteTail(of: Array("ab✓".utf8)) == [])
        #expect(Spool.incompleteTail(of: Array("ab✓".utf8).dropLast()) == Array("✓".utf8).dropLast())
        #expect(Spool.incompleteTail(of: Array("a😀".utf8).dropLast(3)) == [0xF0])
        #expect(Spool.incompleteTail(of: Array("é".utf8)) == [])
        #expect(Spool.incompleteTail(of: []) == [])
    }

    @Test("a page is cut at the rows' marker; a template without it keeps its page")
    func splice() {
        let rows = Spool()
        rows.append("<tr>1</tr>\n")
        let parts = HTMLMatrix.splice("<table>\(HTMLMatrix.rowsMarker)</table>", rows: rows)
        #expect(parts.joined() == "<table><tr>1</tr>\n</table>")
        #expect(HTMLMatrix.splice("<p>no matrix</p>", rows: Spool()).joined() == "<p>no matrix</p>")
        // Tables in order; one whose marker the page does not place drops its rows, the next is still found.
        let tables = (0..<3).map { index -> Spool in
            let spool = Spool()
            spool.append("<tr>\(index)</tr>")
            return spool
        }
        let page = "é<t>\(HTMLMatrix.marker(0))</t>✓<t>\(HTMLMatrix.marker(2))</t>😀"
        #expect(HTMLMatrix.splice(page, tables: tables).joined() == "é<t><tr>0</tr></t>✓<t><tr>2</tr></t>😀")
    }

    @Test("the marker is found by its bytes wherever it is, after characters of any width, and not in a part of it")
    func markerSearch() {
        let marker = Array(HTMLMatrix.rowsMarker.utf8)
        func found(in text: String, from start: Int = 0) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { HTMLMatrix.firstOffset(of: marker, in: $0, from: start) }
        }
        for before in ["", "é✓😀", "\u{1}conform", String(repeating: "x", count: 100_000)] {
            for after in ["", "\u{1}", "é"] {
                let text = before + HTMLMatrix.rowsMarker + after + HTMLMatrix.rowsMarker
                #expect(found(in: text) == before.utf8.count)
                #expect(found(in: text, from: before.utf8.count + 1) == before.utf8.count + marker.count + after.utf8.count)
            }
            #expect(found(in: before + String(HTMLMatrix.rowsMarker.dropLast())) == nil)
        }
    }
}
