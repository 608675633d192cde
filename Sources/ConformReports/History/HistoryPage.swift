import ConformCore

/// `conform history`'s page: one self-contained HTML file (no script, no network, light and dark) that
/// shows a series of runs over time: the claims broken in the latest run and since when, per app and
/// claimed policy a strip of how the claim fared in each run, and the counts per run. The same runs and
/// problems give the same bytes.
public struct HistoryPage: Sendable {
    /// The most runs a chart draws: the latest ones. At 200 a run's column is still about 5 px on a
    /// laptop and 1.5 px on a phone; older runs stay in the runs table and in "since" dates.
    public static let chartedRuns = 200
    /// The most broken claims the table lists.
    public static let listedBrokenClaims = 1_000
    /// The runs table starts folded above this many runs.
    static let openRunsTable = 20

    let history: RunHistory
    let problems: [Diagnostic]
    let version: String

    /// A page for `history`, listing `problems` (the files that were not read, each with its reason);
    /// `version` goes in the footer.
    public init(history: RunHistory, problems: [Diagnostic], version: String) {
        self.history = history
        self.problems = problems
        self.version = version
    }

    /// The indices of the runs the charts draw.
    var charted: Range<Int> { max(0, history.runs.count - Self.chartedRuns)..<history.runs.count }

    /// The whole page.
    public func html() -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="color-scheme" content="light dark">
            <title>conform history: \(Escaping.xml(verdict.text))</title>
            <style>
            \(HistoryStyle.sheet)\(HistoryStyle.columns(charted.count))
            </style>
            </head>
            <body>

            """
        out += header()
        out += "<main>\n"
        out += problemsSection()
        out += brokenSection()
        out += fixedSection()
        out += appsSection()
        out += countsSection()
        out += runsSection()
        out += "</main>\n"
        out += "<footer>conform \(Escaping.xml(version)) · \(Plural.count(history.runs.count, "run document")) read</footer>\n"
        return out + "</body>\n</html>\n"
    }

    /// What the page shows, in a line: `6 runs, 1 claim broken in the latest run`.
    public var summary: String {
        "\(Plural.count(history.runs.count, "run")), \(verdict.text)"
    }

    var verdict: (text: String, className: String) {
        guard let latest = history.runs.last else { return ("no run", "none") }
        let broken = history.brokenNow.count
        if broken > 0 { return ("\(Plural.count(broken, "claim")) broken in the latest run", "fail") }
        let claims = latest.claims.count
        if claims == 0 { return ("no claim in the latest run", "none") }
        // A baselined claim does not hold, though it does not fail the run either.
        if latest.claims.contains(where: { $0.outcome == .baselined }) { return ("no claim broken in the latest run", "pass") }
        return (claims == 1 ? "the claim holds in the latest run" : "every claim holds in the latest run", "pass")
    }

    private func header() -> String {
        var line = "<span class=\"status \(verdict.className)\">\(Escaping.xml(verdict.text))</span>"
        let runs = history.runs
        if let first = runs.first, let latest = runs.last {
            line += " \(Plural.count(runs.count, "run"))"
            line += runs.count == 1 ? ": " : " from <code>\(Escaping.xml(first.name))</code> to "
            line += "<code>\(Escaping.xml(latest.name))</code>"
            if let time = latest.recordedAt { line += " (\(Escaping.xml(HistoryWording.time(time))))" }
        }
        let baselined = runs.last?.claims.filter { $0.outcome == .baselined }.count ?? 0
        if baselined > 0 { line += " · \(Plural.count(baselined, "claim")) baselined" }
        if let errors = runs.last?.counts.errors, errors > 0 { line += " · \(Plural.count(errors, "input problem")) in the latest run" }
        if !problems.isEmpty { line += " · <a href=\"#problems\">\(Plural.count(problems.count, "file")) not read</a>" }
        var nav: [String] = []
        if !problems.isEmpty { nav.append("<a href=\"#problems\">Files not read</a>") }
        if !history.brokenNow.isEmpty { nav.append("<a href=\"#broken\">Broken in the latest run</a>") }
        if !history.fixed.isEmpty { nav.append("<a href=\"#fixed\">Fixed</a>") }
        nav += ["<a href=\"#apps\">Per app</a>", "<a href=\"#counts\">Counts</a>", "<a href=\"#runs\">Runs</a>"]
        return """
            <header>
            <h1>conform history</h1>
            <p class="verdict" id="verdict">\(line)</p>
            <p class="note" id="order">\(HistoryWording.order(history.order))</p>
            <nav>\(nav.joined(separator: " · "))</nav>
            </header>

            """
    }

    private func problemsSection() -> String {
        guard !problems.isEmpty else { return "" }
        var out = "<section id=\"problems\">\n<h2>Files not read</h2>\n"
        out += "<p class=\"note\">Not a run document, or not one this conform reads: the page shows the others.</p>\n<ul>\n"
        for problem in problems {
            out += "<li><code>\(Escaping.xml(problem.location.description))</code>: <bdi>\(Escaping.xml(problem.message))</bdi></li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    private func brokenSection() -> String {
        let broken = history.brokenNow
        guard !broken.isEmpty else { return "" }
        var out = "<section id=\"broken\">\n<h2>Broken in the latest run</h2>\n"
        out +=
            "<p class=\"note\">Each claim with the run where it first broke: the start of its current streak of runs in which it did not hold.</p>\n"
        if broken.count > Self.listedBrokenClaims {
            out += "<p class=\"note\"><strong>Shortened:</strong> the first \(Self.listedBrokenClaims) of \(broken.count); "
            out += "the latest run's JSON document has them all.</p>\n"
        }
        out += "<div class=\"table-box\"><table class=\"broken\">\n"
        out += "<thead><tr><th scope=\"col\">Trace</th><th scope=\"col\">App</th><th scope=\"col\">Policy</th>"
        out += "<th scope=\"col\">Broken since</th><th scope=\"col\">Where</th><th scope=\"col\">What</th></tr></thead>\n<tbody>\n"
        let latest = history.runs.count - 1
        for item in broken.prefix(Self.listedBrokenClaims) {
            let claim = item.claim
            let app = appLink(item.app)
            let since = history.runs[item.since]
            let length = latest - item.since + 1
            let place = claim.file + (claim.line.map { ":\($0)" } ?? "")
            let step = claim.step.map { "step \($0): " } ?? ""
            out += "<tr><th scope=\"row\">\(Escaping.xml(claim.trace))</th><td data-label=\"app\">\(app)</td>"
            out += "<td data-label=\"policy\">\(Escaping.xml(claim.policy))</td>"
            out += "<td data-label=\"since\"><strong>\(HistoryWording.run(item.since))</strong> "
            out += "<span class=\"count\">(\(Escaping.xml(HistoryWording.identify(since))); \(Plural.count(length, "run")))</span></td>"
            out += "<td data-label=\"where\"><code class=\"path\">\(Escaping.htmlPath(place))</code></td>"
            out += "<td data-label=\"what\">\(Escaping.xml(step + (claim.message ?? "broken")))"
            for difference in claim.differences { out += "<br><code>\(Escaping.xml(difference))</code>" }
            out += "</td></tr>\n"
        }
        return out + "</tbody>\n</table></div>\n</section>\n"
    }

    /// The claims that hold again, the latest fixes first: folded when there are more than 20.
    private func fixedSection() -> String {
        let fixed = history.fixed
        guard !fixed.isEmpty else { return "" }
        var out = "<section id=\"fixed\">\n<h2>Fixed</h2>\n"
        out += "<details\(fixed.count <= Self.openRunsTable ? " open" : "")><summary>\(Plural.count(fixed.count, "claim")) "
        out += "\(Plural.verb("holds", "hold", fixed.count)) in the latest run after being broken, the latest fixes first</summary>\n"
        if fixed.count > Self.listedBrokenClaims {
            out += "<p class=\"note\"><strong>Shortened:</strong> the first \(Self.listedBrokenClaims) of \(fixed.count).</p>\n"
        }
        out += "<div class=\"table-box\"><table class=\"broken\">\n"
        out += "<thead><tr><th scope=\"col\">Trace</th><th scope=\"col\">App</th><th scope=\"col\">Policy</th>"
        out += "<th scope=\"col\">Holds since</th><th scope=\"col\">Last broken in</th></tr></thead>\n<tbody>\n"
        for item in fixed.prefix(Self.listedBrokenClaims) {
            let claim = item.claim
            out += "<tr><th scope=\"row\">\(Escaping.xml(claim.trace))</th><td data-label=\"app\">\(appLink(item.app))</td>"
            out += "<td data-label=\"policy\">\(Escaping.xml(claim.policy))</td>"
            out += "<td data-label=\"holds since\"><strong>\(HistoryWording.run(item.since))</strong> "
            out += "<span class=\"count\">(\(Escaping.xml(HistoryWording.identify(history.runs[item.since]))))</span></td>"
            out += "<td data-label=\"last broken in\">\(HistoryWording.run(item.lastBroken)) "
            out += "<span class=\"count\">(\(Escaping.xml(HistoryWording.identify(history.runs[item.lastBroken]))))</span></td></tr>\n"
        }
        return out + "</tbody>\n</table></div>\n</details>\n</section>\n"
    }

    /// The app's name linked to its charts.
    private func appLink(_ name: String) -> String {
        guard let index = history.apps.firstIndex(where: { $0.name == name }) else { return Escaping.xml(name) }
        return "<a href=\"#app-\(index + 1)\">\(Escaping.xml(name))</a>"
    }
}
