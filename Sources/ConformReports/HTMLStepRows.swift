import ConformCore

/// The rows of a trace's step table on the HTML page, byte for byte what the built-in template made
/// of `steps[]`, which it now places with `{{{stepRows}}}`: a page shows the steps of up to 600
/// traces, tens of thousands of rows, and the template engine's lookups (each a climb through the
/// context with dynamic casts) took most of a failing run's HTML report.
enum HTMLStepRows {
    /// A claimed policy's departure, marked on its step.
    struct Mark: Sendable {
        var policy: String
        var place: String
        var message: String
        var expected: String
        var observed: String
        /// The part that differs, which the page shows (`HTMLDeparture`).
        var difference: DepartureDifference

        /// The mark as templates of one's own read it in `steps[].marks[]`.
        var values: [String: Any] {
            [
                "policy": policy, "message": message, "expected": expected, "observed": observed, "place": place,
                "headline": difference.headline, "differences": difference.differences.map(\.sentence),
            ]
        }
    }

    /// The rows of `steps`, with the marks of each step number. A step without a note of its own shows
    /// none (the template's `{{#note}}` once found the group's note up the context instead).
    static func rows(_ steps: [StepSummary], marks: [Int: [Mark]]) -> String {
        var out = ReportBytes(capacity: steps.count * 120)
        append(steps, marks: marks, to: &out)
        return out.string
    }

    /// `rows`' bytes, appended to `out` (the page's trace sections write them in place).
    static func append(_ steps: [StepSummary], marks: [Int: [Mark]], to out: inout ReportBytes) {
        for step in steps {
            let stepMarks = marks[step.number]
            out.append(stepMarks == nil ? "<tr>" : "<tr class=\"departs\">")
            out.append("<td class=\"num\">")
            out.append(number: step.number)
            out.append("</td><td class=\"num\">")
            out.append(number: step.position.line)
            out.append("</td><td><span class=\"mono\">")
            out.appendXML(step.text)
            out.append("</span>")
            if let note = step.note {
                out.append(" <span class=\"note\">")
                out.appendXML(note)
                out.append("</span>")
            }
            out.append("\n")
            for mark in stepMarks ?? [] {
                out.append("<div class=\"mark\"><strong>")
                out.appendXML(mark.policy)
                out.append("</strong> departs at <code>")
                out.appendXML(mark.place)
                out.append("</code>: ")
                out.append(HTMLDeparture.text(mark.difference, expected: mark.expected, observed: mark.observed))
                out.append("</div>")
            }
            out.append("</td></tr>\n")
        }
    }
}
