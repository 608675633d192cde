import ConformCore

/// One self-contained HTML page from `report.html.mustache`: no network, no external asset (its
/// Content-Security-Policy forbids them), readable without JavaScript, light and dark.
struct HTMLReport: ReportRenderer {
    /// Traces that get a step table and diagrams; beyond this the page says how many were left out.
    static let detailLimit = 500

    let templates: ReportTemplates

    func render(_ input: ReportInput) throws -> String {
        let limit = input.result.traces.count > Self.detailLimit ? Self.detailLimit : nil
        let model = ReportModel(input: input, detailLimit: limit, rowLimit: nil)
        return templates.html.render(model.context(diagrams: true))
    }
}
