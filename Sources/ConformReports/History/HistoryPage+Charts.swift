extension HistoryPage {
    /// Per app, a strip per claimed policy with its standing, and the strips as text.
    func appsSection() -> String {
        let runs = history.runs
        let charted = self.charted
        var out = "<section id=\"apps\">\n<h2>Per app and claimed policy</h2>\n"
        out += "<p class=\"legend\">A column per run, oldest on the left:"
        out += "<span class=\"key holds\"></span>holds<span class=\"key baselined\"></span>baselined (broken, accepted by a baseline)"
        out += "<span class=\"key broken\"></span>broken<span class=\"key absent\"></span>not claimed in that run. "
        out += "Hover a column for its run.</p>\n"
        if charted.lowerBound > 0 {
            out += "<p class=\"note\"><strong>Shortened:</strong> the charts show the latest \(Self.chartedRuns) of \(runs.count) runs "
            out += "(\(HistoryWording.runs(charted.lowerBound...charted.upperBound - 1))); the runs table lists every run, "
            out += "and \"since\" counts from the first.</p>\n"
        }
        if history.apps.isEmpty { out += "<p>No run has a claim: no trace claims a policy.</p>\n" }
        var chart = 0
        for (number, app) in history.apps.enumerated() {
            let anchor = "app-\(number + 1)"
            out += "<section id=\"\(anchor)\" aria-labelledby=\"\(anchor)-h\">\n"
            out +=
                "<h3 id=\"\(anchor)-h\"><bdi>\(Escaping.xml(app.name))</bdi> <span class=\"count\">(\(Plural.count(app.policies.count, "claimed policy")))</span></h3>\n"
            for former in app.formerNames {
                out += "<p class=\"note\">Called <strong>\(Escaping.xml(former.name))</strong> in \(HistoryWording.runs(former.runs)): "
                out += "the same trace files, so its history continues here.</p>\n"
            }
            if app.lastRun != runs.count - 1 {
                out += "<p class=\"note\">Not in the latest run: its last claims are in \(HistoryWording.run(app.lastRun)).</p>\n"
            }
            out += "<div class=\"series\">\n"
            var asText: [String] = []
            for series in app.policies {
                chart += 1
                let standing = HistoryWording.standing(series.cells)
                let className = standing.outcome.map { "v-\($0.rawValue)" } ?? "v-none"
                let ranges = HistoryWording.ranges(series.cells[charted])
                out += "<div class=\"name\"><strong>\(Escaping.xml(series.policy))</strong> "
                out += "<span class=\"\(className)\">\(Escaping.xml(standing.text))</span></div>\n"
                out += HistoryChart.strip(
                    id: "chart-\(chart)",
                    title: "\(app.name) claiming \(series.policy), \(HistoryWording.runs(charted.lowerBound...charted.upperBound - 1))",
                    description: ranges, cells: series.cells[charted], runs: runs)
                out += "\n"
                asText.append("<li><strong>\(Escaping.xml(series.policy))</strong>: \(Escaping.xml(ranges))</li>")
            }
            out += "<div class=\"axis-gap\"></div>\(axis())\n</div>\n"
            out += "<details><summary>As text</summary>\n<ul>\n\(asText.joined(separator: "\n"))\n</ul>\n</details>\n"
            out += "</section>\n"
        }
        return out + "</section>\n"
    }

    /// The first and last charted run, under the strips.
    private func axis() -> String {
        let runs = history.runs
        func label(_ index: Int) -> String {
            HistoryWording.run(index) + (runs[index].recordedAt.map { " · " + HistoryWording.time($0, short: true) } ?? "")
        }
        let (first, last) = (charted.lowerBound, charted.upperBound - 1)
        let right = last == first ? "" : "<span>\(Escaping.xml(label(last)))</span>"
        return "<div class=\"axis\" aria-hidden=\"true\"><span>\(Escaping.xml(label(first)))</span>\(right)</div>"
    }

    /// A bar chart per count: traces, claims that hold, claims broken, input problems.
    func countsSection() -> String {
        let runs = history.runs
        let charted = self.charted
        let series: [(id: String, heading: String, noun: String, value: (HistoryRun.Counts) -> Int)] = [
            ("traces", "Traces", "trace", \.traces),
            ("held", "Claims that hold", "claim", \.claimsHeld),
            ("broken", "Claims broken", "claim", \.claimsBroken),
            ("errors", "Input problems", "problem", \.errors),
        ]
        var out = "<section id=\"counts\">\n<h2>Counts over time</h2>\n"
        out += "<p class=\"note\">From each run's summary, a bar per run, oldest on the left, each chart scaled to its largest count. "
        out += "Exact numbers: the <a href=\"#runs\">runs table</a>.</p>\n<div class=\"counts\">\n"
        for item in series {
            let values = runs[charted].map { item.value($0.counts) }
            let latest = values.last ?? 0
            let range = "\(values.min() ?? 0) to \(values.max() ?? 0)"
            let listed = zip(charted, values).map { "\(HistoryWording.run($0)): \($1)" }.joined(separator: ", ")
            out +=
                "<figure><figcaption><strong>\(item.heading)</strong> <span class=\"count\">latest \(latest) · from \(range)</span></figcaption>\n"
            out += HistoryChart.bars(
                id: "counts-\(item.id)", className: item.id, title: "\(item.heading) per run",
                description: listed, values: values, first: charted.lowerBound, noun: item.noun, runs: runs)
            out += "\n</figure>\n"
        }
        return out + "</div>\n</section>\n"
    }

    /// Every run with its file, time, version and counts (folded when long).
    func runsSection() -> String {
        let runs = history.runs
        var out = "<section id=\"runs\">\n<h2>Runs</h2>\n"
        out +=
            "<details\(runs.count <= Self.openRunsTable ? " open" : "")><summary>\(Plural.count(runs.count, "run")), oldest first</summary>\n"
        out += "<div class=\"table-box\"><table>\n<thead><tr><th scope=\"col\">Run</th><th scope=\"col\">Document</th>"
        out +=
            "<th scope=\"col\">Recorded</th><th scope=\"col\">conform</th><th scope=\"col\">Traces</th><th scope=\"col\">Claims hold</th>"
        out += "<th scope=\"col\">Broken</th><th scope=\"col\">Baselined</th><th scope=\"col\">Input problems</th></tr></thead>\n<tbody>\n"
        for (index, run) in runs.enumerated() {
            let counts = run.counts
            out += "<tr><th scope=\"row\">\(index + 1)</th><td><code class=\"path\">\(Escaping.htmlPath(run.name))</code></td>"
            out +=
                "<td>\(run.recordedAt.map { Escaping.xml(HistoryWording.time($0)) } ?? "<span class=\"v-none\">not recorded</span>")</td>"
            out += "<td>\(run.version.map(Escaping.xml) ?? "<span class=\"v-none\">—</span>")</td>"
            for value in [counts.traces, counts.claimsHeld, counts.claimsBroken, counts.claimsBaselined, counts.errors] {
                out += "<td class=\"num\">\(value)</td>"
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table></div>\n</details>\n</section>\n"
    }
}
