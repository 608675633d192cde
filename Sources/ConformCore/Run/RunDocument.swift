/// A run's JSON document read back (`conform run --format json`, the JSON report, `conform merge`'s
/// document): what `conform diff` and `conform history` compare. Only the members they need are kept;
/// members added later are passed over. `RunDocumentReader` (ConformLoading) makes one from the bytes.
public struct RunDocument: Sendable {
    /// The format version (`"conform": 1`).
    public var format: Int
    /// The conform that wrote it (`"version"`); `nil` in documents written before conform recorded it.
    public var version: String?
    /// When the run was made (`"recordedAt"`, RFC 3339, read strictly), only when the run was asked to record it.
    public var recordedAt: Timestamp?
    /// The loaded policies with their digests (`"policies"`); `nil` in documents written before conform recorded them.
    public var policies: [PolicyDigest]?
    /// One result per trace and loaded policy, in the run's order.
    public var results: [Result]
    /// The files that could not be checked, and other problems of the input.
    public var errors: [Problem]
    /// The run's counts.
    public var summary: Summary?
    /// `K/N` when the document is one shard's (`conform run --shard K/N`), not a whole run.
    public var shard: String?

    /// A document of the current format with these members.
    public init(
        format: Int = ConformVersion.runDocumentFormat, version: String? = nil, recordedAt: Timestamp? = nil,
        policies: [PolicyDigest]? = nil,
        results: [Result] = [], errors: [Problem] = [], summary: Summary? = nil, shard: String? = nil
    ) {
        self.format = format
        self.version = version
        self.recordedAt = recordedAt
        self.policies = policies
        self.results = results
        self.errors = errors
        self.summary = summary
        self.shard = shard
    }

    /// One loaded policy: its id and a digest of its source (`fnv1a64:` and 16 hex digits).
    public struct PolicyDigest: Hashable, Sendable {
        /// The policy's id.
        public var id: String
        /// The digest of the policy file's bytes; a policy made in code has the digest of no bytes.
        public var digest: String

        /// `id` with `digest`.
        public init(id: String, digest: String) {
            self.id = id
            self.digest = digest
        }
    }

    /// One trace against one policy, as the document has it.
    public struct Result: Sendable {
        /// The trace's id.
        public var trace: String
        /// The trace file, as given or found.
        public var file: String
        /// The trace's `app:`, if any.
        public var app: String?
        /// The policy's id.
        public var policy: String
        /// Whether the trace (or `--policy`) claims the policy.
        public var claimed: Bool
        /// `pass`, `fail`, `inapplicable` or `error`.
        public var verdict: Verdict.Kind
        /// On `fail`: the departing step (from 1).
        public var step: Int?
        /// On `fail`: where the departing step is written.
        public var line: Int?
        /// On `fail`: the departing step's column.
        public var column: Int?
        /// On `fail`: the policy's state at the departure.
        public var state: String?
        /// What went wrong (`fail`, `inapplicable`, `error`).
        public var message: String?
        /// On `fail`: what the policy expected.
        public var expected: JSONValue?
        /// On `fail`: what the trace showed.
        public var observed: JSONValue?
        /// On a broken claim a baseline entry matched: whether it is accepted (`false` when the entry expired).
        public var baselined: Bool?

        /// A result with these members; the departure's are `nil` unless given.
        public init(
            trace: String, file: String, app: String?, policy: String, claimed: Bool, verdict: Verdict.Kind, step: Int? = nil,
            line: Int? = nil, column: Int? = nil, state: String? = nil, message: String? = nil, expected: JSONValue? = nil,
            observed: JSONValue? = nil, baselined: Bool? = nil
        ) {
            self.trace = trace
            self.file = file
            self.app = app
            self.policy = policy
            self.claimed = claimed
            self.verdict = verdict
            self.step = step
            self.line = line
            self.column = column
            self.state = state
            self.message = message
            self.expected = expected
            self.observed = observed
            self.baselined = baselined
        }
    }

    /// A problem of the run's input (`"errors"`): a file that could not be read or is invalid.
    public struct Problem: Sendable, Equatable {
        /// The file at fault.
        public var file: String
        /// Where in it, when known.
        public var line: Int?
        /// The column, when known.
        public var column: Int?
        /// What is wrong.
        public var message: String

        /// The problem at `file`, `line`, `column`.
        public init(file: String, line: Int?, column: Int?, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// The document's `"summary"`.
    public struct Summary: Sendable, Equatable {
        /// Traces checked.
        public var traces: Int
        /// Policies loaded.
        public var policies: Int
        /// Claims that hold.
        public var claimsPassed: Int
        /// Claims that do not.
        public var claimsFailed: Int
        /// Broken claims a baseline accepts; `nil` when the run had no baseline.
        public var claimsBaselined: Int?
        /// Problems of the input.
        public var errors: Int

        /// A summary with these counts.
        public init(traces: Int, policies: Int, claimsPassed: Int, claimsFailed: Int, claimsBaselined: Int? = nil, errors: Int) {
            self.traces = traces
            self.policies = policies
            self.claimsPassed = claimsPassed
            self.claimsFailed = claimsFailed
            self.claimsBaselined = claimsBaselined
            self.errors = errors
        }
    }
}

/// Why bytes are not a run document that can be used, with where in them when a place is known.
public struct RunDocumentRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal.
    public enum Kind: Sendable, Equatable {
        /// The file could not be read; the reason.
        case unreadable(String)
        /// Not JSON: what the reader found where.
        case notJSON(String)
        /// JSON, but not a conform run document (not an object, or no `"conform"` or `"results"` member).
        case notConformDocument
        /// A conform document of another format version.
        case otherFormat(Int)
        /// A run document whose member does not have the shape conform writes: where (`results[3].verdict`) and what.
        case damaged(member: String, what: String)
        /// The `"conform"` member is not a number (`"1"`, a string): what it is.
        case formatNotNumber(String)
        /// A time (`recordedAt`) that is not one conform reads: the text and why (`Timestamp.parse`).
        case notTime(member: String, text: String, reason: String)
    }

    /// What kind of refusal.
    public var kind: Kind
    /// Where in the file, when known (JSON syntax errors and damaged members).
    public var position: TextPosition?

    /// A refusal of this kind at `position`.
    public init(_ kind: Kind, at position: TextPosition? = nil) {
        self.kind = kind
        self.position = position
    }

    /// The sentence said after the file's name.
    public var description: String {
        switch kind {
        case .unreadable(let reason): return reason
        case .notJSON(let what): return "not a conform run document: the file is not JSON (\(what))"
        case .notConformDocument:
            return "not a conform run document: the file is JSON, but not a run's document (no \"conform\" and \"results\" members; "
                + "conform run --format json writes one)"
        case .otherFormat(let format):
            return "a run document of format version \(format), and this conform reads format version \(ConformVersion.runDocumentFormat)"
        case .damaged(let member, let what): return "not a conform run document: \(member): \(what)"
        case .formatNotNumber(let found):
            return
                "\"conform\" is \(found), and the format version is a number (\"conform\": \(ConformVersion.runDocumentFormat), without quotes)"
        case .notTime(let member, let text, let reason):
            return "\(member) '\(text)' is not a time conform reads: \(reason) (\(Timestamp.form))"
        }
    }

    /// The refusal as an error at `file`.
    public func diagnostic(in file: String) -> Diagnostic {
        Diagnostic(.error, description, at: SourceLocation(file: file, position: position))
    }
}
