import ConformCore

/// The rows of a trace's step table on the HTML page, byte for byte what the built-in template made
/// of `steps[]`, which it now places with `{{{stepRows}}}`: a page shows the steps of up to 600
/// traces, tens of thousands of rows, and the template engine's lookups (each a climb through the
/// context with dynamic casts) took most of a failing run's HTML report.
enum HTMLStepRows {
    /// A claimed policy's departure, marked on its step.
    struct Mark {
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
        var out = ""
        out.reserveCapacity(steps.count * 120)
        for step in steps {
            let stepMarks = marks[step.number]
            out += stepMarks == nil ? "<tr>" : "<tr class=\"departs\">"
            out += "<td class=\"num\">"
            out += String(step.number)
            out += "</td><td class=\"num\">"
            out += String(step.position.line)
            out += "</td><td><span class=\"mono\">"
            out += Escaping.xml(step.text)
            out += "</span>"
            if let note = step.note {
                out += " <span class=\"note\">"
                out += Escaping.xml(note)
                out += "</span>"
            }
            out += "\n"
            for mark in stepMarks ?? [] {
                out += "<div class=\"mark\"><strong>"
                out += Escaping.xml(mark.policy)
                out += "</strong> departs at <code>"
                out += Escaping.xml(mark.place)
                out += "</code>: "
                out += HTMLDeparture.text(mark.difference, expected: mark.expected, observed: mark.observed)
                out += "</div>"
            }
            out += "</td></tr>\n"
        }
        return out
    }
}
