import ConformCore
import ConformLoading

/// Runs conform over paths: discovers the trace files, loads each, checks it against every policy,
/// and gathers the results. Never prints and never exits; the caller decides what to show.
public struct ConformRunner: Sendable {
    public struct Options: Sendable {
        public var paths: [String]
        /// `--policy`: policies every trace claims (where the policy can read the trace).
        public var claims: [String]
        /// Keep every trace's steps in the result, for reports that show them.
        public var keepSteps: Bool

        public init(paths: [String], claims: [String] = [], keepSteps: Bool = false) {
            self.paths = paths
            self.claims = claims
            self.keepSteps = keepSteps
        }
    }

    public let library: PolicyLibrary
    private let loader: TraceLoader

    public init(library: PolicyLibrary) {
        self.library = library
        self.loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
    }

    public func run(_ options: Options) -> RunResult {
        let discovery = FileDiscovery.find(in: options.paths)
        var result = RunResult(results: [], errors: discovery.diagnostics, traceCount: 0, policyIDs: library.ids, traces: [])
        if discovery.files.isEmpty, discovery.diagnostics.isEmpty {
            let place = options.paths.joined(separator: ", ")
            result.errors.append(
                Diagnostic(.error, "no trace found (looked for .yaml, .yml and .json files)", at: SourceLocation(file: place, position: nil)))
        }
        for file in discovery.files {
            let outcome = check(file: file, commandLineClaims: options.claims, keepSteps: options.keepSteps)
            result.errors += outcome.errors
            if let summary = outcome.summary {
                result.traceCount += 1
                result.traces.append(summary)
                result.results += outcome.results
            }
        }
        return result
    }

    /// What one file contributes to a run.
    public struct FileOutcome: Sendable {
        public var summary: TraceSummary?
        public var results: [PairResult]
        public var errors: [Diagnostic]
    }

    /// Loads and checks one trace file against every policy.
    public func check(file: String, commandLineClaims: [String], keepSteps: Bool = false) -> FileOutcome {
        let bytes: [UInt8]
        switch FileReader.read(file) {
        case .success(let read): bytes = read
        case .failure(let diagnostic): return FileOutcome(summary: nil, results: [], errors: [diagnostic])
        }
        let (loaded, problems) = loader.load(bytes, file: file)
        guard let trace = loaded else {
            return FileOutcome(summary: nil, results: [], errors: problems.map { $0.diagnostic(in: file) })
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
        for policy in library.policies {
            let outcome = Checker.check(trace, against: policy)
            var isClaimed = claimed.contains(policy.id)
            if commandLineClaims.contains(policy.id), outcome.verdict.name != "inapplicable" { isClaimed = true }
            results.append(
                PairResult(trace: trace.id, file: file, app: trace.app, title: trace.title, policy: policy.id, claimed: isClaimed,
                    outcome: outcome))
        }
        let summary = TraceSummary(
            id: trace.id, file: file, app: trace.app, title: trace.title, claims: trace.claims.map(\.policy), stepCount: trace.steps.count,
            steps: keepSteps ? trace.steps.map(StepSummary.init) : [])
        return FileOutcome(summary: summary, results: results, errors: errors)
    }
}
