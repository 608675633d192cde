import ConformCore

/// GitHub Actions output: a workflow-command annotation at each broken claim, unreadable file and
/// warning, escaped as the runner parses them so that no trace text can start a command of its own.
/// As a renderer it keeps only the broken claims and the problems.
public struct GitHubOutput: RunRenderer {
    private var kept: RunResult

    public init(context: RunContext) {
        kept = RunResult(results: [], errors: [], traceCount: 0, policyIDs: context.policyIDs, traces: [])
    }

    public var writesWorkflowCommands: Bool { true }

    public mutating func add(_ outcome: FileOutcome) -> String {
        var outcome = outcome
        outcome.results = outcome.results.filter { $0.claimed && $0.verdict.kind != .pass }
        // Kept to the end: without their trace's tables (a departure's slices keep them whole).
        var copies = DetachedObservations()
        for index in outcome.results.indices { outcome.results[index].detachFromTrace(sharing: &copies) }
        outcome.summary?.steps = []
        kept.add(outcome)
        return ""
    }

    public func finish(_ ending: RunEnding) -> String {
        var result = kept
        result.errors = ending.leadingErrors + result.errors
        result.baseline = ending.baseline
        let lines = Self.annotations(result)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// The runner shows at most 10 error annotations (and 10 warnings) per step; the rest are summed up in a notice.
    public static let annotationLimit = 10

    public static func annotations(_ result: RunResult) -> [String] {
        var lines: [String] = result.errors.map { error in
            command(
                "error", file: error.location.file, line: error.location.line, column: error.location.column,
                title: "conform: input error", message: error.message)
        }
        // A baselined claim is a warning that says why it is accepted; one whose entry expired stays an error.
        var warnings: [String] = []
        for row in ClaimRow.rows(result) where !row.passed {
            let baselined = row.pair.isBaselined
            let detail = row.detail + (row.pair.baseline.map { "\n" + BaselineWording.line($0) } ?? "")
            let line = command(
                baselined ? "warning" : "error", file: row.pair.file, line: row.line, column: row.column,
                title: "conform: \(row.title)" + (baselined ? " (baselined)" : ""), message: detail)
            if baselined { warnings.append(line) } else { lines.append(line) }
        }
        if let baseline = result.baseline {
            for stale in baseline.stale {
                let diagnostic = BaselineWording.diagnostic(stale, strict: baseline.strict)
                let line = command(
                    baseline.strict ? "error" : "warning", file: diagnostic.location.file, line: diagnostic.location.line,
                    column: diagnostic.location.column, title: "conform: stale baseline entry", message: BaselineWording.why(stale))
                if baseline.strict { lines.append(line) } else { warnings.append(line) }
            }
        }
        warnings += result.warnings.map { warning in
            command(
                "warning", file: warning.location.file, line: warning.location.line, column: warning.location.column,
                title: "conform: warning", message: warning.message)
        }
        return limited(lines, "problems") + limited(warnings, "warnings")
    }

    static func limited(_ lines: [String], _ what: String) -> [String] {
        guard lines.count > annotationLimit else { return lines }
        let rest = lines.count - annotationLimit
        return Array(lines.prefix(annotationLimit))
            + [
                "::notice title=conform::\(rest) more \(what) are not annotated (GitHub shows \(annotationLimit) per step); see the step summary or the reports"
            ]
    }

    static func command(_ kind: String, file: String, line: Int?, column: Int?, title: String, message: String) -> String {
        var properties = ["file=\(Escaping.workflowProperty(SARIFReport.relative(file)))"]
        if let line { properties.append("line=\(line)") }
        if let column, line != nil { properties.append("col=\(column)") }
        properties.append("title=\(Escaping.workflowProperty(title))")
        return "::\(kind) \(properties.joined(separator: ","))::\(Escaping.workflowData(message))"
    }
}
