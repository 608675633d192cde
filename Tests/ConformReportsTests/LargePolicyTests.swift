import ConformCore
import ConformLoading
import Testing

@testable import ConformReports

/// Issue 24: any valid policy can be reported. Diagrams are bounded (too large: the state table and
/// why), the layering is linear, and generation stops at its search budget (Docs/Limits.md).
@Suite("Reports: large policies are drawn, tabled or planned within bounds")
struct LargePolicyTests {
    /// A form policy of `count` states; `far` makes edges jump across the graph (many lanes), otherwise
    /// they stay near (as a hand-written policy's do).
    static func policy(_ count: Int, far: Bool) throws -> Policy {
        var lines = ["conform: 1", "policy: large-\(count)", "title: A generated policy", "domain: form", "initial: s0", "states:"]
        for index in 0..<count {
            let jump = far ? (index * 7 + 3) % count : max(0, index - 3)
            let done = far ? (index * 13 + 5) % count : min(count - 1, index + 2)
            lines += [
                "  s\(index):", "    see: { sheet: none, dismissed: false }", "    on:", "      edit: s\((index + 1) % count)",
                "      swipe down: s\(jump)", "      tap Done: s\(done)",
            ]
        }
        let (loaded, problems) = PolicyLoader().load(Array(lines.joined(separator: "\n").utf8), file: "large.yaml")
        return try #require(loaded, "\(problems.map(\.message))")
    }

    static func svg(_ policy: Policy, table: Bool) -> String {
        StateDiagramSVG(policy: policy, taken: [:], departedIn: nil, id: "d", table: table).render()
    }

    @Test("a policy past 400 states shows why, and in its own section its table (1,000 rows, then a count)")
    func tooManyStates() throws {
        let policy = try Self.policy(450, far: false)
        let section = Self.svg(policy, table: true)
        #expect(!section.contains("<svg"))
        #expect(
            section.hasPrefix(
                "<p class=\"diagram-omitted\">The diagram of large-450 is left out: the policy has 450 states; diagrams are drawn for at most 400. <code>conform explain large-450</code> lists every state and action.</p>\n"
            ))
        #expect(section.components(separatedBy: "<tr><td>").count - 1 == 1_000)
        #expect(section.contains("<p class=\"diagram-omitted\">350 more rows are not shown.</p>"))
        #expect(!Self.svg(policy, table: false).contains("<table"), "a trace's section only says why")
    }

    @Test("a policy whose edges cross many ranks is measured before it is laid out, and left out past 60,000 items")
    func tooManyItems() throws {
        let text = Self.svg(try Self.policy(300, far: true), table: false)
        #expect(text.contains("is left out: its layout would take"))
        #expect(text.contains("diagrams are drawn up to 60000"))
    }

    @Test("a few hundred states with near edges are drawn in the policy's section; a trace's section draws up to 2,000 items")
    func drawn() throws {
        let policy = try Self.policy(300, far: false)
        let text = Self.svg(policy, table: true)
        #expect(text.hasPrefix("<svg class=\"diagram\""))
        #expect(text.components(separatedBy: "<g class=\"state").count - 1 == 300)
        #expect(
            Self.svg(policy, table: false).contains(
                "is left out: its layout takes 3579 items, more than the 2000 a trace&#39;s diagram may have; the policy&#39;s own section draws it."
            ))
        #expect(Self.svg(try Self.policy(100, far: false), table: false).hasPrefix("<svg class=\"diagram\""))
    }

    @Test("generation stops at its search budget and says so; the built-in policies never reach it")
    func generationBudget() throws {
        var generator = SuiteGenerator(policy: try Self.policy(450, far: true))
        generator.searchBudget = 2_000
        let suite = generator.generate()
        #expect(suite.searchStoppedAfter == 2_000)
        #expect(!suite.unreached.isEmpty)
        let output = GeneratedSuiteOutput(suite: suite, policy: generator.policy)
        #expect(
            output.unreachedText().hasPrefix(
                "\nNot planned: the search stopped after trying 2000 actions (its limit, Docs/Limits.md), before reaching:\n"))
    }

    @Test("layers are longest distances once back edges and edges into the start are turned over")
    func layering() {
        typealias Edge = StateDiagramLayout.Edge
        func edge(_ from: Int, _ to: Int) -> Edge { Edge(from: from, to: to, strokes: 1, lines: []) }
        // 0 → 1 → 2 → 0 (a cycle), 0 → 2, and 3 (not reachable from 0) → 0 and 3 → 1.
        let edges = [edge(0, 1), edge(1, 2), edge(2, 0), edge(0, 2), edge(3, 0), edge(3, 1)]
        let (layers, reversed) = LayeredGraph.layers(count: 4, initial: 0, edges: edges)
        #expect(reversed == [false, false, true, false, true, false])
        #expect(layers == [0, 2, 3, 1])
    }
}
