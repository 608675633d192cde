import ConformCore
import ConformTestSupport
import Testing

@testable import ConformKit
@testable import ConformReports

@Suite("Kit: conform explain")
struct PolicyExplanationTests {
    @Test("one-handed as Markdown: a row per transition branch, what the next state shows, its source")
    func oneHandedGolden() throws {
        let policy = try #require(PolicyLibrary.builtIn().policy(id: "one-handed"))
        try assertGolden(PolicyExplanation(policy: policy).markdown(), named: "explain-one-handed.md")
    }

    @Test(
        "every built-in policy: one diagram edge per branch, a start, an end per final state",
        arguments: PolicyLibrary.builtIn().ids)
    func diagramShape(id: String) throws {
        let policy = try #require(PolicyLibrary.builtIn().policy(id: id))
        let diagram = PolicyExplanation(policy: policy).mermaid()
        let lines = diagram.split(separator: "\n")
        #expect(lines.first == "stateDiagram-v2")
        let edges = lines.filter { $0.contains(" --> ") && !$0.contains("[*]") }
        #expect(edges.count == policy.transitionIDs.count)
        #expect(lines.filter { $0.hasSuffix("--> [*]") }.count == policy.states.filter(\.isFinal).count)
        #expect(lines.contains { $0.contains("[*] --> ") })
        let explanation = PolicyExplanation(policy: policy)
        #expect(explanation.rows.filter { $0.target != nil }.count == policy.transitionIDs.count)
        #expect(explanation.rows.allSatisfy { !$0.source.isEmpty }, "every row names its source")
    }

    @Test("labels and cells are escaped for Mermaid and Markdown tables")
    func escaping() {
        #expect(MermaidText.label("a: b; #c \"d\" <e>") == "a#58; b#59; #35;c #quot;d#quot; #lt;e#gt;")
        #expect(MermaidText.identifier("confirm-swipe") == "confirm_swipe")
        #expect(MermaidText.identifier("2nd") == "s_2nd")
        #expect(Escaping.markdown("a || b | <b>*x*</b>") == "a \\|\\| b \\| \\<b\\>\\*x\\*\\</b\\>")
    }
}
