import ConformCore

/// The rows of the HTML page's table of broken claims, byte for byte what the built-in template made
/// of `failures[]`, which it now places with `{{{failureRows}}}`: up to 1,000 rows, each a dozen of
/// the template engine's lookups (a broken claim without a baseline entry climbed the whole context
/// for `baseline`), and a dictionary of values a row does not show.
enum HTMLFailureRows {
    /// The rows of `shown`; a trace whose file is in `linked` is shown in full, its name a link to it.
    static func rows(_ shown: ArraySlice<PairResult>, linked: Set<String>) -> String {
        var out = ""
        out.reserveCapacity(shown.count * 300)
        for index in shown.indices {
            let pair = shown[index]
            let row = ClaimRow(pair)
            out += "<tr><th scope=\"row\">"
            if linked.contains(pair.file) {
                out += "<a href=\"#" + Escaping.xml(ReportModel.anchor(pair.file)) + "\">" + Escaping.xml(pair.trace) + "</a>"
            } else {
                out += Escaping.xml(pair.trace)
            }
            out += "</th><td data-label=\"policy\">" + Escaping.xml(pair.policy)
            out += "</td><td data-label=\"where\"><code class=\"path\">" + Escaping.htmlPath(row.place)
            out += "</code></td><td data-label=\"what\">" + Escaping.xml(row.title) + ": " + message(row)
            if let mark = pair.baseline {
                out += "<br><span class=\"note\">"
                if !mark.expired { out += "baselined: " }
                out += Escaping.xml(baseline(mark)) + "</span>"
            }
            out += "</td></tr>\n"
        }
        return out
    }

    /// What the row says after the title, escaped: a departure's difference (`HTMLDeparture`), or the
    /// other verdicts' detail.
    private static func message(_ row: ClaimRow) -> String {
        if case .fail(let departure) = row.pair.verdict { return HTMLDeparture.text(departure) }
        return Escaping.xml(row.detail)
    }

    /// A broken claim's baseline note (`failures[].baseline` too).
    static func baseline(_ mark: BaselineMark) -> String {
        mark.expired
            ? "its baseline entry expired on \(mark.expires?.description ?? "")"
            : mark.reason + (mark.expires.map { " (until \($0))" } ?? "")
    }
}
