import ConformCore
import ConformKit

/// The terminal report: every broken claim and unreadable file in compiler form, then what each
/// app's traces agree with, then a summary line.
struct TextReport {
    let result: RunResult
    let terminal: Terminal

    func render() -> String {
        var out = ""
        for error in result.errors {
            out += located(error.location.description, error.message) + "\n"
            for note in error.notes { out += "    note: \(note)\n" }
        }
        for pair in result.results where pair.claimed && pair.verdict.name != "pass" {
            out += claimLine(pair)
        }
        out += agreement()
        out += summary() + "\n"
        return out
    }

    private func located(_ place: String, _ message: String) -> String {
        "\(place): \(terminal.red("error:")) \(message)"
    }

    private func claimLine(_ pair: PairResult) -> String {
        switch pair.verdict {
        case .fail(let departure):
            let place = "\(pair.file):\(departure.position.line):\(departure.position.column)"
            return located(place, "'\(pair.policy)' departs at step \(departure.step) (state '\(departure.state)'): \(departure.message)")
                + "\n    expected: \(departure.expected.serialized())\n    observed: \(departure.observed.serialized())\n"
        case .inapplicable(let reason):
            return located(pair.file, "claims '\(pair.policy)', which cannot judge it: \(reason)") + "\n"
        case .error(let message, _, let position):
            return located("\(pair.file):\(position.line):\(position.column)", message) + "\n"
        case .pass:
            return ""
        }
    }

    /// Per app: how many of its traces each policy accepts, best first.
    private func agreement() -> String {
        guard !result.traces.isEmpty else { return "" }
        var out = "\n"
        let apps = Dictionary(grouping: result.traces) { $0.app ?? "(no app)" }
        for app in apps.keys.sorted() {
            let traces = apps[app] ?? []
            let files = Set(traces.map(\.file))
            let pairs = result.results.filter { files.contains($0.file) }
            let claims = Set(traces.flatMap(\.claims)).sorted()
            out += terminal.bold(app) + " (\(traces.count) trace\(traces.count == 1 ? "" : "s")"
            out += claims.isEmpty ? ")\n" : ", claims \(claims.joined(separator: ", ")))\n"
            var all: [String] = [], some: [String] = [], none: [String] = []
            for policy in result.policyIDs {
                let judged = pairs.filter { $0.policy == policy && $0.verdict.name != "inapplicable" }
                guard !judged.isEmpty else { continue }
                let passed = judged.filter { $0.verdict.name == "pass" }.count
                if passed == judged.count {
                    all.append(policy)
                } else if passed == 0 {
                    none.append(policy)
                } else {
                    some.append("\(policy) \(passed)/\(judged.count)")
                }
            }
            if !all.isEmpty { out += "  \(terminal.green("agree:"))     \(all.joined(separator: ", "))\n" }
            if !some.isEmpty { out += "  \(terminal.yellow("partly:"))    \(some.joined(separator: ", "))\n" }
            if !none.isEmpty { out += "  \(terminal.dim("disagree:"))  \(none.joined(separator: ", "))\n" }
        }
        return out
    }

    private func summary() -> String {
        let claims = result.claimsPassed + result.claimsFailed
        var line = "\n\(result.traceCount) trace\(result.traceCount == 1 ? "" : "s"), \(result.policyIDs.count) policies: "
        line += claims == 0 ? "no claims" : "\(result.claimsPassed) of \(claims) claim\(claims == 1 ? "" : "s") hold"
        if result.claimsFailed > 0 { line += ", " + terminal.red("\(result.claimsFailed) failed") }
        if !result.errors.isEmpty { line += ", " + terminal.red("\(result.errors.count) error\(result.errors.count == 1 ? "" : "s")") }
        return line
    }
}
