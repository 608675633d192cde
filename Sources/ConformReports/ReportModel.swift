import ConformCore
import Dispatch

/// The values the Markdown and HTML templates show, as the dictionaries and arrays Mustache reads.
/// Built once per report from the run's `RunFacts`; `limit` caps how many traces get detail sections,
/// for size limits.
struct ReportModel {
    let facts: RunFacts
    let context: RunContext
    var result: RunResult { facts.kept }
    /// Where each kept trace's pairs are, and the traces in the order a cut keeps them: made once for
    /// the several models the Markdown report may try (`MarkdownReport`).
    let index: ReportIndex

    /// Traces whose details (steps, diagrams) are shown at most; `nil` for all.
    var detailLimit: Int?
    /// Matrix rows shown at most per report; `nil` for all.
    var rowLimit: Int?
    /// Broken claims listed at most; `nil`: twice `detailLimit`.
    var failureLimit: Int? = nil

    /// Failing traces open as the HTML page loads, at most: the rest are folded, so that a run with
    /// hundreds of failures does not make a page hundreds of thousands of pixels long.
    static let openFailing = 20
    /// Warnings listed open on the HTML page at most; more are folded behind their count.
    static let openWarnings = 20
    /// What the HTML page says of the group of traces that claim no policy.
    static let unclaimedNote =
        "These traces have no policy line, and the run no --policy: they decide nothing. The matrix shows how each loaded policy reads them."

    /// Whether the report is rendered from its built-in template, which writes step tables from
    /// `stepRows` alone: `steps[]` (of traces and of broken claims) are then not made.
    var builtInTemplate = false
    /// The HTML page's matrix tables, a domain each with its number of traces, in the page's order
    /// (`MatrixTables`); empty for the Markdown report.
    var matrixTables: [(domain: String, count: Int)] = []

    init(facts: RunFacts, context: RunContext, index: ReportIndex? = nil, detailLimit: Int?, rowLimit: Int?, failureLimit: Int? = nil) {
        self.facts = facts
        self.context = context
        self.index = index ?? ReportIndex(facts)
        self.detailLimit = detailLimit
        self.rowLimit = rowLimit
        self.failureLimit = failureLimit
    }

    func context(diagrams: Bool) -> [String: Any] {
        let tally = facts.tally
        let claims = tally.claims
        var status = "pass"
        if tally.claimsBroken > 0 { status = "fail" }
        if tally.exitStatus == 2 { status = "error" }
        let policyList = policies(diagrams: diagrams)
        let perApp = appSummary()
        var values: [String: Any] = [
            "version": context.version,
            "status": status,
            "passing": status == "pass", "failing": status == "fail", "erroring": status == "error",
            "hasFailures": tally.claimsBroken > 0, "hasBrokenClaims": !facts.brokenClaims.isEmpty,
            "hasBaselined": tally.claimsBaselined > 0, "claimsBaselined": tally.claimsBaselined, "hasErrors": !result.errors.isEmpty,
            "hasPolicies": !policyList.isEmpty,
            // A run whose traces claim nothing has shown nothing to hold: it does not say that every claim holds.
            // The badge counts what is broken, in words that agree: "1 claim broken", "4 claims broken".
            "statusText": status == "pass"
                ? (claims == 0 ? "no trace claims a policy" : "every claim holds")
                : status == "fail" ? Plural.count(tally.claimsBroken, "claim") + " broken" : "some input has problems",
            "hasClaims": claims > 0,
            "traces": tally.traces,
            "policies": result.policyIDs.count,
            "claims": claims,
            "claimsPassed": tally.claimsHeld,
            "claimsFailed": tally.claimsBroken,
            // In words, with the right number: "1 of 1 claim holds", "2 input problems".
            "tracesText": Plural.count(tally.traces, "trace"), "policiesText": Plural.count(result.policyIDs.count, "policy"),
            "claimsHoldText": Plural.part(tally.claimsHeld, of: tally.claims, "claim", verb: ("holds", "hold")),
            "errorCountText": Plural.count(result.errors.count, "input problem"),
            "errorCount": result.errors.count,
            "errors": result.errors.map { ["location": $0.location.description, "message": $0.message] },
            "hasWarnings": !result.warnings.isEmpty, "warningCountText": Plural.count(result.warnings.count, "warning"),
            // A long list is folded, so that it does not push what follows (failing traces) out of reach.
            "warningsOpen": result.warnings.count <= Self.openWarnings,
            "warnings": result.warnings.map { ["location": $0.location.description, "message": $0.message] },
            "policyList": policyList,
            "appSummary": perApp, "hasApps": !perApp.isEmpty,
        ]
        if diagrams {
            // The HTML page: its matrix is streamed (`HTMLMatrix`); the traces shown in full come here.
            let details = traceDetails()
            let written = HTMLTraceDetails.sections(details.map(\.trace))
            // Made once for both `traceDetails[]` and the groups' `traces[]` (each makes a trace's step rows).
            let ownValues = builtInTemplate ? [] : details.map(Self.values)
            let failing = details.indices.filter { details[$0].trace.failing }
            // A trace that claims no policy has no claim to hold: it is listed on its own.
            let unclaimed = details.indices.filter { details[$0].trace.unclaimed }
            let passing = details.indices.filter { !details[$0].trace.failing && !details[$0].trace.unclaimed }
            // The built-in partial writes each group's traces from `tracesHTML`; `traces[]` and
            // `traceDetails[]` are made only for a template of one's own.
            func group(_ id: String, _ heading: String, _ shown: [Int]) -> [String: Any] {
                var group: [String: Any] = ["id": id, "heading": heading, "tracesHTML": shown.map { written[$0] }.joined()]
                if !builtInTemplate { group["traces"] = shown.map { ownValues[$0] } }
                return group
            }
            if !builtInTemplate { values["traceDetails"] = ownValues }
            var groups: [[String: Any]] = []
            if !failing.isEmpty { groups.append(group("failing", "Failing traces", failing)) }
            if !passing.isEmpty { groups.append(group("traces", "Traces where every claim holds", passing)) }
            if !unclaimed.isEmpty {
                var listed = group("unclaimed", "Traces that claim no policy", unclaimed)
                listed["note"] = Self.unclaimedNote
                groups.append(listed)
            }
            if details.count < tally.traces, !groups.isEmpty {
                groups[0]["shortened"] =
                    "Steps and diagrams are shown for \(details.count) of \(tally.traces) traces (failing ones first); every trace has its row in the matrix, and the JSON report has every result."
            }
            // The page's evidence styles are added only when some figure needs them.
            values["anyEvidence"] = details.contains { !$0.trace.evidence.isEmpty }
            values["traceGroups"] = groups
            values["hasFailingTraces"] = !failing.isEmpty
            values["hasPassingTraces"] = !passing.isEmpty
            values["hasUnclaimedTraces"] = !unclaimed.isEmpty
            values["matrixTables"] = matrixTableValues()
            values["hasHiddenColumns"] = matrixTables.contains { table in context.policies.contains { $0.domain != table.domain } }
            // A small matrix is open; a large one waits behind its summary line.
            values["matrixOpen"] = tally.traces <= HTMLMatrix.openLimit
        } else {
            values["apps"] = apps()
            values["anyEvidence"] = false
        }
        if let generatedAt = context.generatedAt { values["generatedAt"] = generatedAt }
        if let coverage = result.coverage {
            values["hasCoverage"] = true
            values["coverage"] = coverage.policies.map { entry -> [String: Any] in
                [
                    "policy": entry.policy, "covered": entry.covered.count, "total": entry.total,
                    "complete": entry.covered.count == entry.total,
                    "uncovered": Self.listed(entry.uncovered.map { ["state": $0.state, "action": $0.action] }),
                ]
            }
            values["hasPairCoverage"] = !coverage.pairs.isEmpty
            values["pairCoverage"] = coverage.pairs.map { pair -> [String: Any] in
                [
                    "a": pair.policies.0, "b": pair.policies.1, "covered": pair.covered, "total": pair.total,
                    "complete": pair.covered == pair.total, "tellingApart": pair.tellingApart,
                    "uncovered": Self.listed(
                        pair.uncovered.map {
                            [
                                "scenario": CoverageWording.scenario($0, in: pair, policies: context.policies),
                                "differs": CoverageWording.differs($0, in: pair),
                            ]
                        }),
                ]
            }
        }
        let shownRows = (values["apps"] as? [[String: Any]])?.reduce(0) { $0 + (($1["count"] as? Int) ?? 0) } ?? 0
        if !diagrams, shownRows < tally.traces {
            values["rowsOmitted"] =
                "\(tally.traces - shownRows) of \(tally.traces) traces are not listed in the matrix, to keep this report within its size limit; failing traces are listed first. The JSON report has every result."
        }
        // The page's `html-summary` partial writes its broken claims' rows from `failureRows` (a template of
        // one's own may include it); `failures[]` are made for the Markdown report and templates of one's own.
        let shownFailures = shownBrokenClaims()
        if diagrams { values["failureRows"] = HTMLFailureRows.rows(shownFailures, linked: facts.detailed) }
        values["failures"] = builtInTemplate && diagrams ? [Any]() : failures(shownFailures, diagrams: diagrams)
        let failureCount = facts.brokenClaims.count
        if case let shown = shownFailures.count, shown < failureCount {
            values["failuresOmitted"] = "\(failureCount - shown) more broken claims are not shown here; see the JSON or SARIF report."
        }
        return values
    }

    // MARK: - Matrix

    /// The HTML page's matrix tables: per domain, its heading, its columns (each loaded policy, those of
    /// other domains marked `other`, which the page hides until asked) and where its rows go.
    private func matrixTableValues() -> [[String: Any]] {
        matrixTables.enumerated().map { index, table -> [String: Any] in
            let own = context.policies.filter { $0.domain == table.domain }.count
            let heading =
                table.domain.isEmpty
                ? "Traces no loaded policy can judge"
                : "Traces speaking \(table.domain)"
            var values: [String: Any] = [
                "domain": table.domain, "heading": heading, "anchor": Self.anchor("matrix-" + table.domain),
                "tracesText": Plural.count(table.count, "trace"),
                "columns": context.policies.map { policy -> [String: Any] in
                    ["id": policy.id, "other": policy.domain != table.domain, "domain": policy.domain]
                },
                "rows": HTMLMatrix.marker(index),
            ]
            // Absent rather than empty: Mustache takes "" as true.
            if !table.domain.isEmpty { values["ownText"] = Plural.count(own, "\(table.domain) policy") }
            return values
        }
    }

    /// The Markdown matrix, per app: the built-in template places its rows from `rowsMarkdown`;
    /// `rows[]`, to shape them yourself, are made only for a template of your own (a cell's dictionary
    /// and the engine's lookups in it were most of the Markdown report's time, at 400 rows of 11 cells).
    private func apps() -> [[String: Any]] {
        let pairs = result.results
        return matrix().map { app in
            var values: [String: Any] = [
                "name": app.name, "anchor": Self.anchor("app-" + app.name), "columns": app.columns.map { ["id": $0] },
                "count": app.rows.count, "rowsMarkdown": MarkdownMatrixRows.rows(app.rows, pairs: pairs),
            ]
            if !builtInTemplate {
                values["rows"] = app.rows.map { row -> [String: Any] in
                    let cells: [[String: Any]] = row.cells.map { index in
                        index.map { cell(pairs[$0]) } ?? ["symbol": "", "text": "", "verdict": "none", "markdown": ""]
                    }
                    return [
                        "trace": row.trace.id, "title": row.trace.title ?? "", "file": row.trace.file,
                        "anchor": Self.anchor(row.trace.file),
                        "cells": cells,
                    ]
                }
            }
            return values
        }
    }

    /// The matrix the Markdown report shows: per app (by name), the policies that can read some trace
    /// of it, and per trace of it (by file), the position in `result.results` of its pair with each
    /// (`nil`: no result). Positions, not pairs: a pair is large, and a copy retains its strings.
    private func matrix() -> [(name: String, columns: [String], rows: [MarkdownMatrixRows.Row])] {
        let shown = rowLimit.map { Array(index.orderedTraces.prefix($0)) } ?? index.orderedTraces
        let byApp = Dictionary(grouping: shown) { $0.app ?? "(no app)" }
        let pairs = result.results
        return byApp.keys.sorted().map { app in
            let traces = (byApp[app] ?? []).sorted { $0.file < $1.file }
            // The policies that can read some trace of the app (looked at in place: the pairs are large).
            var readable = Set<String>()
            for trace in traces {
                for position in index.pairPositions(of: trace.file) where pairs[position].verdict.kind != .inapplicable {
                    readable.insert(pairs[position].policy)
                }
            }
            let columns = result.policyIDs.filter(readable.contains)
            let rows = traces.map { trace in
                let mine = index.pairPositions(of: trace.file)
                return MarkdownMatrixRows.Row(trace: trace, cells: columns.map { id in mine.first { pairs[$0].policy == id } })
            }
            return (app, columns, rows)
        }
    }

    private func cell(_ pair: PairResult) -> [String: Any] {
        let cell = MatrixCell(pair)
        return [
            "symbol": cell.symbol, "text": cell.text, "verdict": pair.verdict.name, "claimed": pair.claimed,
            "markdown": cell.markdown(claimed: pair.claimed),
        ]
    }

    // MARK: - Failures

    /// The broken claims a report shows: the first `failureLimit`, or twice `detailLimit`.
    private func shownBrokenClaims() -> ArraySlice<PairResult> {
        let broken = facts.brokenClaims
        let limit = failureLimit ?? detailLimit.map { $0 * 2 }
        return limit.map { broken.prefix($0) } ?? broken[...]
    }

    private func failures(_ shown: ArraySlice<PairResult>, diagrams: Bool) -> [[String: Any]] {
        let stepsByFile = Dictionary(result.traces.map { ($0.file, $0.steps) }) { first, _ in first }
        return shown.map { pair in
            let row = ClaimRow(pair)
            let summary = "\(pair.isBaselined ? "☑️ baselined:" : "❌") \(pair.trace) × \(pair.policy): \(row.title)"
            var entry: [String: Any] = [
                "trace": pair.trace, "file": pair.file, "policy": pair.policy, "place": row.place, "title": row.title,
                "verdict": pair.verdict.name, "anchor": Self.anchor(pair.file), "linked": facts.detailed.contains(pair.file),
                "summary": summary,
                "summaryHTML": Escaping.xml(summary),
            ]
            if let mark = pair.baseline {
                entry["baselined"] = !mark.expired
                entry["baseline"] = HTMLFailureRows.baseline(mark)
            }
            if case .fail(let departure) = pair.verdict {
                entry["step"] = departure.step
                entry["state"] = departure.state
                entry["message"] = departure.message
                entry["expected"] = departure.expected.serialized()
                entry["observed"] = departure.observed.serialized()
                // What the built-in templates show: the headline and the parts that differ, a line each.
                let difference = departure.difference
                entry["headline"] = difference.headline
                entry["differences"] = difference.differences.map(\.sentence)
                let steps = (stepsByFile[pair.file] ?? []).prefix(departure.step + 2)
                entry["hasSteps"] = !steps.isEmpty
                // The built-in page shows no steps here; the built-in Markdown writes them from `stepRows`.
                if !(builtInTemplate && diagrams) {
                    let rows = steps.map { step in
                        MarkdownStepRows.Row(
                            number: step.number, line: step.position.line, text: step.text, departs: step.number == departure.step,
                            evidence: step.number == departure.step
                                ? pair.departureEvidence.map { evidenceLink($0, traceFile: pair.file) } : nil)
                    }
                    entry["stepRows"] = MarkdownStepRows.rows(rows)
                    if !builtInTemplate {
                        entry["steps"] = rows.map { row in
                            var values: [String: Any] = ["number": row.number, "line": row.line, "text": row.text, "departs": row.departs]
                            if let evidence = row.evidence { values.merge(evidence) { $1 } }
                            return values
                        }
                    }
                }
            } else {
                entry["message"] = row.detail
                entry["headline"] = row.detail
                entry["differences"] = [String]()
            }
            return entry
        }
    }

    // MARK: - Traces and policies

    /// The traces the page shows in full, each with its steps as a template of one's own reads them
    /// (`nil` for the built-in template, which writes the step rows).
    private func traceDetails() -> [(trace: HTMLTraceDetails, steps: [[String: Any]]?)] {
        let withSteps = index.orderedTraces.filter { facts.detailed.contains($0.file) }
        let traces = detailLimit.map { Array(withSteps.prefix($0)) } ?? withSteps
        let drawings = drawings(traces)
        // Failing traces come first (`ReportIndex`): the first of them are open as the page loads.
        return traces.enumerated().map { position, trace in
            let pairs = index.pairs(of: trace.file, in: result)
            let claimedPairs = pairs.filter(\.claimed)
            // Only claimed policies' departures are marked in the steps; the matrix shows the others.
            var marks: [Int: [HTMLStepRows.Mark]] = [:]
            for pair in claimedPairs {
                guard case .fail(let departure) = pair.verdict else { continue }
                marks[departure.step, default: []].append(
                    HTMLStepRows.Mark(
                        policy: pair.policy, place: "\(trace.file):\(departure.position.line)", message: departure.message,
                        expected: departure.expected.serialized(), observed: departure.observed.serialized(),
                        difference: departure.difference))
            }
            let failing = claimedPairs.contains { $0.verdict.kind != .pass }
            let details = HTMLTraceDetails(
                id: trace.id, title: trace.title ?? "", file: trace.file, fileHTML: Escaping.htmlPath(trace.file),
                app: trace.app ?? "(no app)", anchor: Self.anchor(trace.file), failing: failing,
                open: failing && position < Self.openFailing, unclaimed: claimedPairs.isEmpty,
                claims: claimedPairs.map { ($0.policy, $0.verdict.name) }, steps: trace.steps, marks: marks,
                evidence: evidenceFigures(claimedPairs, trace: trace),
                diagrams: drawings[position].map { ($0.policy, $0.verdict, $0.svg) })
            // The built-in template writes `stepRows`; a template of one's own may shape the steps itself.
            guard !builtInTemplate else { return (details, nil) }
            let steps = trace.steps.map { step -> [String: Any] in
                var row: [String: Any] = ["number": step.number, "line": step.position.line, "text": step.text]
                // Always set, so that `{{#note}}` does not find the unclaimed group's note up the context.
                row["note"] = step.note.map { $0 as Any } ?? false
                if let stepMarks = marks[step.number] {
                    row["marks"] = stepMarks.map(\.values)
                    row["departs"] = true
                }
                return row
            }
            return (details, steps)
        }
    }

    /// A trace shown in full as a template of one's own reads it.
    private static func values(_ shown: (trace: HTMLTraceDetails, steps: [[String: Any]]?)) -> [String: Any] {
        var values = shown.trace.values
        if let steps = shown.steps { values["steps"] = steps }
        return values
    }

    /// A trace's diagram of one claimed policy.
    private struct Drawing: Sendable {
        var policy: String
        var verdict: String
        var svg: String
    }

    /// Each trace's diagrams, one per claimed policy the page knows: the page's largest piece of work,
    /// drawn on every core (each diagram is independent; the other reports' ends may be done first).
    /// Diagrams that differ only in their id (the same policy, transitions, steps and departing state:
    /// of 600 traces of a failing corpus, some 120 are distinct) are drawn once, with a stand-in id
    /// that each trace's copy replaces.
    private func drawings(_ traces: [TraceSummary]) -> [[Drawing]] {
        var diagrams: [(trace: Int, policy: String, verdict: String, id: String, job: Int)] = []
        var jobs: [StateDiagramSVG] = []
        var jobOf: [DiagramKey: Int] = [:]
        for (position, trace) in traces.enumerated() {
            for pair in index.pairs(of: trace.file, in: result) where pair.claimed {
                guard let policyIndex = context.policies.firstIndex(where: { $0.id == pair.policy }) else { continue }
                var taken: [TransitionID: [Int]] = [:]
                for step in pair.outcome.path { taken[step.id, default: []].append(step.step) }
                let departedIn = pair.verdict.departure?.state
                let key = DiagramKey(policy: policyIndex, taken: taken, departedIn: departedIn)
                let job: Int
                if let known = jobOf[key] {
                    job = known
                } else {
                    job = jobs.count
                    jobOf[key] = job
                    jobs.append(
                        StateDiagramSVG(
                            policy: context.policies[policyIndex], taken: taken, departedIn: departedIn,
                            id: String(UnicodeScalar(Self.diagramIDStandIn))))
                }
                diagrams.append((position, pair.policy, pair.verdict.name, "d-" + Self.anchor(trace.file + "-" + pair.policy), job))
            }
        }
        let distinct = jobs
        var rendered = [String](repeating: "", count: distinct.count)
        rendered.withUnsafeMutableBufferPointer { buffer in
            let slots = RenderedSlots(buffer: buffer)
            // Each index is one thread's alone.
            DispatchQueue.concurrentPerform(iterations: distinct.count) { index in slots.buffer[index] = distinct[index].render() }
        }
        // The stand-in is a control character, which no text of the drawing keeps (`Escaping.xml` makes it U+FFFD).
        // Split by bytes (the stand-in is one): splitting by characters took as long as the drawing.
        let pieces = rendered.map { svg in
            svg.utf8.split(separator: Self.diagramIDStandIn, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
        var drawings = [[Drawing]](repeating: [], count: traces.count)
        for diagram in diagrams {
            drawings[diagram.trace].append(
                Drawing(policy: diagram.policy, verdict: diagram.verdict, svg: pieces[diagram.job].joined(separator: diagram.id)))
        }
        return drawings
    }

    /// What a trace's diagram is drawn from, but its id.
    private struct DiagramKey: Hashable {
        var policy: Int
        var taken: [TransitionID: [Int]]
        var departedIn: String?
    }

    /// The id a shared diagram is drawn with, replaced by each trace's own.
    private static let diagramIDStandIn: UInt8 = 0x01

    /// Slots of strings that threads fill, each its own.
    struct RenderedSlots: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<String>
    }

    /// The policies some trace claims, each with its diagram.
    private func policies(diagrams: Bool) -> [[String: Any]] {
        return context.policies.filter { facts.claimedPolicies.contains($0.id) }.map { policy in
            let explanation = PolicyExplanation(policy: policy)
            var entry: [String: Any] = [
                "id": policy.id, "title": policy.title, "summary": policy.summary, "domain": policy.domain,
                "anchor": Self.anchor("policy-" + policy.id),
                "sources": policy.sources.map { ["name": $0.name, "text": $0.text] },
                "mermaid": explanation.mermaid(),
                "unverified": policy.unverifiedMarks.map {
                    ["place": $0.place, "reason": $0.reason.isEmpty ? "(no reason given)" : $0.reason]
                },
                "hasUnverified": !policy.unverifiedMarks.isEmpty,
                // The notes under the diagram, whose strokes show them only as tooltips.
                "notes": explanation.notes.map { note -> [String: Any] in
                    var entry: [String: Any] = ["state": note.state, "text": note.text]
                    entry["action"] = note.action // absent, not empty, for a state's note: Mustache takes "" as true
                    return entry
                },
                "hasNotes": !explanation.notes.isEmpty,
            ]
            let covered = result.coverage?.policies.first { $0.policy == policy.id }?.covered
            if diagrams {
                entry["svg"] = StateDiagramSVG(
                    policy: policy, taken: [:], departedIn: nil, id: "p-" + Self.anchor(policy.id), covered: covered, table: true
                ).render()
            }
            return entry
        }
    }

    /// An id safe in HTML and in URLs, stable for the same text.
    static func anchor(_ text: String) -> String {
        if let ascii = asciiAnchorName(text) { return "t-" + ascii + "-" + String(SARIFReport.fingerprint([text]).prefix(6)) }
        let mapped = text.lowercased().unicodeScalars.map { scalar -> String in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? String(scalar) : "-"
        }.joined()
        let collapsed = mapped.split(separator: "-").joined(separator: "-")
        return "t-" + (collapsed.isEmpty ? "x" : collapsed) + "-" + String(SARIFReport.fingerprint([text]).prefix(6))
    }
}

extension ReportModel {
    /// `anchor`'s name part for ASCII text, byte by byte (a report makes thousands of anchors): letters
    /// and digits lowercased, each run of other characters one `-`, none at either end; `nil` for other text.
    private static func asciiAnchorName(_ text: String) -> String? {
        var name: [UInt8] = []
        name.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowered) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(lowered) {
                if pendingDash, !name.isEmpty { name.append(UInt8(ascii: "-")) }
                pendingDash = false
                name.append(lowered)
            } else {
                pendingDash = true
            }
        }
        return name.isEmpty ? "x" : String(decoding: name, as: UTF8.self)
    }

    /// Items of a list shown in one table cell: each but the last marked `more`, so that templates put a
    /// line break between them and none after the last.
    static func listed(_ items: [[String: Any]]) -> [[String: Any]] {
        items.enumerated().map { index, item in item.merging(["more": index < items.count - 1]) { $1 } }
    }
}

/// The kept traces in the order a report's cut keeps them (failing first, then by file) and where each
/// one's pairs are among the kept results (a file's pairs are kept together, in run order).
struct ReportIndex {
    let orderedTraces: [TraceSummary]
    private let pairRanges: [String: Range<Int>]

    init(_ facts: RunFacts) {
        let failing = Set(facts.brokenClaims.map(\.file))
        // Whether each trace fails, asked once: asked in each comparison, it hashed two paths every time.
        let traces = facts.kept.traces
        let fails = traces.map { failing.contains($0.file) }
        orderedTraces = traces.indices.sorted {
            fails[$0] != fails[$1] ? fails[$0] : traces[$0].file < traces[$1].file
        }.map { traces[$0] }
        var ranges: [String: Range<Int>] = [:]
        let results = facts.kept.results
        var start = results.startIndex
        while start < results.endIndex {
            let file = results[start].file
            var end = start + 1
            while end < results.endIndex, results[end].file == file { end += 1 }
            // A file's pairs come together; should one come twice, the first run of it is the one shown.
            if ranges[file] == nil { ranges[file] = start..<end }
            start = end
        }
        pairRanges = ranges
    }

    /// The pairs of the trace in `file`, from the same facts' results.
    func pairs(of file: String, in result: RunResult) -> ArraySlice<PairResult> {
        result.results[pairPositions(of: file)]
    }

    /// Where the pairs of the trace in `file` are in the same facts' results.
    func pairPositions(of file: String) -> Range<Int> {
        pairRanges[file] ?? 0..<0
    }
}
