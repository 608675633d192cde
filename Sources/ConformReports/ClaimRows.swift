import ConformCore

/// The claims of a run in report order (by policy, then file), with their location and one-line text;
/// shared by the JUnit, SARIF and GitHub outputs.
struct ClaimRow {
    var pair: PairResult
    var line: Int?
    var column: Int?
    var title: String

    /// What the claim's verdict says after its title: a departure's headline and, a line or two each
    /// indented under it, the parts that differ (`DepartureDifference`; the whole values are in the
    /// JSON report). Made when read (the SARIF report and the HTML page's broken claims read the first
    /// line alone, or nothing).
    var detail: String {
        switch pair.verdict {
        case .pass: return ""
        case .fail(let departure):
            let difference = departure.difference
            return ([difference.headline] + difference.lines.map { "  " + $0 }).joined(separator: "\n")
        case .inapplicable(let reason): return reason
        case .error(let message, _, _): return message
        }
    }

    /// `detail`'s first line that is not empty (as `split(separator: "\n")` finds it), without serialising
    /// a departure's values when its message alone holds that line.
    var firstDetailLine: String {
        // The headline's own first line, unless it is empty, or its last "\r" would join the "\n" after it.
        // (A departure's message may be worded when read: it is read once.)
        if case .fail(let departure) = pair.verdict, case let message = departure.difference.headline, let first = message.first,
            first != "\n",
            message.unicodeScalars.last != "\r"
        {
            return message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        }
        return detail.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    }

    /// What SARIF says after the title, in one line: `firstDetailLine` and, for a departure, each part
    /// that differs (`sheet title: expected '…', saw '…'`), so that a code-scanning alert names it.
    var summaryLine: String {
        guard case .fail(let departure) = pair.verdict else { return firstDetailLine }
        let difference = departure.difference
        let first = difference.headline.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        return ([first] + difference.differences.map(\.sentence)).joined(separator: "; ")
    }

    var passed: Bool { pair.verdict.kind == .pass }

    static func rows(_ result: RunResult) -> [ClaimRow] {
        result.results.filter(\.claimed).sorted { ($0.policy, $0.file) < ($1.policy, $1.file) }.map(ClaimRow.init)
    }

    init(_ pair: PairResult) {
        self.pair = pair
        switch pair.verdict {
        case .pass:
            title = "conforms to '\(pair.policy)'"
        case .fail(let departure):
            line = departure.position.line
            column = departure.position.column
            title = "'\(pair.policy)' departs at step \(departure.step) (state '\(departure.state)')"
        case .inapplicable:
            title = "'\(pair.policy)' cannot judge this trace"
        case .error(_, _, let position):
            line = position.line
            column = position.column
            title = "'\(pair.policy)' could not be evaluated"
        }
    }

    /// `file:line` (or the file alone) for messages.
    var place: String {
        line.map { "\(pair.file):\($0)" } ?? pair.file
    }
}
