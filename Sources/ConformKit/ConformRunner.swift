import ConformCore
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
    }

    /// Checks every file, on every core, and hands each file's outcome to `each` in file order (so that
    /// output never depends on scheduling), one batch at a time: memory holds one batch, not the run.
    /// - Parameter prepare: work done on the worker thread for each outcome before it is handed over
    ///   (e.g. serialising it), so that it runs in parallel too.
    public func run(
        _ options: Options, prepare: @Sendable (inout FileOutcome) -> Void = { _ in }, each: (FileOutcome) -> Void
    ) -> Ending {
        let discovery = FileDiscovery.find(in: options.paths)
        var leading = discovery.diagnostics
        if discovery.files.isEmpty, discovery.diagnostics.isEmpty {
            let place = options.paths.joined(separator: ", ")
            leading.append(
                Diagnostic(.error, "no trace found (looked for .yaml, .yml and .json files)", at: SourceLocation(file: place, position: nil)))
        }
        let files = discovery.files
        let batch = max(64, ProcessInfo.processInfo.activeProcessorCount * 64)
        var start = 0
        while start < files.count {
            let slice = Array(files[start..<min(files.count, start + batch)])
            let outcomes = Self.concurrently(slice) { file in
                var outcome = check(
                    file: file, commandLineClaims: options.claims, keepSteps: options.keepSteps, recordPaths: options.recordPaths,
                    revealDifferences: options.revealDifferences)
                prepare(&outcome)
                return outcome
            }
            outcomes.forEach(each)
            start += batch
        }
        return Ending(leadingErrors: leading)
    }

    /// Maps `body` over `files` on every core, in contiguous slices; the results keep the files' order.
    private static func concurrently(_ files: [String], _ body: @Sendable (String) -> FileOutcome) -> [FileOutcome] {
        guard files.count > 1 else { return files.map(body) }
        let slices = min(files.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let results = SliceResults(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let lower = files.count * slice / slices
            let upper = files.count * (slice + 1) / slices
            results.store(files[lower..<upper].map(body), at: slice)
        }
        return results.all()
    }

    /// What one file contributes to a run.
    public struct FileOutcome: Sendable {
        public var summary: TraceSummary?
        public var results: [PairResult]
        public var errors: [Diagnostic]
        /// Free for `prepare` to fill, e.g. with the results already serialised.
        public var prepared: String?
        /// With `revealDifferences`: per pair of policies (`CoverageTally.pairKey`), the differences the trace shows.
        public var revealed: [String: Set<String>] = [:]
    }

    /// Loads and checks one trace file against every policy.
    public func check(
        file: String, commandLineClaims: [String], keepSteps: Bool = false, recordPaths: Bool = false, revealDifferences: Bool = false
    ) -> FileOutcome {
        let bytes: [UInt8]
        switch FileReader.read(file) {
        case .success(let read): bytes = read
        case .failure(let diagnostic): return FileOutcome(summary: nil, results: [], errors: [diagnostic], prepared: nil)
        }
        let (loaded, problems) = loader.load(bytes, file: file)
        guard let trace = loaded else {
            return FileOutcome(summary: nil, results: [], errors: problems.map { $0.diagnostic(in: file) }, prepared: nil)
        }
        var errors: [Diagnostic] = []
        var claimed = Set<String>()
        for claim in trace.claims {
            if library.policy(id: claim.policy) != nil {
                claimed.insert(claim.policy)
            } else {
                let hint = Spelling.nearest(to: claim.policy, among: library.ids).map { "; did you mean '\($0)'?" } ?? ""
                errors.append(
                    Diagnostic(.error, "the trace claims policy '\(claim.policy)', which is not loaded\(hint)",
                        at: SourceLocation(file: file, position: claim.position)))
            }
        }
        var results: [PairResult] = []
        let claimedOnCommandLine = Set(commandLineClaims)
        // Paths are kept only where reports draw them (claimed pairs), so a plain run stays lean.
        let outcomes = Checker.check(trace, against: library.policies) { policy in
            recordPaths && (claimed.contains(policy.id) || claimedOnCommandLine.contains(policy.id))
        }
        for (policy, outcome) in zip(library.policies, outcomes) {
            var isClaimed = claimed.contains(policy.id)
            if commandLineClaims.contains(policy.id), outcome.verdict.name != "inapplicable" { isClaimed = true }
            results.append(
                PairResult(trace: trace.id, file: file, app: trace.app, title: trace.title, policy: policy.id, claimed: isClaimed,
                    outcome: outcome))
        }
        let summary = TraceSummary(
            id: trace.id, file: file, app: trace.app, title: trace.title, claims: trace.claims.map(\.policy), stepCount: trace.steps.count,
            steps: keepSteps ? trace.steps.map(StepSummary.init) : [])
        var outcome = FileOutcome(summary: summary, results: results, errors: errors, prepared: nil)
        if revealDifferences { outcome.revealed = revealed(by: trace, outcomes: outcomes) }
        return outcome
    }

    /// Which differences of every two same-domain policies that can read the trace it shows.
    private func revealed(by trace: Trace, outcomes: [CheckOutcome]) -> [String: Set<String>] {
        let readers = zip(library.policies, outcomes).filter { $0.1.verdict.name != "inapplicable" }.map(\.0)
        var revealed: [String: Set<String>] = [:]
        for (index, a) in readers.enumerated() {
            for b in readers.dropFirst(index + 1) where b.domain == a.domain {
                let shown = PolicyComparison(a, b, form: trace.form).revealed(by: trace)
                if !shown.isEmpty { revealed[CoverageTally.pairKey(a.id, b.id)] = shown }
            }
        }
        return revealed
    }
}

/// Outcomes of the slices of a concurrent run, each slice written once by the thread that checked it.
private final class SliceResults: @unchecked Sendable {
    private var slices: [[ConformRunner.FileOutcome]]
    private let lock = NSLock()

    init(count: Int) {
        slices = Array(repeating: [], count: count)
    }

    func store(_ outcomes: [ConformRunner.FileOutcome], at index: Int) {
        lock.lock()
        slices[index] = outcomes
        lock.unlock()
    }

    func all() -> [ConformRunner.FileOutcome] {
        lock.lock()
        defer { lock.unlock() }
        return slices.flatMap { $0 }
    }
}
