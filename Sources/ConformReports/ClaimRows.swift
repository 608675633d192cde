import ConformCore

/// The claims of a run in report order (by policy, then file), with their location and one-line text;
/// shared by the JUnit, SARIF and GitHub outputs.
struct ClaimRow {
    var pair: PairResult
    var line: Int?
    var column: Int?
    var title: String
    var detail: String

    var passed: Bool { pair.verdict.kind == .pass }

    static func rows(_ result: RunResult) -> [ClaimRow] {
        result.results.filter(\.claimed).sorted { ($0.policy, $0.file) < ($1.policy, $1.file) }.map(ClaimRow.init)
    }

    init(_ pair: PairResult) {
        self.pair = pair
        switch pair.verdict {
        case .pass:
            title = "conforms to '\(pair.policy)'"
            detail = ""
        case .fail(let departure):
            line = departure.position.line
            column = departure.position.column
            title = "'\(pair.policy)' departs at step \(departure.step) (state '\(departure.state)')"
            detail = "\(departure.message)\nexpected: \(departure.expected.serialized())\nobserved: \(departure.observed.serialized())"
        case .inapplicable(let reason):
            title = "'\(pair.policy)' cannot judge this trace"
            detail = reason
        case .error(let message, _, let position):
            line = position.line
            column = position.column
            title = "'\(pair.policy)' could not be evaluated"
            detail = message
        }
    }

    /// `file:line` (or the file alone) for messages.
    var place: String {
        line.map { "\(pair.file):\($0)" } ?? pair.file
    }
}
