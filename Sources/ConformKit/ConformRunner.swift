import ConformCore
import ConformLoading
import ConformReports
import Foundation

/// Runs conform over paths: discovers the trace files, loads each, checks it against every policy,
/// and gathers the results. Never prints and never exits; the caller decides what to show.
public struct ConformRunner: Sendable {
    /// What to check and how: the paths and claims of `conform run`, and what the result keeps.
    public struct Options: Sendable {
        /// The files and directories to check (directories recursively), as `conform run PATH ...` takes them.
        public var paths: [String]
        /// `--policy`: policies every trace claims (where the policy can read the trace).
        public var claims: [String]
        /// Keep the traces' steps in the result, for reports that show them (those `steps` asks for), and
        /// read their evidence.
        public var keepSteps: Bool
        /// With `keepSteps`: whose steps are kept (the outputs' `StepDemand`); by default every trace's.
        public var steps: StepDemand = .all
        /// Record the transitions each claimed pair took (reports draw them; coverage counts them).
        public var recordPaths: Bool
        /// Replay each trace on every two policies of one domain that can read it, to find which of their
        /// differences it shows (`--coverage`).
        public var revealDifferences: Bool

        /// Follow symbolic links inside the paths wherever they lead (`--follow-links`).
        public var followLinks = false
        /// The baseline broken claims are judged against (`--baseline`, `--write-baseline`).
        public var baseline: BaselineMatcher?
        /// With `--write-baseline`: the file the new baseline goes to (the runner does not write it).
        public var writeBaseline: String?

        /// The baseline files, read or written: never checked as traces, even inside a traced folder.
        var baselineFiles: [String] { [baseline?.baseline.file, writeBaseline].compactMap { $0 } }
        /// Policy files found among the paths and loaded as policies (`PolicyLibrary.loadPolicies(among:)`):
        /// not checked as traces.
        public var policyFiles: [String] = []
        /// The policy files among the paths were not looked for: each file the run reads is looked at as
        /// `PolicyLibrary.loadPolicies(among:)` would, in the one read it gets, and the run stops at the
        /// first policy file it meets (`Ending.metPolicyFile`). What it handed over until then was checked
        /// without that policy: the caller loads the policies among the paths and runs again. A run whose
        /// paths hold none (most runs) so reads each file once, not twice. Not with a shard, which reads
        /// only its own files (it is given `policyFiles` found beforehand; this is ignored).
        public var seeksPolicyFiles = false
        /// The files under `paths`, when the caller found them already (`FileDiscovery.find(in:followLinks:)`
        /// with these `paths` and `followLinks`, as `loadPolicies` does): the run does not walk the folders again.
        public var discovery: FileDiscovery.Found? = nil
        /// Whether the caller may keep the outcomes it is handed as they are. A failing pair's departure
        /// shares its trace's tables of items, edits and sheet actions (`TraceSlice`), which the loader makes
        /// room in for every line of the file and copies to their size for that reason. A caller that keeps
        /// only what it writes out or detaches (`Departure.detached`), as the command line's outputs do,
        /// turns this off and saves the copy (`TraceLoader.trimsTables`); a run that keeps steps copies them.
        public var keepsOutcomes = true

        /// How many files are checked at once (`--jobs`): 1 checks them one after another on the calling
        /// thread; `nil` uses every core. The outcomes, and so every output, are the same for any number.
        /// Taken within 1...`maximumJobs`.
        public var jobs: Int? = nil

        /// The most files checked at once (`--jobs`, Docs/Limits.md): each is a thread and a batch of 64
        /// files in memory; more threads than this on any machine conform runs on only wait for cores.
        public static let maximumJobs = 256

        /// Check only the files this shard is dealt (`--shard K/N`; `Shard.select`). "No trace found"
        /// still means that the paths hold no trace at all: a shard dealt none is an empty run, not an error.
        public var shard: Shard? = nil

        /// - Parameters:
        ///   - paths: the files and directories to check.
        ///   - claims: `--policy`: policies every trace claims.
        ///   - keepSteps: keep the traces' steps in the result (for reports that show them).
        ///   - recordPaths: record the transitions each claimed pair took; by default as `keepSteps`.
        ///   - revealDifferences: `--coverage`: find which differences between policies each trace shows.
        public init(
            paths: [String], claims: [String] = [], keepSteps: Bool = false, recordPaths: Bool? = nil, revealDifferences: Bool = false
        ) {
            self.paths = paths
            self.claims = claims
            self.keepSteps = keepSteps
            self.recordPaths = recordPaths ?? keepSteps
            self.revealDifferences = revealDifferences
        }
    }

    /// The policies every trace is checked against.
    public let library: PolicyLibrary
    private let loader: TraceLoader
    /// `loader`, without copying its tables to their size (`Options.keepsOutcomes`).
    private let droppingLoader: TraceLoader
    /// The checks made of every trace once its replays are done, in the order their warnings are shown
    /// (`TraceWarningCheck`): a run's (`runChecks`), or lint's (`lintChecks`). The runner only runs them.
    var traceChecks: [any TraceWarningCheck] = ConformRunner.runChecks
    /// `--coverage`'s memory of the pairs of points it compared (`RevealMemo`), one per worker thread.
    let memos = RevealMemoPool()

    /// A runner that checks against the policies of `library`.
    public init(library: PolicyLibrary) {
        self.library = library
        self.loader = TraceLoader(vocabulary: KnownVocabulary(policies: library.policies))
        var droppingLoader = loader
        droppingLoader.trimsTables = false
        self.droppingLoader = droppingLoader
    }

    /// Runs and keeps everything: the whole matrix, every trace's summary. Reports need this; a plain
    /// run uses `run(_:each:)`, whose memory does not grow with the number of files.
    public func run(_ options: Options) -> RunResult {
        var result = RunResult(results: [], errors: [], traceCount: 0, policyIDs: library.ids, traces: [])
        let ending = run(options) { result.add($0) }
        result.errors = ending.leadingErrors + result.errors
        result.baseline = ending.baseline
        return result
    }

    /// What a streaming run reports once every file is done.
    public struct Ending: Sendable {
        /// Problems found before any file was read (missing paths, no trace found); they come first.
        public var leadingErrors: [Diagnostic]
        /// What the run made of its baseline, when it was given one.
        public var baseline: BaselineOutcome?
        /// How many trace files the paths hold: with a shard, the whole run's count, not the shard's.
        public var discoveredFiles = 0
        /// The baseline files (`--baseline`, `--write-baseline`) found among the paths, and so not checked.
        public var baselineFilesFound: [String] = []
        /// With `revealDifferences`, in a whole run (no shard): per pair of claimed policies of one
        /// domain (`CoverageTally.pairKey`), the differences the files show. The outcomes carry none
        /// then; a shard's carry theirs, on every pair (`FileOutcome.revealed`).
        public var revealed: [String: Set<String>] = [:]
        /// With `Options.seeksPolicyFiles`: a policy file the run met among its files, where it stopped.
        /// Its outcomes so far lack that policy's results: the caller loads it and runs again.
        public var metPolicyFile: String? = nil
    }

    /// Checks every file, on every core (or `options.jobs` at once), and hands each file's outcome to
    /// `each` in file order (so that output never depends on scheduling), one batch at a time: memory
    /// holds one batch, not the run. A second trace with an id already seen is handed over as an error
    /// in its place (`TraceIDs`).
    /// - Parameters:
    ///   - options: what to check (`paths`, `claims`) and what to keep.
    ///   - prepare: work done on the worker thread for each outcome before it is handed over
    ///     (e.g. serialising it), so that it runs in parallel too.
    ///   - each: called with each file's outcome, in file order, on the calling thread.
    /// - Returns: how the run ended: the files checked, the errors that concern no one file, the baseline's ledger.
    public func run(
        _ options: Options, prepare: @escaping @Sendable (inout FileOutcome) -> Void = { _ in }, each: (FileOutcome) -> Void
    ) -> Ending {
        var admission = RunAdmission(baseline: options.baseline)
        var ending = runIndexed(
            options, prepare: prepare, discovered: { admission.know(files: $0) },
            each: { place, outcome in each(admission.admit(outcome, place: place)) })
        ending.baseline = admission.finish(writtenTo: options.writeBaseline)
        return ending
    }

    /// As `run(_:prepare:each:)`, but hands each outcome as checked, before the trace-id check and the
    /// baseline's ledger (`RunAdmission`), with the position of its file in the whole run's discovery
    /// order (`nil` for the outcome carrying the warnings found while looking for files): what a shard
    /// records, so that `conform merge` can put the shards' files back in order and admit them over the
    /// whole run. Broken claims are marked with `options.baseline` already.
    /// - Parameters:
    ///   - options: what to check (`paths`, `claims`, `shard`) and what to keep.
    ///   - prepare: work done on the worker thread for each outcome before it is handed over.
    ///   - discovered: given the files the positions index, once, before any outcome.
    ///   - each: called with each outcome and its file's position in the whole run (`nil` for the lookup warnings).
    /// - Returns: how the run ended.
    public func runIndexed(
        _ options: Options, prepare: @escaping @Sendable (inout FileOutcome) -> Void = { _ in },
        discovered: (CompactStrings) -> Void = { _ in },
        each: (Int?, FileOutcome) -> Void
    ) -> Ending {
        let discovery = options.discovery ?? FileDiscovery.find(in: options.paths, followLinks: options.followLinks)
        let traceFiles = Self.partition(discovery.files, excluding: options.policyFiles).kept
        let (files, baselineFilesFound) = Self.partition(traceFiles, excluding: options.baselineFiles)
        // Inputs though not read as traces: no output replaces them (looking for policies first read them too).
        for file in baselineFilesFound { InputFiles.note(path: file) }
        discovered(files)
        var leading = discovery.diagnostics
        // Links left alone are said before any file, as warnings (they change no exit status).
        if !discovery.warnings.isEmpty { each(nil, FileOutcome(summary: nil, results: [], errors: [], warnings: discovery.warnings)) }
        if files.isEmpty, discovery.diagnostics.isEmpty {
            let place = options.paths.joined(separator: ", ")
            let why =
                options.policyFiles.isEmpty
                ? "looked for .yaml, .yml and .json files" : "only policy files were found, and they were loaded as policies"
            leading.append(Diagnostic(.error, "no trace found (\(why))", at: SourceLocation(file: place, position: nil)))
        }
        // The positions in `files` of a shard's files; a whole run checks them all, and keeps no list of
        // positions for that (memory that would grow with the files).
        let selected = options.shard.map { $0.select(FileDiscovery.relativePaths(files, under: options.paths)) }
        let selectedCount = selected?.count ?? files.count
        let position = { (rank: Int) in selected?[rank] ?? rank }
        // Evidence is read only from inside the folders the run was given (once resolved, for every file).
        let confinement = options.keepSteps ? EvidenceConfinement(paths: options.paths) : nil
        let seeking = options.seeksPolicyFiles && options.shard == nil ? MetPolicyFile() : nil
        let work: @Sendable (String, RevealTargets?) -> FileOutcome = { file, reveal in
            var outcome = check(
                file: file, commandLineClaims: options.claims, keepSteps: options.keepSteps, recordPaths: options.recordPaths,
                reveal: reveal, steps: options.steps, everyPath: options.revealDifferences, evidenceFolders: confinement,
                policyFiles: seeking, trimsTables: options.keepsOutcomes || options.keepSteps)
            // Marked before `prepare`, which may serialise the results.
            options.baseline?.mark(&outcome.results)
            prepare(&outcome)
            return outcome
        }
        var ending = Ending(leadingErrors: leading, discoveredFiles: files.count, baselineFilesFound: baselineFilesFound)
        // With --coverage, a whole run replays each file on the pairs of the policies claimed before it;
        // a shard, which cannot know what the other shards claim, replays every file on every pair.
        var reveals =
            options.revealDifferences ? RevealBatches(options.shard == nil ? RevealPlan(claims: options.claims) : nil, library) : nil
        let workers = options.jobs.map { min(max(1, $0), Options.maximumJobs) }
        // One file is checked on this thread: a worker thread (and the thread pool it starts) would only
        // add its start to a run that has nothing to overlap.
        if workers == 1 || selectedCount == 1 {
            var last: [FileOutcome] = []
            for rank in 0..<selectedCount {
                let index = position(rank)
                var outcome = work(files[index], reveals?.begin(at: index, after: last))
                if let met = seeking?.met {
                    ending.metPolicyFile = met
                    return ending
                }
                last = [outcome]
                reveals?.handOver(&outcome)
                each(index, outcome)
            }
        } else {
            let batch = max(64, min(workers ?? ProcessInfo.processInfo.activeProcessorCount, Options.maximumJobs) * 64)
            // While one batch is checked, the previous one is handed over (and freed) on this thread, so that
            // no core waits for the hand-over.
            var previous: [(Int, FileOutcome)] = []
            var start = 0
            repeat {
                let slice = (start..<min(selectedCount, start + batch)).map(position)
                let reveal = reveals?.begin(at: start, after: previous.map(\.1))
                start += slice.count
                let checking = slice.isEmpty ? nil : Self.startChecking(slice.map { files[$0] }, workers: workers) { work($0, reveal) }
                for (index, checked) in previous {
                    var outcome = checked
                    reveals?.handOver(&outcome)
                    each(index, outcome)
                }
                Self.free(previous)
                previous = []
                previous = checking.map { Array(zip(slice, $0.wait())) } ?? []
                // Met in this batch: none of it is handed over.
                if let met = seeking?.met {
                    Self.free(previous)
                    ending.metPolicyFile = met
                    return ending
                }
            } while !previous.isEmpty
        }
        if let reveals, let plan = reveals.plan {
            ending.revealed = reveals.revealed
            for (pair, shown) in revealLate(files, plan: plan, claims: options.claims, workers: workers) {
                ending.revealed[pair, default: []].formUnion(shown)
            }
        }
        return ending
    }

    /// Lets a batch of outcomes handed over be freed on another thread: freeing their pairs and strings
    /// was a tenth of the work of the thread that hands outcomes over, which the next batch waits for.
    private static func free(_ outcomes: [(Int, FileOutcome)]) {
        guard !outcomes.isEmpty else { return }
        DispatchQueue.global().async { withExtendedLifetime(outcomes) {} }
    }

    /// `files` without those that are one of `excluded` (`isOne(of:)`).
    static func excluding(_ excluded: [String], from files: [String]) -> [String] {
        guard !excluded.isEmpty else { return files }
        let isExcluded = isOne(of: excluded)
        return files.filter { !isExcluded($0) }
    }

    /// Whether `path` is one of `files` (compared as standardised paths): a file the run would read.
    public static func isAmong(_ files: CompactStrings) -> (String) -> Bool {
        { path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            let isPath = isOne(of: [path])
            // A suffix test first: most files of a large run do not even end in the report's name.
            let isFile = { (file: String) in (file == name || file.hasSuffix("/" + name)) && isPath(file) }
            guard let suffix = bytesOnlyEquivalentToThemselves(name) else { return files.contains(where: isFile) }
            // The same test on the bytes first, every file in one pass (each asked for as a string cost a
            // decoding and a string per report, some 50,000 for a large run's five reports).
            return files.containsBytes { file in
                let start = file.count - suffix.count
                guard start >= 0, start == 0 || file[start - 1] == UInt8(ascii: "/"),
                    suffix.indices.allSatisfy({ file[start + $0] == suffix[$0] })
                else { return false }
                return isFile(String(decoding: file, as: UTF8.self))
            }
        }
    }

    /// `name`'s bytes when a string can only be `name` (as `String` compares, by canonical equivalence)
    /// by holding those very bytes: ASCII text without the three characters that a non-ASCII one is
    /// equivalent to (U+212A to `K`, U+037E to `;`, U+1FEF to a backtick). Else `nil`.
    private static func bytesOnlyEquivalentToThemselves(_ name: String) -> [UInt8]? {
        let bytes = Array(name.utf8)
        let equivalentToOthers: Set<UInt8> = [UInt8(ascii: "K"), UInt8(ascii: ";"), UInt8(ascii: "`")]
        return bytes.allSatisfy({ $0 < 0x80 && !equivalentToOthers.contains($0) }) ? bytes : nil
    }

    /// `files` split into those that are not one of `excluded` (`isOne(of:)`) and those that are, each in order.
    static func partition(_ files: CompactStrings, excluding excluded: [String]) -> (kept: CompactStrings, excluded: [String]) {
        guard !excluded.isEmpty else { return (files, []) }
        let isExcluded = isOne(of: excluded)
        var kept = CompactStrings()
        var found: [String] = []
        for file in files {
            if isExcluded(file) { found.append(file) } else { kept.append(file) }
        }
        return (kept, found)
    }

    /// Whether a file is one of `excluded`: compared as standardised paths, only where the names agree.
    private static func isOne(of excluded: [String]) -> (String) -> Bool {
        let names = Set(excluded.map { URL(fileURLWithPath: $0).lastPathComponent })
        let paths = Set(excluded.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        return { file in
            let url = URL(fileURLWithPath: file)
            return names.contains(url.lastPathComponent) && paths.contains(url.standardizedFileURL.path)
        }
    }

    /// Starts checking `files`, one file at a time per thread (so that no thread idles while another
    /// finishes a long file): on every core, or on `workers` threads; `wait()` gives the outcomes in the
    /// files' order.
    static func startChecking(_ files: [String], workers: Int?, _ body: @escaping @Sendable (String) -> FileOutcome) -> BatchResults {
        let results = BatchResults(count: files.count)
        results.group.enter()
        DispatchQueue.global().async {
            if let workers, workers < files.count {
                // A fixed number of threads, each taking the next file not yet taken.
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    while let index = results.nextIndex() { results.store(body(files[index]), at: index) }
                }
            } else {
                DispatchQueue.concurrentPerform(iterations: files.count) { index in
                    results.store(body(files[index]), at: index)
                }
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
    /// - Parameter steps: with `keepSteps`, whose step summaries are made.
    /// - Parameter everyPath: with `recordPaths`, whether every trace's paths are wanted (coverage counts
    ///   them), or only those of the traces whose steps `steps` wants (reports draw them).
    /// - Parameter evidenceFolders: with `keepSteps`, where evidence may be read; `nil`: the file's own folder.
    /// - Parameter policyFiles: when the run seeks the policy files among its paths, where it notes one it
    ///   reads (then left unchecked: the run starts over).
    /// - Parameter trimsTables: whether the trace's tables are copied to their size (`Options.keepsOutcomes`).
    func check(
        file: String, commandLineClaims: [String], keepSteps: Bool, recordPaths: Bool, reveal: RevealTargets?, steps: StepDemand = .all,
        everyPath: Bool = true, evidenceFolders: EvidenceConfinement? = nil, policyFiles: MetPolicyFile? = nil, trimsTables: Bool = true
    ) -> FileOutcome {
        let loader = trimsTables ? self.loader : droppingLoader
        let bytes: [UInt8]
        switch FileReader.read(file) {
        case .success(let read): bytes = read
        case .failure(let diagnostic): return FileOutcome(summary: nil, results: [], errors: [diagnostic])
        }
        if let policyFiles, PolicyLibrary.isPolicyFile(bytes) {
            policyFiles.meet(file)
            return FileOutcome(summary: nil, results: [], errors: [])
        }
        let (loaded, problems) = loader.load(bytes, file: file)
        guard let trace = loaded else {
            // Every problem of the file at once: a claim of a policy that is not loaded too.
            var errors = problems.map { $0.diagnostic(in: file) }
            let unknown = claimedPolicies(loader.claims(in: bytes), file: file).unknown
            if !unknown.isEmpty {
                errors = (errors + unknown).enumerated()
                    .sorted { ($0.element.location.position ?? .start, $0.offset) < ($1.element.location.position ?? .start, $1.offset) }
                    .map(\.element)
            }
            var outcome = FileOutcome(summary: nil, results: [], errors: errors)
            if keepSteps { outcome.lineLengths = LineLengths.measure(Set(errors.compactMap(\.location.line)), in: bytes) }
            return outcome
        }
        let (claimed, errors) = claimedPolicies(trace.claims, file: file)
        var results: [PairResult] = []
        results.reserveCapacity(library.policies.count)
        let claimedOnCommandLine = Set(commandLineClaims)
        // Paths are kept only where reports draw them (claimed pairs), so a plain run stays lean; and, unless
        // every path is wanted, only for a trace a report shows in full: it is checked without them, then its
        // claimed pairs again with them once its results say it will be shown.
        let pathsLater = recordPaths && !everyPath && !steps.wantsEveryTrace
        let drawn = { (policy: Policy) in claimed.contains(policy.id) || claimedOnCommandLine.contains(policy.id) }
        let recordingPath = { (policy: Policy) in recordPaths && !pathsLater && drawn(policy) }
        // One replay per pair: what the vacuity check needs of a claim is counted in its replay, and the
        // replays `--coverage` compares are made in the same pass.
        let (outcomes, replays, exercises) = Checker.check(
            trace, against: library.policies, recordingPath: recordingPath, exercising: drawn,
            replaying: reveal.map { reveal -> (Policy) -> Bool in { reveal.replayed.contains($0.id) } })
        // By position: zipping copied every policy and outcome to read an id and a verdict.
        let record = PairTrace(id: trace.id, file: file, app: trace.app, title: trace.title)
        for index in outcomes.indices {
            let id = library.policies[index].id
            var isClaimed = claimed.contains(id)
            if commandLineClaims.contains(id), outcomes[index].verdict.kind != .inapplicable { isClaimed = true }
            results.append(PairResult(record: record, policy: id, claimed: isClaimed, outcome: outcomes[index]))
        }
        let showsSteps = keepSteps && steps.wantsSteps(of: results)
        if pathsLater, showsSteps {
            let indices = library.policies.indices.filter { drawn(library.policies[$0]) }
            let again = Checker.check(trace, against: indices.map { library.policies[$0] }, recordingPath: { _ in true })
            for (index, outcome) in zip(indices, again) { results[index].outcome.path = outcome.path }
        }
        let summary = TraceSummary(
            id: trace.id, file: file, app: trace.app, title: trace.title, claims: trace.claims.map(\.policy), stepCount: trace.steps.count,
            steps: showsSteps ? trace.steps.map(StepSummary.init) : [], idPosition: trace.idPosition)
        // The checks, over what the replays gathered (the results move in and back: shared, the one that
        // attaches evidence would copy them). Only reports show evidence, so only a run that keeps steps reads it.
        var checked = CheckedTrace(
            trace: trace, policies: library.policies, results: results, exercises: exercises,
            evidenceFolders: keepSteps ? evidenceFolders ?? EvidenceConfinement(paths: [file]) : nil)
        results = []
        var warnings: [Diagnostic] = []
        var evidenceWarningCount = 0
        for check in traceChecks {
            let found = check.warnings(about: &checked)
            warnings += found
            if check.warnsAboutEvidence { evidenceWarningCount += found.count }
        }
        var outcome = FileOutcome(summary: summary, results: checked.results, errors: errors)
        outcome.warnings = warnings
        outcome.evidenceWarningCount = evidenceWarningCount
        if keepSteps {
            // Reports that mark a whole line (SARIF) get its length here, where the bytes are.
            // By position: filtering would copy every claimed pair to read a line number.
            var lines = errors.compactMap(\.location.line)
            for index in outcome.results.indices where outcome.results[index].claimed {
                if let line = outcome.results[index].verdict.line { lines.append(line) }
            }
            outcome.lineLengths = LineLengths.measure(Set(lines), in: bytes)
        }
        if let reveal { outcome.revealed = revealed(by: trace, replays: replays, on: reveal) }
        return outcome
    }

    /// The loaded policies among `claims`, each once, and an error at each claim of one that is not loaded.
    private func claimedPolicies(_ claims: [Claim], file: String) -> (claimed: [String], unknown: [Diagnostic]) {
        // A trace claims a policy or two: a short list is cheaper than a set here.
        var claimed: [String] = []
        var unknown: [Diagnostic] = []
        for claim in claims {
            if library.policy(id: claim.policy) != nil {
                if !claimed.contains(claim.policy) { claimed.append(claim.policy) }
            } else if let failed = library.failedFiles[claim.policy] {
                unknown.append(
                    Diagnostic(
                        .error, "the trace claims policy '\(claim.policy)', which did not load: fix the errors of \(failed) first",
                        at: SourceLocation(file: file, position: claim.position)))
            } else if let id = library.idOfPolicyFile(named: claim.policy) {
                unknown.append(
                    Diagnostic(
                        .error,
                        "the trace claims '\(claim.policy)', a file; a claim names the policy's id (its 'policy:' value): did you mean '\(id)'?",
                        at: SourceLocation(file: file, position: claim.position)))
            } else {
                // Without a near id, the likelier slip is a project's policy that was not loaded.
                let hint =
                    Spelling.nearest(to: claim.policy, among: library.ids).map { "; did you mean '\($0)'?" }
                    ?? " (a project's own policies are loaded by `policies:` in .conform.yaml or by --policies PATH)"
                unknown.append(
                    Diagnostic(
                        .error, "the trace claims policy '\(claim.policy)', which is not loaded\(hint)",
                        at: SourceLocation(file: file, position: claim.position)))
            }
        }
        return (claimed, unknown)
    }
}

/// The outcomes of one batch, each stored once by the thread that checked its file.
final class BatchResults: @unchecked Sendable {
    private var outcomes: [FileOutcome?]
    private let lock = NSLock()
    /// Left when every file of the batch is checked.
    let group = DispatchGroup()

    /// The next file no thread has taken yet, for a fixed number of threads.
    private var taken = 0

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    func nextIndex() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard taken < outcomes.count else { return nil }
        taken += 1
        return taken - 1
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
