import ConformCore
import ConformKit
import Testing

@testable import ConformReports

@Suite("Reports: Unverified markers in the reports")
struct UnverifiedReportTests {
    /// Contacts' swipe-ignored trace, which claims apple-contacts: a policy with four markers.
    func contactsInput() -> ReportInput {
        let library = PolicyLibrary.builtIn()
        let file = packageRoot.appendingPathComponent("Traces/Contacts/swipe-ignored.yaml").path
        let result = ConformRunner(library: library).run(.init(paths: [file], keepSteps: true))
        return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test"))
    }

    @Test("the Markdown report lists a claimed policy's unverified markers under its heading")
    func markdown() throws {
        let text = try render(.md, contactsInput())
        #expect(text.contains("Unverified (no source states these; the policy models them as written):\n"))
        #expect(text.contains("\n- state 'editing', swipe (ignored): whether the blocked swipe shows anything"))
        #expect(text.contains("\n- state 'confirm', its sheet: no source gives the sheet's title, message or strings"))
    }

    @Test("the HTML report lists them as escaped list items")
    func html() throws {
        let text = try render(.html, contactsInput())
        #expect(text.contains("<strong>Unverified</strong>"))
        #expect(
            text.contains("<li>state &#39;confirm&#39;, choose cancel: no source says what the sheet&#39;s cancel action does")
                || text.contains("<li>state &apos;confirm&apos;, choose cancel: no source says what the sheet&apos;s cancel action does")
                || text.contains("<li>state 'confirm', choose cancel: no source says what the sheet's cancel action does"))
    }
}
