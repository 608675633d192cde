import ConformCore

/// The terminal report: every unreadable file, warning and broken claim in compiler form, then what each
/// app's traces agree with, then a summary line. Built file by file as the run goes, keeping only
/// counts and what it will print of the broken claims, so that memory grows with that text alone.
public struct TerminalReport: RunRenderer {
    private let context: RunContext
    private let terminal: Terminal
    private var errors: [Diagnostic] = []
    private var warnings: [Diagnostic] = []
    /// The broken claims' lines, each made as its file's outcome comes: kept as pairs (with their
    /// departures' values) to the end, they were most of a failing run's memory.
    private var brokenClaims = ""
    private var apps: AppAgreements
    private var tally = RunTally()

    public init(context: RunContext, terminal: Terminal) {
        self.context = context
        self.terminal = terminal
        apps = AppAgreements(policyIDs: context.policyIDs)
    }

    /// Takes note of one file's outcome; the report is written when the run is done.
    public mutating func add(_ outcome: FileOutcome) -> String {
        errors += outcome.errors
        warnings += outcome.warnings
        tally.add(outcome)
        guard outcome.summary != nil else { return "" }
        // By position: `filter` would copy every result (all its strings retained) to look at two fields.
        let results = outcome.results
        for index in results.indices where results[index].claimed && results[index].outcome.verdict.kind != .pass {
            brokenClaims += claimLine(results[index])
        }
        apps.add(outcome)
        return ""
    }

    public func finish(_ ending: RunEnding) -> String {
        var out = ""
        let printer = DiagnosticPrinter(terminal: terminal)
        for diagnostic in ending.leadingErrors + errors + warnings { out += printer.text(diagnostic) }
        out += brokenClaims
        if let baseline = ending.baseline {
            for stale in baseline.stale { out += printer.text(BaselineWording.diagnostic(stale, strict: baseline.strict)) }
        }
        out += agreement()
        if let coverage = ending.coverage { out += coverageText(coverage) }
        var tally = tally
        tally.add(errors: ending.leadingErrors)
        if let baseline = ending.baseline { tally.add(baseline: baseline) }
        out += summary(tally) + "\n"
        // Each part after the first is set off by a blank line; with nothing before it, the first one is not.
        return out.hasPrefix("\n") ? String(out.dropFirst()) : out
    }

    private func claimLine(_ pair: PairResult) -> String {
        guard let parts = ClaimWording.parts(pair, verbose: context.verbose) else { return "" }
        // A baselined claim is shown, as a warning, with why it is accepted; an expired entry says so under the error.
        let severity: Diagnostic.Severity = pair.isBaselined ? .warning : .error
        let baseline = pair.baseline.map { "    " + Escaping.terminal(BaselineWording.line($0)) + "\n" } ?? ""
        return DiagnosticPrinter(terminal: terminal).line(parts.place, severity, parts.message)
            + parts.details.map { "    " + Escaping.terminal($0) + "\n" }.joined() + baseline
    }

    /// Per app: its claims first (they decide the exit status), then, as information, which of the
    /// policies it does not claim all, some or none of its traces agree with.
    private func agreement() -> String {
        guard !apps.isEmpty else { return "" }
        var out =
            "\n"
            + terminal.dim("Per app: its claims, then (unclaimed, for information only) how its traces compare with the other policies.")
            + "\n"
        for app in apps.apps {
            out += terminal.bold(Escaping.terminal(app.name)) + " (" + Plural.count(app.traces, "trace") + ")\n"
            let claims = app.claims.map { claim -> String in
                let text = "\(Escaping.terminal(claim.policy)) \(claim.verdict)"
                switch claim.state {
                case .holds: return terminal.green(text) + " " + claim.count
                case .baselined: return terminal.yellow(text) + " " + claim.count
                case .broken: return terminal.red(text) + " " + claim.count
                }
            }
            if !claims.isEmpty { out += "  claims:    " + claims.joined(separator: ", ") + "\n" }
            var unclaimed: [String] = []
            if !app.agree.isEmpty { unclaimed.append("agree " + app.agree.map(Escaping.terminal).joined(separator: ", ")) }
            if !app.partly.isEmpty { unclaimed.append("partly " + app.partly.map { Escaping.terminal($0.text) }.joined(separator: ", ")) }
            if !app.differ.isEmpty { unclaimed.append("differ " + app.differ.map(Escaping.terminal).joined(separator: ", ")) }
            if !unclaimed.isEmpty { out += "  " + terminal.dim("unclaimed:") + " " + unclaimed.joined(separator: "; ") + "\n" }
        }
        return out
    }

    /// Per claimed policy: transitions exercised out of all, and the ones no trace took.
    private func coverageText(_ report: CoverageReport) -> String {
        var out = "\n" + terminal.bold("Coverage") + " (transitions the traces claiming each policy took)\n"
        for entry in report.policies {
            let complete = entry.covered.count == entry.total
            let count = "\(entry.covered.count)/\(entry.total)"
            out += "  \(complete ? terminal.green(count) : terminal.yellow(count)) \(Escaping.terminal(entry.policy))\n"
            for missing in entry.uncovered {
                out += "      not exercised: " + Escaping.terminal("\(missing.state): \(missing.action)") + "\n"
            }
        }
        guard !report.pairs.isEmpty else { return out }
        out += "\n" + terminal.bold("Where the claimed policies differ")
        out +=
            " (of the scenarios on which `conform compare` finds two policies differing, those some trace shows; traces that pass one and fail the other)\n"
        for pair in report.pairs {
            let count = "\(pair.covered)/\(pair.total)"
            let told = "\(Plural.count(pair.tellingApart, "trace")) \(Plural.verb("tells", "tell", pair.tellingApart)) them apart"
            out +=
                "  \(pair.covered == pair.total ? terminal.green(count) : terminal.yellow(count)) "
                + Escaping.terminal("\(pair.policies.0) vs \(pair.policies.1)") + ": "
            out += (pair.tellingApart == 0 ? terminal.red(told) : told) + "\n"
            for missing in pair.uncovered {
                let scenario = CoverageWording.scenario(missing, in: pair, policies: context.policies)
                out +=
                    "      not shown: " + Escaping.terminal(scenario)
                    + " (\(Escaping.terminal(CoverageWording.differs(missing, in: pair))))\n"
            }
        }
        return out
    }

    private func summary(_ tally: RunTally) -> String {
        var line = "\n\(Plural.count(tally.traces, "trace")), \(Plural.count(context.policies.count, "policy")): "
        line += tally.claims == 0 ? "no claims" : Plural.part(tally.claimsHeld, of: tally.claims, "claim", verb: ("holds", "hold"))
        if tally.claimsBaselined > 0 { line += ", " + terminal.yellow("\(tally.claimsBaselined) baselined") }
        if tally.claimsBroken > 0 { line += ", " + terminal.red("\(tally.claimsBroken) failed") }
        if tally.staleEntries > 0 {
            let stale = Plural.count(tally.staleEntries, "stale baseline entry")
            line += ", " + (tally.strictBaseline ? terminal.red(stale) : terminal.yellow(stale))
        }
        if tally.errors > 0 { line += ", " + terminal.red(Plural.count(tally.errors, "error")) }
        if tally.warnings > 0 { line += ", " + terminal.yellow(Plural.count(tally.warnings, "warning")) }
        return line
    }
}
