import ConformCore

/// How every output words a baseline: the line under a baselined or expired claim, stale entries, and
/// what `--write-baseline` wrote.
public enum BaselineWording {
    /// `baselined: REASON (until 2025-09-30)`, or, for an entry that has expired,
    /// `baseline entry expired on 2025-09-30 (FILE:LINE:COLUMN): REASON`.
    public static func line(_ mark: BaselineMark) -> String {
        guard mark.expired, let expires = mark.expires else {
            return "baselined: " + mark.reason + (mark.expires.map { " (until \($0))" } ?? "")
        }
        return "baseline entry expired on \(expires)" + (mark.source.map { " (\($0.description))" } ?? "") + ": " + mark.reason
    }

    /// Why an entry matched nothing, without the entry's place.
    public static func why(_ stale: StaleBaselineEntry) -> String {
        let trace = stale.entry.key.trace
        let policy = stale.entry.key.policy
        switch stale.reason {
        case .traceNotChecked: return "trace '\(trace)' was not checked in this run"
        case .policyNotLoaded: return "policy '\(policy)' is not loaded"
        case .notClaimed: return "trace '\(trace)' no longer claims '\(policy)'"
        case .holds: return "'\(policy)' now holds for trace '\(trace)'"
        case .departsDifferently(let key):
            switch key.verdict {
            case .inapplicable: return "'\(policy)' now cannot judge trace '\(trace)'"
            case .error: return "trace '\(trace)' now cannot be evaluated against '\(policy)'"
            case .pass, .fail:
                let changes = stale.entry.key.seenChanges(in: key)
                var same = stale.entry.key
                same.seen = key.seen
                if !changes.isEmpty, same.matches(key) {
                    return "trace '\(trace)' departs from '\(policy)' \(key), as the entry says, but what that step saw changed: "
                        + changes.joined(separator: ", ")
                }
                return "trace '\(trace)' now departs from '\(policy)' \(key)"
            }
        }
    }

    /// A stale entry at its place in the baseline file: a warning, or an error with `--strict-baseline`.
    public static func diagnostic(_ stale: StaleBaselineEntry, strict: Bool) -> Diagnostic {
        Diagnostic(strict ? .error : .warning, "stale baseline entry: " + why(stale), at: stale.location)
    }

    /// A stale entry in the JSON document's `staleBaselineEntries`.
    static func json(_ stale: StaleBaselineEntry) -> JSONValue {
        .object([
            ("file", .string(stale.file)),
            ("line", stale.entry.position.map { .number(Double($0.line)) } ?? .null),
            ("column", stale.entry.position.map { .number(Double($0.column)) } ?? .null),
            ("trace", .string(stale.entry.key.trace)),
            ("policy", .string(stale.entry.key.policy)),
            ("message", .string(why(stale))),
        ])
    }

    /// `summary.baseline` in the JSON document.
    static func summaryJSON(_ baseline: BaselineOutcome, tally: RunTally) -> JSONValue {
        .object([
            ("file", .string(baseline.file)),
            ("entries", .number(Double(baseline.entries))),
            ("expired", .number(Double(tally.claimsExpired))),
            ("stale", .number(Double(baseline.stale.count))),
            ("strict", .bool(baseline.strict)),
        ])
    }

    /// What `--write-baseline` says on standard error: each entry it dropped, as a warning at its old
    /// place, then what it wrote.
    public static func written(_ baseline: BaselineOutcome) -> (dropped: [Diagnostic], summary: String) {
        let dropped = baseline.dropped.map { stale in
            Diagnostic(.warning, "entry left out of \(baseline.file): " + why(stale), at: stale.location)
        }
        let entries = baseline.written?.entries ?? []
        let new = entries.filter { $0.position == nil }.count
        let summary = "conform: wrote \(Escaping.terminal(baseline.file)): \(Plural.count(entries.count, "entry")) (\(new) new)"
        return (dropped, summary)
    }
}
