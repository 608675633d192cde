import ConformCore
import Dispatch

/// A trace the HTML page shows in full: what the built-in `html-traces` partial writes of it, byte for
/// byte what the template made of `traceGroups[].traces[]`, which it now places with `{{{tracesHTML}}}`.
/// A failing run shows up to 600 traces so, and the engine's render of their sections (each lookup a
/// climb through the context with dynamic casts) was a tenth of a failing run's `--report all`.
struct HTMLTraceDetails: Sendable {
    var id: String
    var title: String
    var file: String
    var fileHTML: String
    var app: String
    var anchor: String
    var failing: Bool
    var open: Bool
    var unclaimed: Bool
    var claims: [(policy: String, verdict: String)]
    var steps: [StepSummary]
    /// The claimed policies' departures, by the number of the step each is marked on.
    var marks: [Int: [HTMLStepRows.Mark]]
    var evidence: [EvidenceFigure]
    var diagrams: [(policy: String, verdict: String, svg: String)]

    var mark: String { failing ? "✗" : unclaimed ? "–" : "✓" }

    /// A screenshot (or other evidence file) of a departing step, as the page shows it.
    struct EvidenceFigure: Sendable {
        var step: Int
        var path: String
        var pathHTML: String
        var policies: String
        var anchor: String
        /// Embedded: a `data:` URI and its alternative text.
        var image: (src: String, alt: String)? = nil
        /// Not embedded: why.
        var note: String? = nil

        var values: [String: Any] {
            var values: [String: Any] = ["step": step, "path": path, "pathHTML": pathHTML, "policies": policies, "anchor": anchor]
            if let image {
                values["src"] = image.src
                values["alt"] = image.alt
            }
            if let note { values["evidenceNote"] = note }
            return values
        }
    }

    /// The trace as a template of one's own reads it in `traceDetails[]` and `traceGroups[].traces[]`
    /// (`steps[]`, which only such a template reads, are added by `ReportModel`).
    var values: [String: Any] {
        var values: [String: Any] = [
            // Always set, so that a trace without evidence does not find a value further up the context.
            "hasEvidence": !evidence.isEmpty, "evidence": evidence.map(\.values),
            "id": id, "file": file, "fileHTML": fileHTML, "app": app, "anchor": anchor,
            "failing": failing, "open": open, "unclaimed": unclaimed, "mark": mark,
            "claims": claims.map { ["policy": $0.policy, "verdict": $0.verdict] },
            "stepRows": HTMLStepRows.rows(steps, marks: marks),
            "diagrams": diagrams.map { ["policy": $0.policy, "verdict": $0.verdict, "svg": $0.svg] },
        ]
        // Absent rather than empty: the engine takes "" as true, and `{{#title}}: {{title}}{{/title}}` wrote a
        // colon after the id of a trace without a title.
        if !title.isEmpty { values["title"] = title }
        return values
    }

    /// Each trace's `<details>` element and a line break, written on every core (each is independent;
    /// a trace's step table, hundreds of rows in a failing run, is most of it).
    static func sections(_ traces: [HTMLTraceDetails]) -> [String] {
        var written = [String](repeating: "", count: traces.count)
        written.withUnsafeMutableBufferPointer { buffer in
            let slots = ReportModel.RenderedSlots(buffer: buffer)
            // Each index is one thread's alone.
            DispatchQueue.concurrentPerform(iterations: traces.count) { index in slots.buffer[index] = traces[index].html }
        }
        return written
    }

    /// The trace's `<details>` element and a line break.
    var html: String {
        var out = ReportBytes(capacity: steps.count * 120 + diagrams.reduce(2_000) { $0 + $1.svg.utf8.count })
        append(to: &out)
        return out.string
    }

    /// The template's section, as it wrote it.
    private func append(to out: inout ReportBytes) {
        out.append("<details class=\"trace")
        if failing { out.append(" failing") }
        if unclaimed { out.append(" unclaimed") }
        out.append("\" id=\"")
        out.appendXML(anchor)
        out.append(open ? "\" open>\n<summary>" : "\">\n<summary>")
        out.appendXML(mark)
        out.append(" ")
        out.appendXML(id)
        if !title.isEmpty {
            out.append(": ")
            out.appendXML(title)
        }
        out.append(" <span class=\"note\">(")
        out.appendXML(app)
        out.append(")</span></summary>\n<p><code class=\"path\">")
        out.append(fileHTML)
        out.append("</code>")
        for claim in claims {
            out.append(" · claims <strong>")
            out.appendXML(claim.policy)
            out.append("</strong>: ")
            out.appendXML(claim.verdict)
        }
        if unclaimed { out.append(" · claims no policy") }
        out.append("</p>\n")
        if !evidence.isEmpty { out.append("<div class=\"with-evidence\">") }
        out.append("<div class=\"table-box\"><table class=\"steps\">\n")
        out.append("<thead><tr><th scope=\"col\">Step</th><th scope=\"col\">Line</th><th scope=\"col\">What happened</th></tr></thead>\n")
        out.append("<tbody>\n")
        HTMLStepRows.append(steps, marks: marks, to: &out)
        out.append("</tbody>\n</table></div>\n")
        if !evidence.isEmpty {
            for figure in evidence { figure.append(to: &out) }
            out.append("</div>\n")
        }
        for diagram in diagrams {
            out.append("<p><strong>")
            out.appendXML(diagram.policy)
            out.append("</strong> (")
            out.appendXML(diagram.verdict)
            out.append("): the transitions this trace took are highlighted with their step numbers.</p>\n")
            out.append("<div class=\"diagram-box\">")
            out.append(diagram.svg)
            out.append("</div>\n")
        }
        out.append("</details>\n")
    }
}

extension HTMLTraceDetails.EvidenceFigure {
    fileprivate func append(to out: inout ReportBytes) {
        out.append("<figure class=\"evidence\" id=\"")
        out.appendXML(anchor)
        out.append("\">")
        if let image {
            out.append("<img src=\"")
            out.appendXML(image.src)
            out.append("\" alt=\"")
            out.appendXML(image.alt)
            out.append("\">")
        }
        out.append("<figcaption>Step ")
        out.append(number: step)
        out.append(", where <strong>")
        out.appendXML(policies)
        out.append("</strong> departs: <code class=\"path\">")
        out.append(pathHTML)
        out.append("</code>")
        if let note {
            out.append(" (")
            out.appendXML(note)
            out.append(")")
        }
        out.append("</figcaption></figure>\n")
    }
}
