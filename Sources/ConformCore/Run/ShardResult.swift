/// What a shard's JSON document carries beside the contract's fields so that `conform merge` can make
/// the whole run's outputs from the shards: which shard of which run it is (`"shard"`), and every
/// file's whole outcome with the file's place in the whole run (`"outcomes"`). Docs/Sharding.md.
public struct ShardHeader: Sendable, Equatable, Codable {
    /// 1-based.
    public var index: Int
    /// How many shards the run is split into.
    public var count: Int
    /// The conform version that made the shard.
    public var version: String
    /// The fingerprint of the loaded policies (`PolicyLibrary.fingerprint`).
    public var policies: String
    /// How many trace files the paths hold: the whole run's, not the shard's.
    public var files: Int
    /// Whether the run was made with `--coverage` (the outcomes then carry what each trace reveals).
    public var coverage: Bool
    /// How files were dealt to shards (`Shard.selection`), so that a future rule is not mixed with this one.
    public var selection: String
    /// The problems found before any file (a missing path, no trace found): the same in every shard.
    public var errors: [Diagnostic]
    /// The baseline files (`--baseline`) found among the paths: not checked as traces, so that a merge
    /// must not check them either.
    public var baselineFiles: [String]

    /// The header of `shard` of a run made by `version` over `files` trace files.
    public init(
        shard: Shard, version: String, policies: String, files: Int, coverage: Bool, selection: String = Shard.selection,
        errors: [Diagnostic] = [], baselineFiles: [String] = []
    ) {
        index = shard.index
        count = shard.count
        self.version = version
        self.policies = policies
        self.files = files
        self.coverage = coverage
        self.selection = selection
        self.errors = errors
        self.baselineFiles = baselineFiles
    }
}

extension Shard {
    /// The name of the rule `select(_:)` follows, recorded in every shard result.
    public static let selection = "fnv1a64-relative-path-dealt"
}

/// One entry of a shard's `"outcomes"`: a file's whole outcome, before the trace-id check (which
/// `conform merge` makes over the whole run), and the file's position in the whole run's discovery
/// order. `index` is `nil` for the outcome that carries the warnings found while looking for files,
/// which every shard has and which comes before every file.
public struct ShardOutcome: Sendable, Codable {
    /// The file's position in the whole run's discovery order; `nil` for the warnings found while looking for files.
    public var index: Int?
    /// The file's whole outcome.
    public var outcome: FileOutcome

    /// An entry of `outcome` at `index`.
    public init(index: Int?, outcome: FileOutcome) {
        self.index = index
        self.outcome = outcome
    }
}
