import ConformCore
import ConformLoading
import ConformReports
import ConformResources
import Foundation

/// The policies of a run: the built-in library (embedded in the binary) plus any the user loads.
public struct PolicyLibrary: Sendable {
    /// Loaded policies, sorted by id.
    public private(set) var policies: [Policy]
    /// Problems found while loading (broken files, duplicate ids); the good policies are still there.
    public private(set) var diagnostics: [Diagnostic]
    /// Per policy id, the FNV-1a hash of the file it was loaded from (policies made in code have none).
    private var sourceHashes: [String: String] = [:]
    /// Per policy id, the text of the file it was loaded from (policies made in code have none).
    private var sourceTexts: [String: String] = [:]
    /// The files loaded, standardised: a folder named twice (by the configuration and a flag, or among
    /// a run's paths) is loaded once, not reported as a duplicate of itself.
    private var loadedFiles: Set<String> = []
    /// The ids of policy files that did not load, with their files: a trace claiming one is told where
    /// the problem is, rather than that the policy is unknown. A file refused for its id (a duplicate,
    /// an id that is no id) is also listed under its file name without extension, which is most often
    /// the id its traces claim (`Policies/ledger-add-expense.yaml`).
    public private(set) var failedFiles: [String: String] = [:]

    /// A library of policies made in code (sorted by id), with the problems found making them.
    public init(policies: [Policy], diagnostics: [Diagnostic] = []) {
        self.policies = policies.sorted { $0.id < $1.id }
        self.diagnostics = diagnostics
    }

    /// How the file of a built-in policy is named in messages.
    public static let builtInPrefix = "<built-in>/"

    /// The built-in policies, read from the copies embedded in the binary: loaded once per process
    /// (`BuiltInPolicies`), on a thread of its own when `startLoadingBuiltIn()` was called earlier.
    public static func builtIn() -> PolicyLibrary {
        BuiltInPolicies.shared.library()
    }

    /// Starts loading the built-in policies in the background, so that a command finds them loaded
    /// when it asks (`builtIn()`); calling it again, or after `builtIn()`, does nothing.
    public static func startLoadingBuiltIn() {
        BuiltInPolicies.shared.start()
    }

    /// The built-in policies as `CompiledPolicies` makes them in code (what the loader made of each file
    /// when `conform-embed` last ran; a test holds the two the same), added in their order through the
    /// same `add` a user's file takes. Reading and checking the YAML instead is `loadBuiltIn()`, which this
    /// falls back to if the generated file does not match the embedded files (and which the tests compare with).
    static func compiledBuiltIn() -> PolicyLibrary {
        let files = EmbeddedPolicies.files
        let policies = CompiledPolicies.make()
        guard policies.count == files.count, CompiledPolicies.hashes.count == files.count else {
            return loadBuiltIn()
        }
        var library = PolicyLibrary(policies: [])
        for index in files.indices {
            let bytes = Array(files[index].text.utf8)
            library.add(ParsedPolicyFile(bytes: bytes, policy: policies[index], hash: CompiledPolicies.hashes[index]))
        }
        return library
    }

    /// The built-in policies read from their embedded YAML, one file after another, each added through
    /// the same `add` a user's file takes.
    static func loadBuiltIn() -> PolicyLibrary {
        var library = PolicyLibrary(policies: [])
        for file in EmbeddedPolicies.files {
            library.add(ParsedPolicyFile(bytes: Array(file.text.utf8), file: "\(builtInPrefix)Policies/\(file.name)"))
        }
        return library
    }

    /// Loads every `.yaml`, `.yml` and `.json` file under each directory (or each file given).
    public mutating func load(paths: [String]) {
        for path in paths {
            let discovery = FileDiscovery.find(in: [path])
            diagnostics += discovery.diagnostics
            if discovery.files.isEmpty, discovery.diagnostics.isEmpty {
                diagnostics.append(
                    Diagnostic(.error, "no policy file (.yaml, .yml, .json) found", at: SourceLocation(file: path, position: nil)))
            }
            for file in discovery.files {
                switch FileReader.read(file) {
                case .success(let bytes): add(bytes: bytes, file: file)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
        }
    }

    mutating func add(text: String, file: String) {
        add(bytes: Array(text.utf8), file: file)
    }

    /// Adds one policy file's policy; a duplicate id is refused with an error naming both files,
    /// unless `replacingBuiltIn` lets a file stand in for the built-in policy of the same id (lint does
    /// this, since `Policies/` is the built-in library's source).
    public mutating func add(bytes: [UInt8], file: String, replacingBuiltIn: Bool = false) {
        if !file.hasPrefix(Self.builtInPrefix) {
            guard loadedFiles.insert(Self.standardized(file)).inserted else { return }
        }
        add(ParsedPolicyFile(bytes: bytes, file: file), replacingBuiltIn: replacingBuiltIn)
    }

    /// Adds a parsed policy file, as `add(bytes:file:replacingBuiltIn:)` says (its file already noted).
    mutating func add(_ parsed: ParsedPolicyFile, replacingBuiltIn: Bool = false) {
        let (bytes, file) = (parsed.bytes, parsed.file)
        diagnostics += parsed.problems.map { $0.diagnostic(in: file) }
        guard let policy = parsed.policy else {
            noteFailed(bytes: bytes, file: file)
            return
        }
        if replacingBuiltIn, let index = policies.firstIndex(where: { $0.id == policy.id && $0.file.hasPrefix(Self.builtInPrefix) }) {
            policies[index] = policy
            sourceHashes[policy.id] = parsed.hash
            sourceTexts[policy.id] = String(decoding: bytes, as: UTF8.self)
            return
        }
        if let existing = policies.first(where: { $0.id == policy.id }) {
            diagnostics.append(
                Diagnostic(
                    .error,
                    "duplicate policy id '\(policy.id)' (also defined in \(existing.file)); ids must be unique: choose another id for this one "
                        + "(and claim it by that id in its traces)",
                    at: SourceLocation(file: file, position: policy.idPosition ?? .start)))
            noteFailed(stemOf: file)
            return
        }
        sourceHashes[policy.id] = parsed.hash
        sourceTexts[policy.id] = String(decoding: bytes, as: UTF8.self)
        policies.append(policy)
        policies.sort { $0.id < $1.id }
    }

    /// The text of the file the policy `id` was loaded from, as it was read (`nil` for a policy made in
    /// code): what `conform generate --format xcuitest` carries into the tests it writes.
    public func sourceText(of id: String) -> String? {
        sourceTexts[id]
    }

    /// Whether `file` was loaded (or tried) already: its problems are in `diagnostics` then.
    public func hasLoaded(file: String) -> Bool {
        loadedFiles.contains(Self.standardized(file))
    }

    private static func standardized(_ file: String) -> String {
        URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Remembers the id of a policy file that did not load, so that a trace claiming it is sent to
    /// the file's errors. A file YAML cannot read still names its id on a line `policy: ID` at the
    /// left margin (a trace's claims are indented under `claims:`, or named `policy:` beside `steps:`).
    mutating func noteFailed(bytes: [UInt8], file: String) {
        var id: String?
        if case .success(let root?) = YAMLReader().read(bytes) {
            guard root.mapping?.contains(where: { $0.key.scalarText == "steps" }) != true else { return }
            id = root.mapping?.first(where: { $0.key.scalarText == "policy" })?.value.scalarText
        } else {
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(whereSeparator: \.isNewline)
            guard !lines.contains(where: { $0.hasPrefix("steps:") || $0.hasPrefix("trace:") }) else { return }
            id = lines.first { $0.hasPrefix("policy:") }
                .map { $0.dropFirst("policy:".count).trimmingCharacters(in: CharacterSet(charactersIn: " \"'")) }
        }
        guard let id, !id.isEmpty, failedFiles[id] == nil else { return }
        failedFiles[id] = file
        noteFailed(stemOf: file)
    }

    /// Lists a refused file under its name without extension, unless a loaded policy has that id.
    private mutating func noteFailed(stemOf file: String) {
        let stem = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard !stem.isEmpty, failedFiles[stem] == nil, policy(id: stem) == nil else { return }
        failedFiles[stem] = file
    }

    /// When `claim` is written as a policy's file (`Policies/x.yaml`, `x.yaml`) rather than its id: the
    /// id of the loaded policy of that file (or of that file name), else the id nearest the file's name.
    public func idOfPolicyFile(named claim: String) -> String? {
        let name = (claim as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        guard claim.contains("/") || ["yaml", "yml", "json"].contains((name as NSString).pathExtension.lowercased()) else {
            return nil
        }
        let byFile =
            policies.first { $0.file == claim || $0.file.hasSuffix("/" + claim) }
            ?? policies.first { ($0.file as NSString).lastPathComponent == name }
        return byFile?.id ?? (ids.contains(stem) ? stem : Spelling.nearest(to: stem, among: ids))
    }

    /// The policy with this id, or `nil` when none is loaded.
    public func policy(id: String) -> Policy? {
        policies.first { $0.id == id }
    }

    /// The ids of the loaded policies, sorted.
    public var ids: [String] { policies.map(\.id) }

    /// Each loaded policy's id and digest, in id order, as run documents record them (`"policies"`): the
    /// FNV-1a hash of the policy file's bytes (`fnv1a64:` and 16 hex digits), the hash `fingerprint` combines.
    /// A policy made in code has the digest of no bytes, so that it counts by its id.
    public var digests: [RunDocument.PolicyDigest] {
        policies.map { RunDocument.PolicyDigest(id: $0.id, digest: "fnv1a64:" + (sourceHashes[$0.id] ?? StableHash().hex)) }
    }

    /// Which policies are loaded, as one value that `conform merge` compares between shards: the FNV-1a
    /// hash of every policy's id and the hash of its file's bytes, in id order (`fnv1a64:` and 16 hex digits).
    /// The same files give the same fingerprint wherever they lie; a policy made in code counts by its id.
    public var fingerprint: String {
        var hash = StableHash()
        for policy in policies {
            hash.combine(policy.id)
            hash.combine(sourceHashes[policy.id] ?? "")
        }
        return "fnv1a64:" + hash.hex
    }
}
