/// A file of known broken claims that a run accepts (`conform run --baseline`): each entry names a
/// claim by what its failure is, not where it is written, with the reason it is accepted.
public struct Baseline: Sendable {
    /// The file the entries were read from (or are to be written to).
    public var file: String
    /// The entries in file order.
    public private(set) var entries: [BaselineEntry]
    /// Trace and policy → the entry's index (at most one entry per claim).
    private var index: [BaselinePair: Int] = [:]

    /// A baseline of `entries`, read from or to be written to `file`.
    /// - Parameter file: the baseline file.
    /// - Parameter entries: at most one per trace and policy; of two, the first is kept.
    public init(file: String, entries: [BaselineEntry]) {
        self.file = file
        self.entries = []
        for entry in entries where index[entry.key.pair] == nil {
            index[entry.key.pair] = self.entries.count
            self.entries.append(entry)
        }
    }

    /// The entry for a trace and policy, with its index in `entries`.
    public func entry(trace: String, policy: String) -> (index: Int, entry: BaselineEntry)? {
        guard let found = index[BaselinePair(trace: trace, policy: policy)] else { return nil }
        return (found, entries[found])
    }

    /// The entries as `--write-baseline` writes them: by trace id, then policy id.
    public var sortedEntries: [BaselineEntry] {
        entries.sorted { ($0.key.trace, $0.key.policy) < ($1.key.trace, $1.key.policy) }
    }
}

/// One accepted broken claim: what it is, why it is accepted, until when, and where it is written.
public struct BaselineEntry: Sendable {
    /// Which failure the entry accepts.
    public var key: BaselineKey
    /// Why it is accepted (`reason:`), for a person to read.
    public var reason: String
    /// The last day the entry accepts its failure; `nil`: no end.
    public var expires: CalendarDate?
    /// Where the entry is written in its file (its first key); `nil` for an entry made by this run.
    public var position: TextPosition?

    /// The reason `--write-baseline` gives a new entry, for a person to replace.
    public static let placeholderReason = "TODO say why this deviation is accepted"

    /// An entry; `position` is `nil` for an entry made by this run.
    public init(key: BaselineKey, reason: String, expires: CalendarDate? = nil, position: TextPosition? = nil) {
        self.key = key
        self.reason = reason
        self.expires = expires
        self.position = position
    }

    /// Whether the entry no longer accepts its failure on `today` (it does on its `expires` day itself).
    public func hasExpired(on today: CalendarDate) -> Bool {
        expires.map { today > $0 } ?? false
    }
}

/// What a broken claim is, as a baseline recognises it: trace, policy, the kind of verdict, and for a
/// departure the model's state and what the trace observed or did there. The step number, the line
/// and the expected value are left out, so that editing an unrelated step keeps an entry matching.
public struct BaselineKey: Sendable, CustomStringConvertible {
    /// The trace id.
    public var trace: String
    /// The policy id.
    public var policy: String
    /// `fail`, `inapplicable` or `error` (never `pass`).
    public var verdict: Verdict.Kind
    /// For `fail`: the policy's control state at the departure.
    public var state: String?
    /// For `fail`: the departure's `observed` object (the departing key or action, with its value).
    public var observed: JSONValue?
    /// For `fail` revealed by a `see`: everything that `see` observed (`Departure.revealed`), so that an
    /// app that now saves where it discarded, departing at the same key, no longer matches. `nil` in an
    /// entry written before conform kept it: such an entry matches on `observed` alone.
    public var seen: JSONValue?

    /// A key; `state`, `observed` and `seen` are for `fail` only.
    public init(
        trace: String, policy: String, verdict: Verdict.Kind, state: String? = nil, observed: JSONValue? = nil, seen: JSONValue? = nil
    ) {
        self.trace = trace
        self.policy = policy
        self.verdict = verdict
        self.state = state
        self.observed = observed
        self.seen = seen
    }

    /// The key of a claim that does not hold; `nil` for a claim that holds or a pair that is no claim.
    public init?(_ pair: PairResult) {
        guard pair.claimed else { return nil }
        switch pair.verdict {
        case .pass: return nil
        case .fail(let departure):
            self.init(
                trace: pair.trace, policy: pair.policy, verdict: .fail, state: departure.state, observed: departure.observed,
                seen: departure.revealed)
        case .inapplicable: self.init(trace: pair.trace, policy: pair.policy, verdict: .inapplicable)
        case .error: self.init(trace: pair.trace, policy: pair.policy, verdict: .error)
        }
    }

    /// Whether `other` (a run's failure) is the failure this entry names: objects compare whatever their
    /// key order, numbers by value. An entry without `seen` (an older file) does not compare it.
    public func matches(_ other: BaselineKey) -> Bool {
        trace == other.trace && policy == other.policy && verdict == other.verdict && state == other.state
            && observed.map(\.canonical) == other.observed.map(\.canonical)
            && (seen == nil || seen.map(\.canonical) == other.seen.map(\.canonical))
    }

    /// The values of `seen` that differ in `other`'s, as `saved: false → true` (a key missing on one side
    /// reads `(not seen)`); empty when they agree or this key has no `seen`.
    public func seenChanges(in other: BaselineKey) -> [String] {
        guard case .object(let before)? = seen else { return [] }
        let after: [(String, JSONValue)] = if case .object(let members)? = other.seen { members } else { [] }
        var changes: [String] = []
        for (key, value) in before {
            let now = after.first { $0.0 == key }?.1
            if now?.canonical != value.canonical {
                changes.append("\(key): \(value.serialized()) → \(now?.serialized() ?? "(not seen)")")
            }
        }
        for (key, value) in after where !before.contains(where: { $0.0 == key }) {
            changes.append("\(key): (not seen) → \(value.serialized())")
        }
        return changes
    }

    /// `in state 'editing' with {"cancel":"absent"}`, `inapplicable`, `error`.
    public var description: String {
        guard verdict == .fail else { return verdict.rawValue }
        return "in state '\(state ?? "")' with \(observed?.serialized() ?? "{}")"
    }

    var pair: BaselinePair { BaselinePair(trace: trace, policy: policy) }
}

/// A trace id and a policy id: one claim.
struct BaselinePair: Hashable, Sendable {
    var trace: String
    var policy: String
}

/// How a baseline entry judged a broken claim: accepted, or matched but expired.
public struct BaselineMark: Sendable {
    /// The entry's reason.
    public var reason: String
    /// The entry's last day, if it has one.
    public var expires: CalendarDate?
    /// Past `expires` on the run's day: the failure counts again.
    public var expired: Bool
    /// The entry's index in the baseline read; `nil` for an entry `--write-baseline` makes in this run.
    public var entry: Int?
    /// Where the entry is written (file, line, column); `nil` for an entry made in this run.
    public var source: SourceLocation?

    /// A mark of the entry `entry`, written at `source`.
    public init(reason: String, expires: CalendarDate?, expired: Bool, entry: Int?, source: SourceLocation?) {
        self.reason = reason
        self.expires = expires
        self.expired = expired
        self.entry = entry
        self.source = source
    }
}

extension PairResult {
    /// A broken claim that a baseline entry accepts (one that has not expired).
    public var isBaselined: Bool { baseline.map { !$0.expired } ?? false }

    /// A claim that does not hold and is not baselined: what fails the run.
    public var failsRun: Bool { claimed && verdict.kind != .pass && !isBaselined }
}

extension JSONValue {
    /// The same value with every object's members sorted by key, to compare regardless of key order.
    public var canonical: JSONValue {
        switch self {
        case .array(let items): return .array(items.map(\.canonical))
        case .object(let members): return .object(members.map { ($0.0, $0.1.canonical) }.sorted { $0.0 < $1.0 })
        default: return self
        }
    }
}
