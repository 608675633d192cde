import ConformCore

/// GitHub-flavoured Markdown from `report.md.mustache`: summary, matrix by app, broken claims in
/// `<details>`, a Mermaid diagram per claimed policy. Kept within GitHub's comment limit
/// (65,536 characters, which also fits the 1 MiB step summary): past it, fewer traces are listed,
/// and the report says so.
struct MarkdownReport: ReportRenderer {
    static let characterLimit = 65_536

    let templates: ReportTemplates

    func render(_ input: ReportInput) throws -> String {
        var last = ""
        // A trace takes a matrix row of some 40 characters at least: start where the report can fit.
        let fits = input.result.traces.count * 40 <= Self.characterLimit
        for limit in ([nil, 400, 100, 25, 5, 0] as [Int?]).drop(while: { !fits && $0 == nil }) {
            let model = ReportModel(input: input, detailLimit: limit, rowLimit: limit.map { $0 * 4 })
            last = templates.markdown.render(model.context(diagrams: false))
            if last.count <= Self.characterLimit { return last }
        }
        let note = "\n\n> **Cut:** this report was cut at \(Self.characterLimit) characters; see the JSON report for every result.\n"
        return String(last.prefix(Self.characterLimit - note.count)) + note
    }
}
