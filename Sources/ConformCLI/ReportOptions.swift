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
            "Report files to write, comma-separated (repeatable): md, html, junit, json, sarif, or all.",
            valueName: "FORMATS"))
    var reports: [String] = []

    @Option(help: ArgumentHelp("Folder for the report files (created if needed; only the report files are written).", valueName: "DIR"))
    var output = "conform-report"

    @Option(help: ArgumentHelp("Folder with report.md.mustache and/or report.html.mustache to use instead of the built-in templates.", valueName: "DIR"))
    var templates: String?

    @Flag(help: "GitHub Actions: annotate each broken claim, and append the Markdown summary to $GITHUB_STEP_SUMMARY.")
    var github = false

    /// The formats asked for, in a stable order.
    func formats() throws -> [ReportFormat] {
        var formats = Set<ReportFormat>()
        for word in reports.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            if word == "all" {
                formats.formUnion(ReportFormat.allCases)
            } else if let format = ReportFormat(rawValue: word) {
                formats.insert(format)
            } else {
                throw ValidationError("unknown report format '\(word)'; use md, html, junit, json, sarif or all.")
            }
        }
        return ReportFormat.allCases.filter(formats.contains)
    }

    var needsSteps: Bool { !reports.isEmpty || github }

    /// Writes the report files and the GitHub output; problems come back as diagnostics.
    func emit(_ result: RunResult, library: PolicyLibrary, version: String, annotationsToStandardError: Bool) throws -> [Diagnostic] {
        let formats = try formats()
        guard !formats.isEmpty || github else { return [] }
        // The working directory only joins an absolute and a relative path in a link; it is never printed.
        let input = ReportInput(
            result: result, library: library, generatedAt: Self.sourceDate(), version: version, reportDirectory: output,
            workingDirectory: FileManager.default.currentDirectoryPath)
        var diagnostics: [Diagnostic] = []
        let loaded: ReportTemplates
        do {
            loaded = try ReportTemplates(overrides: templates)
        } catch let diagnostic as Diagnostic {
            return [diagnostic]
        }
        for format in formats {
            do {
                let text = try format.renderer(templates: loaded).render(input)
                try ReportWriter.write(text, named: format.fileName, in: output)
            } catch let diagnostic as Diagnostic {
                diagnostics.append(diagnostic)
            }
        }
        if github {
            let lines = GitHubOutput.annotations(result).joined(separator: "\n")
            if !lines.isEmpty {
                if annotationsToStandardError { printError(lines) } else { print(lines) }
            }
            diagnostics += appendStepSummary(input, templates: loaded)
        }
        return diagnostics
    }

    private func appendStepSummary(_ input: ReportInput, templates: ReportTemplates) -> [Diagnostic] {
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            printError("conform: GITHUB_STEP_SUMMARY is not set, so no step summary was written")
            return []
        }
        do {
            let markdown = try ReportFormat.md.renderer(templates: templates).render(input)
            guard let handle = FileHandle(forWritingAtPath: path) ?? Self.create(path) else {
                return [Diagnostic(.error, "cannot open the step summary for appending", at: SourceLocation(file: path, position: nil))]
            }
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((markdown + "\n").utf8))
            return []
        } catch {
            return [Diagnostic(.error, "cannot append the step summary: \(error)", at: SourceLocation(file: path, position: nil))]
        }
    }

    private static func create(_ path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }

    /// `SOURCE_DATE_EPOCH` as an ISO 8601 UTC time: reports carry a time only when it is asked for.
    static func sourceDate() -> String? {
        guard let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = Double(text) else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
