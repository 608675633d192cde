import ArgumentParser
import ConformCore
import ConformKit
import ConformReports
import Foundation

/// `--report`, `--output`, `--templates`, `--github`: the report files and CI output of `conform run`.
struct ReportOptions: ParsableArguments {
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp(
            "Report files to write, comma-separated (repeatable): md, html, junit, json, sarif, or all; default: the configuration's `reports:`.",
            valueName: "FORMATS"),
        completion: .reportFormats)
    var reports: [String] = []

    @Option(
        name: .customLong("output"),
        help: ArgumentHelp(
            "Folder for the report files (created if needed; only the report files are written); default: the configuration's `output:`, else conform-report.",
            valueName: "DIR"),
        completion: .directory)
    var outputOption: String?

    /// The folder the report files go to.
    var output: String { outputOption ?? "conform-report" }

    @Option(
        help: ArgumentHelp(
            "Folder with report.md.mustache and/or report.html.mustache to use instead of the built-in templates.", valueName: "DIR"),
        completion: .directory)
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "Record when the run was made in its JSON document (`recordedAt`): now, or a time such as 2026-11-26T10:00:00Z "
                + "(RFC 3339: a day that exists, Z or an offset within ±14:00, years 0001-9999; written in UTC). "
                + "Without it the document carries no time.",
            valueName: "now|TIME"))
    var recordedAt: String?

    @Flag(help: "GitHub Actions: annotate each broken claim, and append the Markdown summary to $GITHUB_STEP_SUMMARY.")
    var github = false

    @Flag(help: "Print each broken claim's whole expected and observed values under the parts that differ.")
    var verbose = false

    /// The report files asked for, in a stable order.
    func formats() throws -> [ReportFormat] {
        var formats = Set<ReportFormat>()
        for word in reports.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            if word == "all" {
                formats.formUnion(ReportFormat.files)
            } else if let format = ReportFormat(rawValue: word), format.fileName != nil {
                formats.insert(format)
            } else {
                throw ValidationError("unknown report format '\(word)'; use md, html, junit, json, sarif or all.")
            }
        }
        return ReportFormat.files.filter(formats.contains)
    }

    var needsSteps: Bool { !reports.isEmpty || github }

    func validateFormats() throws {
        _ = try formats()
        _ = try recordedTime()
        _ = try Self.sourceDate()
    }

    /// `--recorded-at` as ISO 8601 UTC to the second (`now`: this moment), or `nil` when not given.
    func recordedTime(now: Date = Date()) throws -> String? {
        guard let recordedAt else { return nil }
        switch RecordedTime.parse(recordedAt, now: now) {
        case .success(let moment): return moment.description
        case .failure(let refusal): throw RecordedTime.refusal(recordedAt, refusal)
        }
    }

    /// These options with the configuration's `reports:` and `output:` where the command line gives none.
    func applying(_ config: ProjectConfig?) -> ReportOptions {
        guard let config else { return self }
        var options = self
        if options.reports.isEmpty, let reports = config.reports { options.reports = reports }
        if options.outputOption == nil { options.outputOption = config.output }
        return options
    }

    /// What every output knows of the run.
    /// - Parameter paths: the paths the run was given, as given, which its JSON document records.
    func context(library: PolicyLibrary, version: String, paths: [String]?) -> RunContext {
        var context = RunContext(
            policies: library.policies, version: version, generatedAt: (try? Self.sourceDate()) ?? nil, reportDirectory: output,
            workingDirectory: FileManager.default.currentDirectoryPath, recordedAt: (try? recordedTime()) ?? nil,
            policyDigests: Dictionary(library.digests.map { ($0.id, $0.digest) }) { first, _ in first }, paths: paths)
        context.verbose = verbose
        return context
    }

    /// Every output of the run, each with its destination: standard output in `format`, then the report
    /// files, then GitHub's annotations and step summary. Problems found on the way (templates that do
    /// not load) come back beside them; the run still goes to standard output.
    /// - Parameter shard: for a shard (`--shard`), what its JSON outputs record for `conform merge`.
    /// - Parameter rules: how the report files are written (`--follow-links`).
    func outputs(standardOutput format: OutputFormat, context: RunContext, shard: ShardRecord? = nil, rules: AtomicFile.Rules = .init())
        -> (RunOutputs, [Diagnostic])
    {
        let printed: ReportFormat = format == .json ? .json : .text
        let standardOutput: any RunRenderer =
            if let shard, printed == .json {
                ShardDocument(context: context, record: shard)
            } else {
                printed.renderer(context: context, terminal: Terminal(fileDescriptor: STDOUT_FILENO))
            }
        var outputs: [(renderer: any RunRenderer, destination: RunOutputs.Destination)] = [(standardOutput, .standardOutput)]
        let files = (try? formats()) ?? []
        guard !files.isEmpty || github else { return (RunOutputs(outputs, rules: rules), []) }
        // GitHub's step summary is the Markdown report once more.
        var summary = ProcessEnvironment.value("GITHUB_STEP_SUMMARY").flatMap { $0.isEmpty ? nil : $0 }
        if github, summary == nil { printError("conform: GITHUB_STEP_SUMMARY is not set, so no step summary was written") }
        if !github { summary = nil }
        // Only the templates of what is written are read.
        let templates: ReportTemplates
        do {
            templates = try ReportTemplates(
                overrides: self.templates, markdown: files.contains(.md) || summary != nil, html: files.contains(.html))
        } catch let diagnostic as Diagnostic {
            return (RunOutputs(outputs, rules: rules), [diagnostic])
        } catch {
            return (
                RunOutputs(outputs, rules: rules),
                [Diagnostic(.error, "\(error)", at: SourceLocation(file: self.templates ?? "", position: nil))]
            )
        }
        // Paths as the user gave --output, so that what the run says it wrote reads as they typed it.
        var destinations = files.map { RunOutputs.Destination.file((output as NSString).appendingPathComponent($0.fileName ?? "")) }
        var formats = files
        if github {
            // Annotations go where the data does not: standard error when standard output carries JSON.
            formats.append(.github)
            destinations.append(format == .json ? .standardError : .standardOutput)
        }
        if let summary {
            formats.append(.md)
            destinations.append(.appending(summary))
        }
        // One renderer each; those that need the whole run share one copy of it.
        var renderers = ReportFormat.renderers(for: formats, context: context, templates: templates)
        if let shard, let json = formats.firstIndex(of: .json) { renderers[json] = ShardDocument(context: context, record: shard) }
        outputs += zip(renderers, destinations).map { (renderer: $0, destination: $1) }
        return (RunOutputs(outputs, rules: rules), [])
    }

    /// `SOURCE_DATE_EPOCH` as an ISO 8601 UTC time: reports carry a time only when it is asked for.
    /// - Throws: a usage error when it is set to anything but a whole number of seconds within years 1 to 9999.
    static func sourceDate() throws -> String? {
        try RecordedTime.sourceDateEpoch()?.description
    }
}
