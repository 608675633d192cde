import ConformCore
import ConformReports
import ConformLoading
import Foundation

/// Runs conform over paths: discovers the trace files, loads each, checks it against every policy,
/// and gathers the results. Never prints and never exits; the caller decides what to show.
public struct ConformRunner: Sendable {
    public struct Options: Sendable {
        public var paths: [String]
        /// `--policy`: policies every trace claims (where the policy can read the trace).
        public var claims: [String]
        /// Keep every trace's steps in the result, for reports that show them.
        public var keepSteps: Bool
        /// Record the transitions each claimed pair took (reports draw them; coverage counts them).
        public var recordPaths: Bool
        /// Replay each trace on every two policies of one domain that can read it, to find which of their
        /// differences it shows (`--coverage`).
        public var revealDifferences: Bool

        /// Follow symbolic links inside the paths wherever they lead (`--follow-links`).
        public var followLinks = false

        public init(paths: [String], claims: [String] = [], keepSteps: Bool = false, recordPaths: Bool? = nil, revealDifferences: Bool = false) {
            self.paths = paths
            self.claims = claims
            self.keepSteps = keepSteps
            self.recordPaths = recordPaths ?? keepSteps
            self.revealDifferences = revealDifferences
        }
    }

    public let library: PolicyLibrary
    private let loader: TraceLoader
    /// `--coverage`'s memory of the pairs of points it compared (`RevealMemo`), one per worker thread.
    let memos = RevealMemoPool()

    public init(library: PolicyLibrary) {
        self.library = library
        self.loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
    }

    /// Runs and keeps everything: the whole matrix, every trace's summary. Reports need this; a plain
    /// run uses `run(_:each:)`, whose memory does not grow with the number of files.
    public func run(_ options: Options) -> RunResult {
        var result = RunResult(results: [], errors: [], traceCount: 0, policyIDs: library.ids, traces: [])
        let ending = run(options) { result.add($0) }
        result.errors = ending.leadingErrors + result.errors
        return result
    }

    /// What a streaming run reports once every file is done.
    public struct Ending: Sendable {
        /// Problems found before any file was read (missing paths, no trace found); they come first.
        public var leadingErrors: [Diagnostic]
        /// With `revealDifferences`: what each outcome's `revealed` misses, for the tally. An outcome has
        /// the pairs of the policies claimed before its file was checked; these are the differences its
        /// file shows on the pairs of policies claimed later.
        public var lateRevealed: [String: Set<String>] = [:]
    }

    /// Checks every file, on every core, and hands each file's outcome to `each` in file order (so that
    /// output never depends on scheduling), one batch at a time: memory holds one batch, not the run.
    /// - Parameter prepare: work done on the worker thread for each outcome before it is handed over
    ///   (e.g. serialising it), so that it runs in parallel too.
    public func run(
        _ options: Options, prepare: @escaping @Sendable (inout FileOutcome) -> Void = { _ in }, each: (FileOutcome) -> Void
    ) -> Ending {
        let discovery = FileDiscovery.find(in: options.paths, followLinks: options.followLinks)
        var leading = discovery.diagnostics
        // Links left alone are said before any file, as warnings (they change no exit status).
        if !discovery.warnings.isEmpty { each(FileOutcome(summary: nil, results: [], errors: [], warnings: discovery.warnings)) }
        if discovery.files.isEmpty, discovery.diagnostics.isEmpty {
            let place = options.paths.joined(separator: ", ")
            leading.append(
                Diagnostic(.error, "no trace found (looked for .yaml, .yml and .json files)", at: SourceLocation(file: place, position: nil)))
        }
        let files = discovery.files
        let batch = max(64, ProcessInfo.processInfo.activeProcessorCount * 64)
        // With --coverage, each batch is replayed on the pairs of the policies claimed before it.
        var plan = options.revealDifferences ? RevealPlan(claims: options.claims) : nil
        // While one batch is checked, the previous one is handed over (and freed) on this thread, so that
        // no core waits for the hand-over.
        var previous: [FileOutcome] = []
        var start = 0
        var ids = TraceIDs()
        repeat {
            let slice = Array(files[start..<min(files.count, start + batch)])
            let reveal = (plan?.beginBatch(at: start, after: previous)).map { RevealTargets($0, in: library.policies) }
            start += slice.count
            let work: @Sendable (String) -> FileOutcome = { file in
                var outcome = check(
                    file: file, commandLineClaims: options.claims, keepSteps: options.keepSteps, recordPaths: options.recordPaths,
                    reveal: reveal)
                prepare(&outcome)
                return outcome
            }
            let checking = slice.isEmpty ? nil : Self.startChecking(slice, work)
            for outcome in previous {
                let admitted = ids.admit(outcome)
                plan?.handedOver(admitted)
                each(admitted)
            }
            previous = []
            previous = checking?.wait() ?? []
        } while !previous.isEmpty
        var ending = Ending(leadingErrors: leading)
        if let plan { ending.lateRevealed = revealLate(files, plan: plan, claims: options.claims, batch: batch) }
        return ending
    }

    /// Starts checking `files` on every core, one file at a time per core (so that no core idles while
    /// another finishes a long file); `wait()` gives the outcomes in the files' order.
    static func startChecking(_ files: [String], _ body: @escaping @Sendable (String) -> FileOutcome) -> BatchResults {
        let results = BatchResults(count: files.count)
        results.group.enter()
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                results.store(body(files[index]), at: index)
            }
            results.group.leave()
        }
        return results
    }

    /// Loads and checks one trace file against every policy.
    public func check(
        file: String, commandLineClaims: [String], keepSteps: Bool = false, recordPaths: Bool = false, revealDifferences: Bool = false
    ) -> FileOutcome {
        check(
            file: file, commandLineClaims: commandLineClaims, keepSteps: keepSteps, recordPaths: recordPaths,
            reveal: revealDifferences ? RevealTargets(.every, in: library.policies) : nil)
    }

    /// - Parameter reveal: the pairs of policies to replay the trace on (`nil`: none).
    func check(file: String, commandLineClaims: [String], keepSteps: Bool, recordPaths: Bool, reveal: RevealTargets?) -> FileOutcome {
        let bytes: [UInt8]
        switch FileReader.read(file) {
        case .success(let read): bytes = read
        case .failure(let diagnostic): return FileOutcome(summary: nil, results: [], errors: [diagnostic], prepared: nil)
        }
        let (loaded, problems) = loader.load(bytes, file: file)
        guard let trace = loaded else {
            var outcome = FileOutcome(summary: nil, results: [], errors: problems.map { $0.diagnostic(in: file) })
            if keepSteps { outcome.lineLengths = LineLengths.measure(Set(problems.map(\.position.line)), in: bytes) }
            return outcome
        }
        var errors: [Diagnostic] = []
        // A trace claims a policy or two: a short list is cheaper than a set here.
        var claimed: [String] = []
        for claim in trace.claims {
            if library.policy(id: claim.policy) != nil {
                if !claimed.contains(claim.policy) { claimed.append(claim.policy) }
            } else {
                let hint = Spelling.nearest(to: claim.policy, among: library.ids).map { "; did you mean '\($0)'?" } ?? ""
                errors.append(
                    Diagnostic(.error, "the trace claims policy '\(claim.policy)', which is not loaded\(hint)",
                        at: SourceLocation(file: file, position: claim.position)))
            }
        }
        var results: [PairResult] = []
        results.reserveCapacity(library.policies.count)
        let claimedOnCommandLine = Set(commandLineClaims)
        // Paths are kept only where reports draw them (claimed pairs), so a plain run stays lean.
        let recordingPath = { (policy: Policy) in recordPaths && (claimed.contains(policy.id) || claimedOnCommandLine.contains(policy.id)) }
        let outcomes: [CheckOutcome]
        var replays: [TraceReplay?] = []
        if let reveal {
            // The replays `--coverage` compares are made in the same pass as the check.
            (outcomes, replays) = Checker.check(
                trace, against: library.policies, recordingPath: recordingPath, replaying: { reveal.replayed.contains($0.id) })
        } else {
            outcomes = Checker.check(trace, against: library.policies, recordingPath: recordingPath)
        }
        for (policy, outcome) in zip(library.policies, outcomes) {
            var isClaimed = claimed.contains(policy.id)
            if commandLineClaims.contains(policy.id), outcome.verdict.kind != .inapplicable { isClaimed = true }
            results.append(
                PairResult(trace: trace.id, file: file, app: trace.app, title: trace.title, policy: policy.id, claimed: isClaimed,
                    outcome: outcome))
        }
        let summary = TraceSummary(
            id: trace.id, file: file, app: trace.app, title: trace.title, claims: trace.claims.map(\.policy), stepCount: trace.steps.count,
            steps: keepSteps ? trace.steps.map(StepSummary.init) : [], idPosition: trace.idPosition)
        var outcome = FileOutcome(summary: summary, results: results, errors: errors, prepared: nil)
        // Only reports show evidence, so only a run that keeps steps reads it.
        if keepSteps {
            outcome.warnings = Self.attachEvidence(trace, to: &outcome.results)
            // Reports that mark a whole line (SARIF) get its length here, where the bytes are.
            let lines = errors.compactMap(\.location.line) + results.filter { $0.claimed }.compactMap(\.verdict.line)
            outcome.lineLengths = LineLengths.measure(Set(lines), in: bytes)
        }
        if let reveal { outcome.revealed = revealed(by: trace, replays: replays, on: reveal) }
        return outcome
    }
}

/// The trace ids of a run so far: a second trace with an id is refused, naming the first's file, since
/// every report would otherwise show two different traces under one name.
struct TraceIDs {
    private var files: [String: String] = [:]

    /// The outcome as it is, or, for a trace whose id an earlier file has, an error in its place.
    mutating func admit(_ outcome: FileOutcome) -> FileOutcome {
        guard let trace = outcome.summary else { return outcome }
        guard let first = files[trace.id] else {
            files[trace.id] = trace.file
            return outcome
        }
        let duplicate = Diagnostic(
            .error, "the trace id '\(trace.id)' is already the id of \(first); ids must be unique, so this trace is not checked",
            at: SourceLocation(file: trace.file, position: trace.idPosition ?? .start))
        return FileOutcome(summary: nil, results: [], errors: outcome.errors + [duplicate], warnings: outcome.warnings)
    }
}

/// The outcomes of one batch, each stored once by the thread that checked its file.
final class BatchResults: @unchecked Sendable {
    private var outcomes: [FileOutcome?]
    private let lock = NSLock()
    /// Left when every file of the batch is checked.
    let group = DispatchGroup()

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    func store(_ outcome: FileOutcome, at index: Int) {
        lock.lock()
        outcomes[index] = outcome
        lock.unlock()
    }

    /// Waits for the whole batch, then gives its outcomes in file order.
    func wait() -> [FileOutcome] {
        group.wait()
        lock.lock()
        defer { lock.unlock() }
        return outcomes.compactMap { $0 }
    }
}
