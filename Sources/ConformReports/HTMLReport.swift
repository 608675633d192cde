import ConformCore

/// One self-contained HTML page from `report.html.mustache`: no network, no external asset (its
/// Content-Security-Policy forbids them), readable without JavaScript, light and dark. It opens with
/// what needs attention (broken claims, then the failing traces in full); the matrix of every trace
/// follows, folded away when large, streamed to disk while the run goes.
struct HTMLReport: RunRenderer {
    let context: RunContext
    let templates: ReportTemplates?
    private let digest: SharedDigest
    var stepDemand: StepDemand { digest.stepDemand }
    private let rows = Spool()
    /// The page's own count of which traces it shows in full, the same rule as the digest's.
    private var retention = Retention()

    init(context: RunContext, templates: ReportTemplates?, digest: SharedDigest) {
        self.context = context
        self.templates = templates
        self.digest = digest
    }

    /// The key of a trace's matrix cells in `FileOutcome.prepared`.
    static let preparedKey = "html-cells"

    var preparer: (@Sendable (inout FileOutcome) -> Void)? {
        let policyIDs = context.policyIDs
        return { outcome in
            guard let summary = outcome.summary else { return }
            outcome.prepared[Self.preparedKey] = HTMLMatrix.cells(summary, results: outcome.results, policyIDs: policyIDs)
        }
    }

    mutating func add(_ outcome: FileOutcome) -> String {
        digest.add(outcome)
        guard let summary = outcome.summary else { return "" }
        let linked = retention.decide(outcome) == .details
        let cells = outcome.prepared[Self.preparedKey] ?? HTMLMatrix.cells(summary, results: outcome.results, policyIDs: context.policyIDs)
        rows.append(HTMLMatrix.head(summary, linked: linked) + cells)
        return ""
    }

    mutating func finish(_ ending: RunEnding) throws -> String {
        try finishInParts(ending).joined()
    }

    /// Broken claims listed in the page's first table at most (all are in the JSON and SARIF reports).
    static let failureLimit = 1_000

    mutating func finishInParts(_ ending: RunEnding) throws -> [OutputPart] {
        let templates = try templates ?? .builtIn()
        var model = ReportModel(
            facts: digest.facts(ending: ending), context: context, detailLimit: nil, rowLimit: nil, failureLimit: Self.failureLimit)
        model.builtInTemplate = templates.htmlIsBuiltIn
        let page = templates.html.render(model.context(diagrams: true))
        return HTMLMatrix.splice(page, rows: rows)
    }
}
