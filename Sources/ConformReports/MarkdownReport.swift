import ConformCore

/// GitHub-flavoured Markdown from `report.md.mustache`: summary, matrix by app, broken claims in
/// `<details>`, a Mermaid diagram per claimed policy. Kept within GitHub's comment limit
/// (65,536 characters, which also fits the 1 MiB step summary): past it, fewer traces are listed,
/// and the report says so, pointing to the JSON report.
struct MarkdownReport: RunRenderer {
    static let characterLimit = 65_536

    let context: RunContext
    let templates: ReportTemplates?
    private let digest: SharedDigest
    var stepDemand: StepDemand { digest.stepDemand }

    init(context: RunContext, templates: ReportTemplates?, digest: SharedDigest) {
        self.context = context
        self.templates = templates
        self.digest = digest
    }

    mutating func add(_ outcome: FileOutcome) -> String {
        digest.add(outcome)
        return ""
    }

    mutating func finish(_ ending: RunEnding) throws -> String {
        let facts = digest.facts(ending: ending)
        let templates = try templates ?? .builtIn()
        var last = ""
        // A trace takes a matrix row of some 40 characters at least: start where the report can fit.
        let fits = facts.tally.traces * 40 <= Self.characterLimit
        let index = ReportIndex(facts)
        for limit in ([nil, 400, 100, 25, 5, 0] as [Int?]).drop(while: { !fits && $0 == nil }) {
            // The built-in template writes every shown broken claim's step rows: when they alone are too
            // many, this size is not rendered (the last, 0, always is).
            if templates.markdownIsBuiltIn, limit != 0, Self.brokenClaimCharactersAtLeast(facts, limit: limit) > Self.characterLimit {
                continue
            }
            var model = ReportModel(facts: facts, context: context, index: index, detailLimit: limit, rowLimit: limit.map { $0 * 4 })
            model.builtInTemplate = templates.markdownIsBuiltIn
            last = try templates.renderMarkdown(model.context(diagrams: false))
            if last.count <= Self.characterLimit { return last }
        }
        let note = "\n\n> **Cut:** this report was cut at \(Self.characterLimit) characters; see the JSON report for every result.\n"
        return String(last.prefix(Self.characterLimit - note.count)) + note
    }

    /// At least how many characters the built-in template's broken claims take at `limit`: their step
    /// rows, and when those fit, the text of their departures too.
    static func brokenClaimCharactersAtLeast(_ facts: RunFacts, limit: Int?) -> Int {
        let rows = stepRowCharactersAtLeast(facts, limit: limit)
        guard rows <= characterLimit else { return rows }
        return rows + departureTextCharactersAtLeast(facts, limit: limit)
    }

    /// At least how many characters the built-in template's `headline` and `differences` of the
    /// broken claims shown at `limit` take. Only text that is all ASCII is counted, each printable byte
    /// one character: escaping only adds to it, and an ASCII character between ASCII neighbours (the
    /// template's, around each of these) is a character of its own; other text may merge with its
    /// neighbours (a combining mark), so it counts for nothing here.
    static func departureTextCharactersAtLeast(_ facts: RunFacts, limit: Int?) -> Int {
        let shown = limit.map { facts.brokenClaims.prefix($0 * 2) } ?? facts.brokenClaims[...]
        var characters = 0
        for pair in shown {
            guard case .fail(let departure) = pair.verdict else { continue }
            let difference = departure.difference
            for text in [difference.headline] + difference.differences.map(\.sentence) {
                characters += printableASCIICount(text)
            }
        }
        return characters
    }

    /// The printable bytes of `text` when all of it is ASCII, else 0.
    static func printableASCIICount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 { return 0 }
            if byte >= 0x20 && byte != 0x7F { count += 1 }
        }
        return count
    }

    /// At least how many characters the built-in template's step rows of broken claims take at `limit`
    /// (as `ReportModel` shows them: the first `2 × limit` broken claims, each departure's steps up to
    /// the one after it, where the trace's steps were kept). A row, `| 12 | 34 | text |` and its line
    /// break, takes 13 characters at least; 12 are counted (its text may begin with a combining mark).
    static func stepRowCharactersAtLeast(_ facts: RunFacts, limit: Int?) -> Int {
        var kept: [String: Int] = [:]
        for trace in facts.kept.traces where kept[trace.file] == nil { kept[trace.file] = trace.steps.count }
        let shown = limit.map { facts.brokenClaims.prefix($0 * 2) } ?? facts.brokenClaims[...]
        var rows = 0
        for pair in shown {
            guard case .fail(let departure) = pair.verdict else { continue }
            rows += min(kept[pair.file] ?? 0, max(0, departure.step + 2))
        }
        return rows * 12
    }
}
