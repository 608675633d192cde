import ConformCore

/// The rows of a broken claim's steps in the Markdown report, byte for byte what the built-in
/// template made of `failures[].steps[]`, which it now places with `{{{stepRows}}}`: the report is
/// rendered again at smaller sizes until it fits, the first try with up to 800 broken claims and
/// their steps, and the template engine's lookups made most of a failing run's Markdown report.
enum MarkdownStepRows {
    /// One row of the table (`| number | line | text |`).
    struct Row {
        var number: Int
        var line: Int
        var text: String
        var departs: Bool
        /// On the departing step with evidence: what `ReportModel.evidenceLink` gives.
        var evidence: [String: Any]?
    }

    static func rows(_ rows: [Row]) -> String {
        var out = ""
        out.reserveCapacity(rows.count * 60)
        for row in rows {
            out += "| "
            out += String(row.number)
            out += " | "
            out += String(row.line)
            out += " | "
            if row.departs {
                out += "**➜ "
                out += Escaping.markdown(row.text)
                out += "**"
                if let link = row.evidence?["evidenceLink"] {
                    out += " · ["
                    out += Escaping.markdown(Self.text(row.evidence?["evidenceText"]))
                    out += "]("
                    out += Self.text(link)
                    out += ")"
                    if let note = row.evidence?["evidenceNote"] {
                        out += " ("
                        out += Escaping.markdown(Self.text(note))
                        out += ")"
                    }
                }
            } else {
                out += Escaping.markdown(row.text)
            }
            out += " |\n"
        }
        return out
    }

    /// A value of the evidence's dictionary as the template wrote it (they are all strings).
    private static func text(_ value: Any?) -> String {
        value.map { "\($0)" } ?? ""
    }
}
