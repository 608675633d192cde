import ConformCore
import ConformKit

/// The terminal report: every unreadable file, warning and broken claim in compiler form, then what each
/// app's traces agree with, then a summary line. Built file by file as the run goes, keeping only
/// counts and the broken claims, so that memory does not grow with the corpus.
struct TextReport {
    private struct AppTally {
        var traces = 0
        var claims = Set<String>()
        var passed: [String: Int] = [:]
        var judged: [String: Int] = [:]
    }

    let policyIDs: [String]
    private var errors: [Diagnostic] = []
    private var warnings: [Diagnostic] = []
    private var broken: [PairResult] = []
    private var apps: [String: AppTally] = [:]
    private(set) var traceCount = 0
    private(set) var claimsPassed = 0
    private(set) var claimsFailed = 0

    init(policyIDs: [String]) {
        self.policyIDs = policyIDs
    }

    /// Takes note of one file's outcome.
    mutating func add(_ outcome: ConformRunner.FileOutcome) {
        errors += outcome.errors
        warnings += outcome.warnings
        guard let trace = outcome.summary else { return }
        traceCount += 1
        for pair in outcome.results where pair.claimed {
            if case .pass = pair.verdict {
                claimsPassed += 1
            } else {
                claimsFailed += 1
                broken.append(pair)
            }
        }
        // In place: a copy of the app's tally would copy its dictionaries for every trace.
        Self.count(outcome, trace, into: &apps[trace.app ?? "(no app)", default: AppTally()])
    }

    private static func count(_ outcome: ConformRunner.FileOutcome, _ trace: TraceSummary, into tally: inout AppTally) {
        tally.traces += 1
        tally.claims.formUnion(trace.claims)
        for pair in outcome.results {
            switch pair.verdict {
            case .inapplicable: continue
            case .pass:
                tally.judged[pair.policy, default: 0] += 1
                tally.passed[pair.policy, default: 0] += 1
            case .fail, .error:
                tally.judged[pair.policy, default: 0] += 1
            }
        }
    }

    /// 0 when every claim holds, 1 when one does not, 2 when a file could not be read or no trace was found.
    /// Warnings never count.
    func exitStatus(leadingErrors: [Diagnostic]) -> Int32 {
        if !leadingErrors.isEmpty || !errors.isEmpty || traceCount == 0 { return 2 }
        return claimsFailed > 0 ? 1 : 0
    }

    func render(leadingErrors: [Diagnostic], coverage: CoverageReport? = nil, terminal: Terminal) -> String {
        var out = ""
        let allErrors = leadingErrors + errors
        for error in allErrors {
            out += located(error.location.description, error.message, terminal) + "\n"
            for note in error.notes { out += "    note: \(note)\n" }
        }
        for warning in warnings {
            out += "\(Terminal.printable(warning.location.description)): \(terminal.yellow("warning:")) \(Terminal.printable(warning.message))\n"
        }
        for pair in broken { out += claimLine(pair, terminal) }
        out += agreement(terminal)
        if let coverage { out += Self.coverage(coverage, terminal) }
        out += summary(errorCount: allErrors.count, terminal) + "\n"
        return out
    }

    private func located(_ place: String, _ message: String, _ terminal: Terminal) -> String {
        "\(Terminal.printable(place)): \(terminal.red("error:")) \(Terminal.printable(message))"
    }

    private func claimLine(_ pair: PairResult, _ terminal: Terminal) -> String {
        guard let parts = ClaimWording.parts(pair) else { return "" }
        return located(parts.place, parts.message, terminal) + "\n" + parts.details.map { "    \($0)\n" }.joined()
    }

    /// Per app: which policies all, some or none of its traces agree with.
    private func agreement(_ terminal: Terminal) -> String {
        guard !apps.isEmpty else { return "" }
        var out = "\n"
        for app in apps.keys.sorted() {
            guard let tally = apps[app] else { continue }
            let claims = tally.claims.sorted()
            out += terminal.bold(Terminal.printable(app)) + " (\(tally.traces) trace\(tally.traces == 1 ? "" : "s")"
            out += claims.isEmpty ? ")\n" : ", claims \(claims.joined(separator: ", ")))\n"
            var all: [String] = [], some: [String] = [], none: [String] = []
            for policy in policyIDs {
                guard let judged = tally.judged[policy], judged > 0 else { continue }
                let passed = tally.passed[policy] ?? 0
                if passed == judged {
                    all.append(policy)
                } else if passed == 0 {
                    none.append(policy)
                } else {
                    some.append("\(policy) \(passed)/\(judged)")
                }
            }
            if !all.isEmpty { out += "  \(terminal.green("agree:"))     \(all.joined(separator: ", "))\n" }
            if !some.isEmpty { out += "  \(terminal.yellow("partly:"))    \(some.joined(separator: ", "))\n" }
            if !none.isEmpty { out += "  \(terminal.dim("disagree:"))  \(none.joined(separator: ", "))\n" }
        }
        return out
    }

    /// Per claimed policy: transitions exercised out of all, and the ones no trace took.
    private static func coverage(_ report: CoverageReport, _ terminal: Terminal) -> String {
        var out = "\n" + terminal.bold("Coverage") + " (transitions the traces claiming each policy took)\n"
        for entry in report.policies {
            let complete = entry.covered.count == entry.total
            let count = "\(entry.covered.count)/\(entry.total)"
            out += "  \(complete ? terminal.green(count) : terminal.yellow(count)) \(entry.policy)\n"
            for missing in entry.uncovered { out += "      not exercised: \(missing.state): \(missing.action)\n" }
        }
        guard !report.pairs.isEmpty else { return out }
        out += "\n" + terminal.bold("Where the claimed policies differ")
        out += " (of the scenarios on which `conform compare` finds two policies differing, those some trace shows; traces that pass one and fail the other)\n"
        for pair in report.pairs {
            let count = "\(pair.covered)/\(pair.total)"
            let told = "\(pair.tellingApart) trace\(pair.tellingApart == 1 ? "" : "s") tell\(pair.tellingApart == 1 ? "s" : "") them apart"
            out += "  \(pair.covered == pair.total ? terminal.green(count) : terminal.yellow(count)) \(pair.policies.0) vs \(pair.policies.1): "
            out += (pair.tellingApart == 0 ? terminal.red(told) : told) + "\n"
            for missing in pair.uncovered {
                out += "      not shown: " + Terminal.printable(missing.scenario) + " (\(Terminal.printable(missing.differs)))\n"
            }
        }
        return out
    }

    private func summary(errorCount: Int, _ terminal: Terminal) -> String {
        let claims = claimsPassed + claimsFailed
        var line = "\n\(traceCount) trace\(traceCount == 1 ? "" : "s"), \(policyIDs.count) policies: "
        line += claims == 0 ? "no claims" : "\(claimsPassed) of \(claims) claim\(claims == 1 ? "" : "s") hold"
        if claimsFailed > 0 { line += ", " + terminal.red("\(claimsFailed) failed") }
        if errorCount > 0 { line += ", " + terminal.red("\(errorCount) error\(errorCount == 1 ? "" : "s")") }
        if !warnings.isEmpty { line += ", " + terminal.yellow("\(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
        return line
    }
}
