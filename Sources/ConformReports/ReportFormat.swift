import ConformCore
import ConformKit

/// The report files conform writes, and their names in the output folder.
public enum ReportFormat: String, CaseIterable, Sendable {
    case md
    case html
    case junit
    case json
    case sarif

    /// The file each format is written to.
    public var fileName: String {
        switch self {
        case .md: return "conform-report.md"
        case .html: return "conform-report.html"
        case .junit: return "conform-junit.xml"
        case .json: return "conform-report.json"
        case .sarif: return "conform.sarif"
        }
    }

    /// The renderer for this format: the one registry of formats.
    public func renderer(templates: ReportTemplates) -> ReportRenderer {
        switch self {
        case .md: return MarkdownReport(templates: templates)
        case .html: return HTMLReport(templates: templates)
        case .junit: return JUnitReport()
        case .json: return JSONReport()
        case .sarif: return SARIFReport()
        }
    }
}

/// Turns a run into the bytes of one report file. Renderers never touch the file system.
public protocol ReportRenderer: Sendable {
    func render(_ input: ReportInput) throws -> String
}

/// What every report is made from.
public struct ReportInput: Sendable {
    public var result: RunResult
    public var library: PolicyLibrary
    /// When the report was made, only when asked for (`SOURCE_DATE_EPOCH`): reports are otherwise the
    /// same bytes for the same input.
    public var generatedAt: String?
    public var version: String
    /// The folder the report files go to (`--output`), as given: Markdown links to evidence files from
    /// there. `nil` when unknown; links are then relative to the trace file, and say so.
    public var reportDirectory: String?
    /// The absolute folder relative paths start from, for a link between an absolute and a relative path.
    public var workingDirectory: String?

    public init(
        result: RunResult, library: PolicyLibrary, generatedAt: String? = nil, version: String, reportDirectory: String? = nil,
        workingDirectory: String? = nil
    ) {
        self.result = result
        self.library = library
        self.generatedAt = generatedAt
        self.version = version
        self.reportDirectory = reportDirectory
        self.workingDirectory = workingDirectory
    }
}
