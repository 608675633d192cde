import ConformCore

/// Every output of a run, whether it goes to standard output (`text`, `json`, `github`) or to a report
/// file (`md`, `html`, `junit`, `json`, `sarif`): the one registry. A new format is a case here and a
/// `RunRenderer` (or, for a format rendered from the whole run, a `ReportRenderer`).
public enum ReportFormat: String, CaseIterable, Sendable {
    case md
    case html
    case junit
    case json
    case sarif
    /// The terminal report (`conform run`'s standard output).
    case text
    /// GitHub Actions workflow commands: an annotation per broken claim, problem and warning.
    case github

    /// The formats `--report` writes as files, in a stable order.
    public static let files: [ReportFormat] = [.md, .html, .junit, .json, .sarif]

    /// The file each report format is written to; `nil` for the formats that only print.
    public var fileName: String? {
        switch self {
        case .md: return "conform-report.md"
        case .html: return "conform-report.html"
        case .junit: return "conform-junit.xml"
        case .json: return "conform-report.json"
        case .sarif: return "conform.sarif"
        case .text, .github: return nil
        }
    }

    /// Whether the format shows trace steps and the paths the model took (the runner keeps them only then).
    public var needsSteps: Bool {
        switch self {
        case .text, .json: return false
        case .md, .html, .junit, .sarif, .github: return true
        }
    }

    /// The renderer that makes this output from a run, one file's outcome at a time.
    /// - Parameter templates: for Markdown and HTML (`nil`: the built-in ones).
    public func renderer(context: RunContext, templates: ReportTemplates? = nil, terminal: Terminal = Terminal(colours: false))
        -> any RunRenderer
    {
        switch self {
        case .text: return TerminalReport(context: context, terminal: terminal)
        case .json: return JSONDocument(context: context)
        case .github: return GitHubOutput(context: context)
        case .md, .html, .junit, .sarif: return WholeRunReport(context: context, format: self, templates: templates)
        }
    }

    /// How the formats that need the whole run at once render it.
    func wholeRunRenderer(templates: ReportTemplates?) throws -> ReportRenderer {
        switch self {
        case .md: return MarkdownReport(templates: try templates ?? .builtIn())
        case .html: return HTMLReport(templates: try templates ?? .builtIn())
        case .junit: return JUnitReport()
        case .sarif: return SARIFReport()
        case .json, .text, .github: return JSONReport()
        }
    }

    /// Renders a whole run at once (tests, and tools that hold a `RunResult`).
    public func render(_ input: ReportInput, templates: ReportTemplates? = nil) throws -> String {
        switch self {
        case .text, .github:
            var renderer = self.renderer(context: input.context, templates: templates, terminal: Terminal(colours: false))
            return renderer.begin() + input.result.outcomes.map { renderer.add($0) }.joined()
                + (try renderer.finish(RunEnding(coverage: input.result.coverage, baseline: input.result.baseline)))
        default:
            return try wholeRunRenderer(templates: templates).render(input)
        }
    }
}

/// Turns a whole run into the bytes of one report file. Renderers never touch the file system.
public protocol ReportRenderer: Sendable {
    func render(_ input: ReportInput) throws -> String
}

/// What a whole-run report is made from.
public struct ReportInput: Sendable {
    public var result: RunResult
    public var context: RunContext
    /// Line lengths for regions that run to the end of a line (SARIF).
    public var lineLengths: LineLengths

    /// - Parameter lineLengths: `nil`: those the run measured (`result.lineLengths`).
    public init(result: RunResult, context: RunContext, lineLengths: LineLengths? = nil) {
        self.result = result
        self.context = context
        self.lineLengths = lineLengths ?? result.lineLengths
    }

    public var policies: [Policy] { context.policies }
    public var version: String { context.version }
    public var generatedAt: String? {
        get { context.generatedAt }
        set { context.generatedAt = newValue }
    }
    public var reportDirectory: String? {
        get { context.reportDirectory }
        set { context.reportDirectory = newValue }
    }
    public var workingDirectory: String? {
        get { context.workingDirectory }
        set { context.workingDirectory = newValue }
    }
}

/// The run as the whole-run reports need it, gathered once however many of them are written.
final class CollectedRun {
    var result: RunResult

    init(context: RunContext) {
        result = RunResult(results: [], errors: [], traceCount: 0, policyIDs: context.policyIDs, traces: [])
    }
}

/// A report that needs the whole run (Markdown, HTML, JUnit, SARIF): it gathers the outcomes and
/// renders them when the run is done. Reports made by `ReportFormat.renderers(for:…)` share one
/// gathering; the first of them feeds it.
struct WholeRunReport: RunRenderer {
    let context: RunContext
    let format: ReportFormat
    let templates: ReportTemplates?
    private let collected: CollectedRun
    private let feeds: Bool

    init(context: RunContext, format: ReportFormat, templates: ReportTemplates?, sharing collected: CollectedRun? = nil) {
        self.context = context
        self.format = format
        self.templates = templates
        self.collected = collected ?? CollectedRun(context: context)
        feeds = collected == nil
    }

    /// The one that gathers for the others.
    func sharing() -> CollectedRun? { feeds ? collected : nil }

    mutating func add(_ outcome: FileOutcome) -> String {
        if feeds { collected.result.add(outcome) }
        return ""
    }

    mutating func finish(_ ending: RunEnding) throws -> String {
        var result = collected.result
        result.errors = ending.leadingErrors + result.errors
        result.coverage = ending.coverage
        result.baseline = ending.baseline
        var lengths = result.lineLengths
        lengths.merge(ending.lineLengths)
        return try format.wholeRunRenderer(templates: templates).render(ReportInput(result: result, context: context, lineLengths: lengths))
    }
}

extension ReportFormat {
    /// Renderers for several formats at once; those that need the whole run share one copy of it.
    public static func renderers(for formats: [ReportFormat], context: RunContext, templates: ReportTemplates?) -> [any RunRenderer] {
        var shared: CollectedRun?
        return formats.map { format in
            switch format {
            case .md, .html, .junit, .sarif:
                let report = WholeRunReport(context: context, format: format, templates: templates, sharing: shared)
                shared = shared ?? report.sharing()
                return report
            default:
                return format.renderer(context: context, templates: templates)
            }
        }
    }
}
