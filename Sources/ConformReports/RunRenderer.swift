import ConformCore

/// Everything an output knows before the first file: the loaded policies and who made the run.
public struct RunContext: Sendable {
    /// The loaded policies, sorted by id (the matrix's columns).
    public var policies: [Policy]
    public var version: String
    /// When the run was made, only when asked for (`SOURCE_DATE_EPOCH`): outputs are otherwise the same
    /// bytes for the same input.
    public var generatedAt: String?
    /// When the run was made, recorded in the JSON document only when asked for (`--recorded-at`): ISO 8601 UTC.
    public var recordedAt: String?
    /// Each loaded policy's digest by id (`PolicyLibrary.digests`), which the JSON document records; a policy
    /// not named here has the digest of no bytes, as a policy made in code.
    public var policyDigests: [String: String]
    /// The paths the run was given, as given, which the JSON document records (`"paths"`) so that `conform
    /// diff` can match files of runs made from other folders; `nil`: not recorded.
    public var paths: [String]?
    /// The folder report files go to (`--output`), as given: Markdown links to evidence files from there.
    public var reportDirectory: String?
    /// The absolute folder relative paths start from, for a link between an absolute and a relative path.
    public var workingDirectory: String?
    /// Whether the terminal shows each departure's whole expected and observed values under the parts
    /// that differ (`--verbose`).
    public var verbose = false

    public init(
        policies: [Policy], version: String, generatedAt: String? = nil, reportDirectory: String? = nil, workingDirectory: String? = nil,
        recordedAt: String? = nil, policyDigests: [String: String] = [:], paths: [String]? = nil
    ) {
        self.policies = policies
        self.paths = paths
        self.recordedAt = recordedAt
        self.policyDigests = policyDigests
        self.version = version
        self.generatedAt = generatedAt
        self.reportDirectory = reportDirectory
        self.workingDirectory = workingDirectory
    }

    public var policyIDs: [String] { policies.map(\.id) }

    /// The loaded policies with their digests, in the matrix's order, as the JSON document lists them.
    public var policyDigestList: [RunDocument.PolicyDigest] {
        policies.map { RunDocument.PolicyDigest(id: $0.id, digest: policyDigests[$0.id] ?? "fnv1a64:" + StableHash().hex) }
    }
}

/// What is known once every file is done.
public struct RunEnding: Sendable {
    /// Problems found outside any trace file (a missing path, no trace found, a policy file that does
    /// not load); outputs list them first.
    public var leadingErrors: [Diagnostic]
    /// Transition coverage of the claimed policies, when it was asked for (`--coverage`).
    public var coverage: CoverageReport?
    /// The length of each line a located problem or departure points at, for outputs whose regions
    /// run to the end of the line (SARIF); measured by the runner, since renderers read no file.
    public var lineLengths: LineLengths
    /// What the run made of its baseline (stale entries), when it was given one.
    public var baseline: BaselineOutcome?

    public init(
        leadingErrors: [Diagnostic] = [], coverage: CoverageReport? = nil, lineLengths: LineLengths = LineLengths(),
        baseline: BaselineOutcome? = nil
    ) {
        self.leadingErrors = leadingErrors
        self.coverage = coverage
        self.lineLengths = lineLengths
        self.baseline = baseline
    }
}

/// An output of a run, made in one pass: `begin`, then `add` for each file's outcome in file order, then
/// `finish`. Each returns the text to append to the output so far. A renderer is handed everything it
/// needs and touches no file; a streaming one (text, JSON) keeps counts, not the matrix.
public protocol RunRenderer {
    /// Work done for each outcome on the thread that checked it, before it is handed over (e.g.
    /// serialising it into `FileOutcome.prepared`), so that it runs on every core, not on the one
    /// thread that hands outcomes to the outputs in order; `nil` for none.
    var preparer: (@Sendable (inout FileOutcome) -> Void)? { get }

    mutating func begin() -> String
    mutating func add(_ outcome: FileOutcome) -> String
    /// - Throws: a `Diagnostic` when the output cannot be made (a user template that does not render).
    mutating func finish(_ ending: RunEnding) throws -> String

    /// `finish` for a report that gathered text on the way (a matrix of every trace): its end in
    /// pieces, the gathered ones written straight from their spool, never joined in memory.
    mutating func finishInParts(_ ending: RunEnding) throws -> [OutputPart]

    /// Which traces' steps this output shows (`FileOutcome.summary.steps`); the others' are not made.
    var stepDemand: StepDemand { get }

    /// Whether the output words broken claims' departures (`Departure.difference`): then each is made
    /// once, on the checking threads, and shared by every output (`RunOutputs.prepare`).
    var wordsDepartures: Bool { get }

    /// Whether the output is JSON text that `JSONText` wrote (or escaped as it escapes): it holds no
    /// control character but line breaks, its lines start with its structure and it holds no `##[`, so
    /// standard output need not look for either (`Console.write(json:)`).
    var writesJSON: Bool { get }

    /// Whether the output is GitHub workflow commands that conform made (`GitHubOutput`): the one
    /// output standard output and error let start a command (`Console.write(workflowCommands:)`).
    var writesWorkflowCommands: Bool { get }
}

/// A piece of an output's end: text, or text gathered in a spool while the run went.
public enum OutputPart {
    case text(String)
    case spool(Spool)
}

extension RunRenderer {
    public var preparer: (@Sendable (inout FileOutcome) -> Void)? { nil }
    public mutating func begin() -> String { "" }
    public mutating func finishInParts(_ ending: RunEnding) throws -> [OutputPart] { [.text(try finish(ending))] }
    public var stepDemand: StepDemand { .none }
    public var wordsDepartures: Bool { true }
    public var writesJSON: Bool { false }
    public var writesWorkflowCommands: Bool { false }
}

extension [OutputPart] {
    /// The pieces joined (for a report rendered in memory).
    func joined() -> String {
        var text = ""
        for part in self {
            switch part {
            case .text(let piece): text += piece
            case .spool(let spool): text += spool.text()
            }
        }
        return text
    }
}
