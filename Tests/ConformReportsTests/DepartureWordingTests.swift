import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing

@testable import ConformReports

/// Every output words a departure from `DepartureDifference`: the part that differs, in at most two
/// lines each, never the two whole values side by side (issue 35). The fixtures change one thing each
/// of one-handed's swipe sheet: its title, a trailing space and an action, a title chosen in another
/// case, a tap while the sheet is shown.
@Suite("Reports: departures name the part that differs")
struct DepartureWordingTests {
    private func departing(_ trace: String) throws -> PairResult {
        try #require(fixtureInput("departures").result.brokenClaims.first { $0.trace == trace })
    }

    @Test("the terminal prints each departure with the parts that differ under it, as reviewed")
    func terminal() throws {
        try assertGolden(try render(.text, fixtureInput("departures")), named: "departures.txt")
    }

    @Test("the terminal's lines for a sheet title, and --verbose adds the whole values")
    func terminalLines() throws {
        let pair = try departing("title-changed")
        #expect(
            ClaimWording.parts(pair)?.text == """
                Tests/ConformReportsTests/Fixtures/departures/title.yaml:10:5: error: 'one-handed' departs at step 3 (state 'confirm-swipe'): sheet differs from what the policy expects
                    sheet title: expected 'You have unsaved changes!'
                                      saw 'Unsaved changes'
                """)
        let verbose = try #require(ClaimWording.parts(pair, verbose: true)?.details)
        #expect(verbose.count == 4)
        #expect(verbose[2].hasPrefix(#"expected: {"sheet":{"title":"You have unsaved changes!","#))
        #expect(verbose[3].hasPrefix(#"observed: {"sheet":{"title":"Unsaved changes","#))
    }

    @Test("JUnit, SARIF and GitHub annotations read the same headline and lines")
    func claimRows() throws {
        #expect(
            ClaimRow(try departing("choose-case")).detail == """
                chose 'Save Changes', which the sheet does not offer (it offers: 'Save changes', 'Cancel changes', 'Cancel')
                  choose: nearest offered 'Save changes'
                                      saw 'Save Changes' (case differs)
                """)
        #expect(
            ClaimRow(try departing("tap-unhandled")).detail == """
                tap Done while a sheet is shown (only choose may follow)
                  allowed here: choose Save changes, choose Cancel changes, choose Cancel
                """)
    }

    @Test("the Markdown report shows the headline and a bullet per difference, not the whole values")
    func markdown() throws {
        let text = try render(.md, fixtureInput("departures"))
        #expect(
            text.contains(
                """
                - **What:** sheet differs from what the policy expects
                  - sheet title: expected 'You have unsaved changes\\!', saw 'You have unsaved changes\\! ' (trailing space)
                  - sheet actions: 'Save changes' (default) is expected but not shown
                  - sheet action 2: expected 'Cancel changes', saw 'Discard changes'

                """))
        #expect(!text.contains("**Expected:**") && !text.contains(#"{"sheet""#))
    }

    @Test("the HTML page shows the differences, the whole values folded in a details block")
    func html() throws {
        let pair = try departing("title-changed")
        let departure = try #require(pair.verdict.departure)
        let text = HTMLDeparture.text(departure)
        #expect(
            text.hasPrefix(
                "sheet differs from what the policy expects<br><code>sheet title: expected &#39;You have unsaved changes!&#39;, saw &#39;Unsaved changes&#39;</code>"
                    + "<details><summary>expected and observed in full</summary>expected <code>{&quot;sheet&quot;:"))
        let page = try render(.html, fixtureInput("departures"))
        #expect(page.contains(text))
    }

    @Test("SARIF's one-line message names the part that differs")
    func sarif() throws {
        let text = try render(.sarif, fixtureInput("departures"))
        #expect(
            text.contains(
                "'one-handed' departs at step 3 (state 'confirm-swipe'): sheet differs from what the policy expects; "
                    + "sheet title: expected 'You have unsaved changes!', saw 'Unsaved changes'"))
    }

    @Test("the history page, reading the run's JSON document, shows the part that differs")
    func history() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try render(.json, fixtureInput("departures")).write(
            to: folder.appendingPathComponent("run-1.json"), atomically: true, encoding: .utf8)
        let (runs, problems) = HistoryFolder.read(folder.path)
        #expect(problems.isEmpty)
        let page = HistoryPage(history: RunHistory(runs), problems: problems, version: "0.0.0-test").html()
        #expect(
            page.contains(
                "step 3: sheet differs from what the policy expects<br><code>sheet title: expected &#39;You have unsaved changes!&#39;, "
                    + "saw &#39;Unsaved changes&#39;</code></td>"))
        #expect(!page.contains("{ title"))
    }

    @Test("conform diff and the history page word a departure read back from JSON as the run did")
    func fromJSON() throws {
        let pair = try departing("title-changed")
        let departure = try #require(pair.verdict.departure)
        let read = DepartureDifference(message: departure.message, expected: departure.expected, observed: departure.observed)
        #expect(read == departure.difference)
        #expect(read.differences.count == 1)
    }
}
