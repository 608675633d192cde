import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

/// What the HTML page's first screen says, read from its text (the browser test checks where it lies).
@Suite("Reports: the HTML page's first screen")
struct HTMLFirstScreenTests {
    /// The example corpus, without coverage (working that out takes seconds).
    static let corpus: ReportInput = {
        let library = PolicyLibrary.builtIn()
        let result = ConformRunner(library: library).run(.init(paths: [packageRoot.appendingPathComponent("Traces").path], keepSteps: true))
        return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test"))
    }()

    @Test("per app, the summary says what the terminal's Per app lines say: the same claims, agreements and counts")
    func summaryIsTheTerminals() throws {
        let html = try render(.html, Self.corpus)
        let terminal = try render(.text, Self.corpus)
        let rows = Self.summaryRows(html)
        let apps = Self.terminalApps(terminal)
        #expect(apps.count == 14, "the example corpus's apps")
        #expect(rows.map(\.app) == apps.map(\.app), "every app, in the terminal's order (none has a broken claim)")
        for (row, app) in zip(rows, apps) {
            #expect(row.claims == (app.claims ?? "no claim"), "\(app.app)")
            // More than two differing policies are counted, to keep the row on one line, and named in
            // the count's <details> (no tooltip: a phone has none).
            var unclaimed = app.unclaimed ?? "—"
            if let range = unclaimed.range(of: "differ ") {
                let listed = unclaimed[range.upperBound...]
                let names = listed.split(separator: ",")
                if names.count > ReportModel.differNamed {
                    unclaimed = unclaimed[..<range.upperBound] + "\(names.count) others: " + listed
                }
            }
            #expect(row.unclaimed == unclaimed, "\(app.app)")
        }
    }

    @Test("a trace with no policy: line is listed as claiming none, not among the traces whose claims hold")
    func unclaimedTrace() throws {
        let html = try render(.html, Self.corpus)
        let holding = try #require(Self.section("traces", of: html))
        let unclaimed = try #require(Self.section("unclaimed", of: html))
        #expect(!holding.contains("disclosure-no-refresh-stale"))
        #expect(unclaimed.contains("<h2>Traces that claim no policy</h2>"))
        #expect(unclaimed.contains("– disclosure-no-refresh-stale: "))
        #expect(unclaimed.contains(" · claims no policy</p>"))
        // The group's note is said once, above it; a step without a note of its own shows none.
        #expect(unclaimed.components(separatedBy: ReportModel.unclaimedNote).count == 2)
        #expect(!unclaimed.contains("<span class=\"note\">These traces have no policy line"))
        #expect(html.contains("<a href=\"#unclaimed\">Unclaimed traces</a>"))
        #expect(html.contains("<td data-label=\"claims\"><span class=\"none\">no claim</span></td>"))
    }

    @Test("a run whose traces claim nothing does not say that every claim holds")
    func noClaims() throws {
        let library = PolicyLibrary.builtIn()
        let result = ConformRunner(library: library).run(
            .init(paths: [packageRoot.appendingPathComponent("Traces/DisclosureNoRefresh").path], keepSteps: true))
        let html = try render(.html, ReportInput(result: result, context: RunContext(policies: library.policies, version: "0")))
        #expect(html.contains("<span class=\"status pass none\">no trace claims a policy</span>"))
        #expect(!html.contains("every claim holds"))
    }

    // MARK: - Reading the page and the terminal

    /// The per-app table's rows as text: the app's name, its claims cell and its unclaimed cell.
    static func summaryRows(_ html: String) -> [(app: String, claims: String, unclaimed: String)] {
        guard let table = section("apps", of: html) else { return [] }
        return table.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().map { row in
            let cells = row.components(separatedBy: "<td data-label=")
            let name = cells[0].components(separatedBy: " <span class=\"count\">")[0]
            return (text(name), text(cells.count > 1 ? "<" + cells[1] : ""), text(cells.count > 2 ? "<" + cells[2] : ""))
        }
    }

    /// The terminal's Per app block: each app's name, and its `claims:` and `unclaimed:` lines' text.
    static func terminalApps(_ terminal: String) -> [(app: String, claims: String?, unclaimed: String?)] {
        var apps: [(app: String, claims: String?, unclaimed: String?)] = []
        // The block ends at the empty line before the coverage or the summary line.
        let lines = terminal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Per app:") }) else { return [] }
        for line in lines[(start + 1)...] {
            if line.hasPrefix("  claims:") {
                apps[apps.count - 1].claims = line.dropFirst("  claims:".count).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("  unclaimed:") {
                apps[apps.count - 1].unclaimed = line.dropFirst("  unclaimed:".count).trimmingCharacters(in: .whitespaces)
            } else if !line.isEmpty, let open = line.range(of: " (", options: .backwards) {
                apps.append((String(line[..<open.lowerBound]), nil, nil))
            } else {
                break
            }
        }
        return apps
    }

    /// The `<section id="ID">` of the page, up to the next section.
    static func section(_ id: String, of html: String) -> String? {
        guard let start = html.range(of: "<section id=\"\(id)\">") else { return nil }
        let rest = html[start.upperBound...]
        return String(rest[..<(rest.range(of: "<section id=")?.lowerBound ?? rest.endIndex)])
    }

    /// The text of an HTML fragment: tags dropped (the corpus's names need no entity decoded).
    static func text(_ fragment: String) -> String {
        var out = ""
        var inTag = false
        for character in fragment {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { out.append(character) }
        }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
