import ConformCore

/// One self-contained HTML page from `report.html.mustache`: no network, no external asset (its
/// Content-Security-Policy forbids them), readable without JavaScript, light and dark. It opens with
/// what needs attention (broken claims, then the failing traces in full); the matrix of every trace
/// follows, a table per domain the traces speak, folded away when large, streamed to disk while the run goes.
struct HTMLReport: RunRenderer {
    let context: RunContext
    let templates: ReportTemplates?
    private let digest: SharedDigest
    var stepDemand: StepDemand { digest.stepDemand }
    private let tables: MatrixTables
    /// The page's own count of which traces it shows in full, the same rule as the digest's.
    private var retention = Retention()

    init(context: RunContext, templates: ReportTemplates?, digest: SharedDigest) {
        self.context = context
        self.templates = templates
        self.digest = digest
        self.tables = MatrixTables(policies: context.policies.map { ($0.id, $0.domain) })
    }

    /// The key of a trace's matrix cells in `FileOutcome.prepared`.
    static let preparedKey = "html-cells"

    var preparer: (@Sendable (inout FileOutcome) -> Void)? {
        let policyIDs = context.policyIDs
        let domains = tables.domains
        let domainOf = tables.domainOf
        return { outcome in
            guard let summary = outcome.summary else { return }
            let domain = HTMLMatrix.domain(of: outcome.results, domains: domainOf)
            outcome.prepared[HTMLMatrix.domainKey] = domain
            outcome.prepared[Self.preparedKey] = HTMLMatrix.cells(
                summary, results: outcome.results, policyIDs: policyIDs, domains: domains, domain: domain)
        }
    }

    mutating func add(_ outcome: FileOutcome) -> String {
        digest.add(outcome)
        guard let summary = outcome.summary else { return "" }
        let linked = retention.decide(outcome) == .details
        let domain = outcome.prepared[HTMLMatrix.domainKey] ?? HTMLMatrix.domain(of: outcome.results, domains: tables.domainOf)
        let cells =
            outcome.prepared[Self.preparedKey]
            ?? HTMLMatrix.cells(summary, results: outcome.results, policyIDs: context.policyIDs, domains: tables.domains, domain: domain)
        tables.append(HTMLMatrix.head(summary, linked: linked) + cells, domain: domain)
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
        let shown = tables.tables
        model.matrixTables = shown.map { (domain: $0.domain, count: $0.count) }
        let page = try templates.renderHTML(model.context(diagrams: true))
        return HTMLMatrix.splice(page, tables: shown.map(\.rows))
    }
}
