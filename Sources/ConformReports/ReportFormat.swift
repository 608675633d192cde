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
        renderer(context: context, templates: templates, terminal: terminal, digest: SharedDigest(context: context))
    }

    func renderer(context: RunContext, templates: ReportTemplates?, terminal: Terminal, digest: SharedDigest) -> any RunRenderer {
        switch self {
        case .text: return TerminalReport(context: context, terminal: terminal)
        case .json: return JSONDocument(context: context)
        case .github: return GitHubOutput(context: context)
        case .md: return MarkdownReport(context: context, templates: templates, digest: digest)
        case .html: return HTMLReport(context: context, templates: templates, digest: digest)
        case .junit: return JUnitReport(context: context)
        case .sarif: return SARIFReport(context: context, digest: digest)
        }
    }

    /// Renders a whole run at once (tests, and tools that hold a `RunResult`), through the same
    /// renderer a run feeds file by file.
    public func render(_ input: ReportInput, templates: ReportTemplates? = nil) throws -> String {
        var renderer = self.renderer(context: input.context, templates: templates, terminal: Terminal(colours: false))
        var text = renderer.begin()
        for outcome in input.result.outcomes { text += renderer.add(outcome) }
        let ending = RunEnding(coverage: input.result.coverage, lineLengths: input.lineLengths, baseline: input.result.baseline)
        return text + (try renderer.finishInParts(ending).joined())
    }
}

/// What a whole run is rendered from at once.
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

extension ReportFormat {
    /// Renderers for several formats at once; the reports that keep a digest of the run (Markdown,
    /// HTML, SARIF) share one.
    public static func renderers(for formats: [ReportFormat], context: RunContext, templates: ReportTemplates?) -> [any RunRenderer] {
        var digest: SharedDigest?
        return formats.map { format in
            // Only a report that reads the digest may be the one that feeds it (JSON or JUnit never would).
            guard [.md, .html, .sarif].contains(format) else {
                return format.renderer(context: context, templates: templates, terminal: Terminal(colours: false))
            }
            let mine = digest?.shared() ?? SharedDigest(context: context)
            digest = digest ?? mine
            return format.renderer(context: context, templates: templates, terminal: Terminal(colours: false), digest: mine)
        }
    }
}
