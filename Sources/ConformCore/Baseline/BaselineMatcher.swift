/// Applies a baseline to a run: marks each broken claim that an entry matches (`mark`, on the threads
/// that check files), then, file by file in run order, keeps track of which entries matched and what
/// became of the claims of the others (`BaselineLedger`).
public struct BaselineMatcher: Sendable {
    /// The baseline the run is judged against.
    public let baseline: Baseline
    /// The day expiry is judged on.
    public let today: CalendarDate
    /// `--strict-baseline`: stale entries fail the run.
    public let strict: Bool
    /// `--write-baseline`: every broken claim that no entry matches is accepted with a new entry.
    public let writing: Bool

    /// A matcher of `baseline`, judging expiry on `today`.
    public init(baseline: Baseline, today: CalendarDate, strict: Bool = false, writing: Bool = false) {
        self.baseline = baseline
        self.today = today
        self.strict = strict
        self.writing = writing
    }

    /// Marks every broken claim among `results` that an entry matches (or, when writing, every one).
    public func mark(_ results: inout [PairResult]) {
        for index in results.indices {
            guard let key = BaselineKey(results[index]) else { continue }
            if let (number, entry) = baseline.entry(trace: key.trace, policy: key.policy), entry.key.matches(key) {
                results[index].baseline = BaselineMark(
                    reason: entry.reason, expires: entry.expires, expired: entry.hasExpired(on: today), entry: number,
                    source: entry.position.map { SourceLocation(file: baseline.file, position: $0) })
            } else if writing {
                results[index].baseline = BaselineMark(
                    reason: BaselineEntry.placeholderReason, expires: nil, expired: false, entry: nil, source: nil)
            }
        }
    }
}

/// What a run made of a baseline, entry by entry: fed every file's outcome in run order (after
/// `BaselineMatcher.mark`), it finds the stale entries and, when writing, the entries to write.
public struct BaselineLedger: Sendable {
    /// The matcher that marked the outcomes.
    public let matcher: BaselineMatcher
    private var matched = Set<Int>()
    /// For the claims that have an entry: the trace was checked, and what its pair with the policy gave.
    private var checkedTraces = Set<String>()
    private var fates: [BaselinePair: StaleBaselineEntry.Reason] = [:]
    /// Traces that entries name, so that other traces cost one set lookup.
    private let named: Set<String>
    /// When writing: an entry per broken claim, in run order.
    private var written: [BaselineEntry] = []

    /// A ledger for the claims `matcher` marks.
    public init(_ matcher: BaselineMatcher) {
        self.matcher = matcher
        named = Set(matcher.baseline.entries.map(\.key.trace))
    }

    /// Takes note of one file's outcome.
    public mutating func record(_ outcome: FileOutcome) {
        for pair in outcome.results {
            if matcher.writing, let mark = pair.baseline, let key = BaselineKey(pair) {
                if let number = mark.entry {
                    // Kept with its reason and expiry; what the step saw is refreshed (an older entry has none).
                    var entry = matcher.baseline.entries[number]
                    entry.key.seen = key.seen
                    written.append(entry)
                } else {
                    written.append(BaselineEntry(key: key, reason: mark.reason))
                }
            }
            guard named.contains(pair.trace) else { continue }
            checkedTraces.insert(pair.trace)
            guard let (number, _) = matcher.baseline.entry(trace: pair.trace, policy: pair.policy) else { continue }
            if pair.baseline?.entry == number {
                matched.insert(number)
            } else if !pair.claimed {
                fates[BaselinePair(trace: pair.trace, policy: pair.policy)] = .notClaimed
            } else if let key = BaselineKey(pair) {
                fates[BaselinePair(trace: pair.trace, policy: pair.policy)] = .departsDifferently(key)
            } else {
                fates[BaselinePair(trace: pair.trace, policy: pair.policy)] = .holds
            }
        }
    }

    /// What the run made of the baseline, once every file is recorded.
    /// - Parameter path: with `--write-baseline`, the file the new baseline goes to.
    public func finish(writtenTo path: String? = nil) -> BaselineOutcome {
        var unmatched: [StaleBaselineEntry] = []
        for (number, entry) in matcher.baseline.entries.enumerated() where !matched.contains(number) {
            let reason: StaleBaselineEntry.Reason
            if !checkedTraces.contains(entry.key.trace) {
                reason = .traceNotChecked
            } else {
                reason = fates[entry.key.pair] ?? .policyNotLoaded
            }
            unmatched.append(StaleBaselineEntry(entry: entry, file: matcher.baseline.file, reason: reason))
        }
        guard matcher.writing, let path else {
            return BaselineOutcome(
                file: matcher.baseline.file, entries: matcher.baseline.entries.count, stale: unmatched, strict: matcher.strict)
        }
        // Entries of traces this run did not check are kept as they are: a run over part of the corpus,
        // or a trace file with a problem, says nothing about them.
        let unchecked = unmatched.filter { if case .traceNotChecked = $0.reason { return true } else { return false } }
        let baseline = Baseline(file: path, entries: written + unchecked.map(\.entry))
        var outcome = BaselineOutcome(file: path, entries: baseline.entries.count, stale: [], strict: matcher.strict)
        outcome.written = baseline
        outcome.dropped = unmatched.filter { if case .traceNotChecked = $0.reason { return false } else { return true } }
        return outcome
    }
}

/// What a run made of its baseline: for the outputs and the exit status.
public struct BaselineOutcome: Sendable {
    /// The baseline file read, or, with `--write-baseline`, written.
    public var file: String
    /// Entries of the baseline the run was judged against.
    public var entries: Int
    /// Entries that matched no broken claim of the run.
    public var stale: [StaleBaselineEntry]
    /// `--strict-baseline`: stale entries fail the run.
    public var strict: Bool
    /// With `--write-baseline`: the baseline to write (every broken claim of the run).
    public var written: Baseline?
    /// With `--write-baseline`: the entries read that matched nothing although their trace was checked,
    /// left out of the new file.
    public var dropped: [StaleBaselineEntry] = []

    /// An outcome judged against `entries` entries of `file`; `written` and `dropped` are set when writing.
    public init(file: String, entries: Int, stale: [StaleBaselineEntry], strict: Bool) {
        self.file = file
        self.entries = entries
        self.stale = stale
        self.strict = strict
    }
}

/// An entry that matched no broken claim, and why.
public struct StaleBaselineEntry: Sendable {
    /// Why an entry matched nothing.
    public enum Reason: Sendable {
        /// The trace was not among the files of the run.
        case traceNotChecked
        /// The trace was checked, but the policy is not loaded.
        case policyNotLoaded
        /// The trace and the policy are no claim any more.
        case notClaimed
        /// The claim holds.
        case holds
        /// The claim breaks, but not as the entry says: this is how it breaks now.
        case departsDifferently(BaselineKey)
    }

    /// The entry as read.
    public var entry: BaselineEntry
    /// The baseline file the entry is written in.
    public var file: String
    /// Why it matched nothing.
    public var reason: Reason

    /// The stale `entry` of `file`, and why.
    public init(entry: BaselineEntry, file: String, reason: Reason) {
        self.entry = entry
        self.file = file
        self.reason = reason
    }

    /// Where the entry is written.
    public var location: SourceLocation { SourceLocation(file: file, position: entry.position) }
}
