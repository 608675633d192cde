import ConformCore
import ConformLoading
import Foundation

/// The shards of one run, read back from the JSON documents they wrote (`conform run --shard K/N`) and
/// put in the whole run's order, for `conform merge` to make the whole run's outputs and exit status.
/// Reading refuses what cannot be merged into the run the shards came from: a file that is not a shard
/// result, shards of another conform version or policy library, a shard missing or given twice.
public struct ShardMerge: Sendable {
    /// Whether the shards were made with `--coverage` (all or none of them).
    public var coverage: Bool
    /// The problems the run found before any file (a missing path, no trace found).
    public var leadingErrors: [Diagnostic]
    /// The warnings found while looking for files (links not followed), which come before every file.
    public var lookupWarnings: [Diagnostic]
    /// Every file's outcome, in the whole run's order, before the trace-id check.
    public var outcomes: [FileOutcome]

    /// Reads the shards' documents and checks that they make one whole run.
    /// - Parameters:
    ///   - paths: the shards' JSON documents (`conform merge FILE ...`).
    ///   - version: this conform's version; shards made by another are refused.
    ///   - library: the policies loaded here; shards made with others are refused.
    ///   - baselineFiles: the merge's `--baseline` and `--write-baseline`: shards that left a baseline file
    ///     among the traces unchecked are refused unless it is one of these.
    /// - Returns: the merged run, or `nil` and every reason it cannot be made (each at the file it concerns).
    public static func read(_ paths: [String], version: String, library: PolicyLibrary, baselineFiles: [String] = []) -> (
        ShardMerge?, [Diagnostic]
    ) {
        var shards: [Shard] = []
        var problems: [Diagnostic] = []
        for path in paths {
            switch readShard(path) {
            case .success(let shard): shards.append(shard)
            case .failure(let refusal): problems.append(refusal.diagnostic(at: path))
            }
        }
        for shard in shards {
            problems += agreement(of: shard, version: version, fingerprint: library.fingerprint, first: shards[0])
            for file in shard.header.baselineFiles where !ConformRunner.excluding(baselineFiles, from: [file]).isEmpty {
                problems.append(
                    Refusal.baselineFile(shard: shard.name, file: file).diagnostic(at: shard.path, shard.position(of: "baselineFiles")))
            }
        }
        problems += completeness(shards)
        guard problems.isEmpty, let first = shards.min(by: { $0.header.index < $1.header.index }) else { return (nil, problems) }
        if let twice = fileInTwoShards(shards) { return (nil, [twice]) }
        // Every file of the run, once: each shard holds the files it is dealt (`ShardNumbers`), none is in
        // two, so their indices are 0..<files; checked once more without a list as long as `files` says.
        let filed = shards.flatMap { $0.outcomes.compactMap { entry in entry.index.map { ($0, entry.outcome) } } }.sorted { $0.0 < $1.0 }
        guard filed.count == first.header.files, filed.enumerated().allSatisfy({ $0.offset == $0.element.0 }) else {
            return (nil, [Refusal.notOneRun.diagnostic(at: Refusal.place)])
        }
        let warnings = first.outcomes.filter { $0.index == nil }.flatMap(\.outcome.warnings)
        return (
            ShardMerge(
                coverage: first.header.coverage, leadingErrors: first.header.errors, lookupWarnings: warnings, outcomes: filed.map(\.1)),
            []
        )
    }

    /// Hands every outcome over as the unsharded run with these options hands it: without what the run
    /// would not have kept, judged against the same baseline, and admitted (trace ids, the baseline's
    /// ledger) over the whole run, in its order.
    /// - Parameters:
    ///   - keepSteps: the run's outputs show steps (reports, `--github`): else steps, evidence, evidence
    ///     warnings and line lengths are dropped, as a run that does not keep steps never makes them.
    ///   - recordPaths: the run records the transitions each claimed pair took.
    ///   - baseline: the run's `--baseline` (or `--write-baseline`); whatever the shards had, broken claims
    ///     are marked with this one only, and its files are not traces.
    ///   - writeBaseline: with `--write-baseline`, the file the new baseline goes to.
    ///   - each: called with each outcome as the unsharded run would hand it, in the run's order.
    /// - Returns: what the run made of its baseline, when it has one.
    public func replay(
        keepSteps: Bool, recordPaths: Bool, baseline: BaselineMatcher? = nil, writeBaseline: String? = nil, each: (FileOutcome) -> Void
    ) -> BaselineOutcome? {
        if !lookupWarnings.isEmpty { each(FileOutcome(summary: nil, results: [], errors: [], warnings: lookupWarnings)) }
        let excluded = [baseline?.baseline.file, writeBaseline].compactMap { $0 }
        var admission = RunAdmission(baseline: baseline)
        for var outcome in outcomes {
            // A baseline file is never a trace of the run, though a shard made without it read it as one.
            if !excluded.isEmpty, let file = outcome.summary?.file ?? outcome.errors.first?.location.file,
                ConformRunner.excluding(excluded, from: [file]).isEmpty
            {
                continue
            }
            if !keepSteps {
                outcome.summary?.steps = []
                for index in outcome.results.indices { outcome.results[index].departureEvidence = nil }
                // Evidence is read only by a run that keeps steps; a vacuous claim is said in any run.
                outcome.warnings.removeLast(outcome.evidenceWarningCount)
                outcome.evidenceWarningCount = 0
                outcome.lineLengths = [:]
            }
            if !recordPaths {
                for index in outcome.results.indices { outcome.results[index].outcome.path = [] }
            }
            for index in outcome.results.indices { outcome.results[index].baseline = nil }
            baseline?.mark(&outcome.results)
            each(admission.admit(outcome))
        }
        return admission.finish(writtenTo: writeBaseline)
    }

    /// Why files cannot be merged, each said once, here.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// The file could not be read; the reason as `FileReader` gives it.
        case unreadable(String)
        /// The file is not JSON: what was found where it stops being JSON.
        case notJSON(String)
        /// The file is JSON, but not a conform document (no `"conform": 1`).
        case notConformDocument
        /// A JSON object whose `"conform"` is not the number 1 (`"1"`, a string, or another format).
        case otherFormat
        /// A conform document without `"shard"`.
        case unsharded
        /// `"shard"` or `"outcomes"` is not what a shard writes: where and what.
        case damaged(String)
        /// A number of `"shard"` or `"outcomes"` out of its bounds or at odds with another (`ShardNumbers`).
        case number(NumberOutOfRange)
        /// A file's outcome is in two shards: the other shard's file and where in it.
        case fileTwice(index: Int, other: String)
        /// The shard was made by another version of conform.
        case otherVersion(shard: String, version: String, current: String)
        /// The shard checked other policies than those loaded for the merge (another fingerprint).
        case otherPolicies(shard: String, fingerprint: String, loaded: String)
        /// The shard dealt files by another rule than the first shard.
        case otherSelection(shard: String, rule: String)
        /// The shard is one of another number of shards than the first.
        case otherCount(shard: String, first: String, firstShard: String)
        /// The shard saw another set of files than the first (another run).
        case otherRun(shard: String, files: Int, first: String, firstFiles: Int)
        /// The shard ran with `--coverage` and the first did not, or the other way round.
        case otherCoverage(shard: String, coverage: Bool, first: String)
        /// Two files are the same shard.
        case twice(shard: String, also: String)
        /// The shard left a baseline file among the traces unchecked; the merge has no such baseline.
        case baselineFile(shard: String, file: String)
        /// Shards of the run are missing: which, of how many.
        case missing(shards: [String], count: Int)
        /// The shards agree on everything, yet their files are not each file of one run once.
        case notOneRun

        /// Where problems that concern no one file are said.
        public static let place = "conform merge"

        /// The sentence `conform merge` prints for the refusal.
        public var description: String {
            switch self {
            case .unreadable(let reason):
                return reason
            case .notJSON(let what):
                return "not a shard result: the file is not JSON (\(what))"
            case .notConformDocument:
                return "not a shard result: the file is JSON, but not a conform document (no \"conform\": 1)"
            case .otherFormat:
                return "not a shard result: its \"conform\" is not the number 1 (a shard result is a conform document of format 1)"
            case .unsharded:
                return "not a shard result: a conform document from a run without --shard "
                    + "(shards write theirs with --shard K/N and --format json or --report json)"
            case .damaged(let what):
                return "not a shard result: its \"shard\" or \"outcomes\" cannot be read (\(what))"
            case .number(let number):
                return "not a shard result conform can merge: \(number)"
            case .fileTwice(let index, let other):
                return "the file numbered \(index) in the run is in this shard and in \(other): each file is in one shard; "
                    + "shards of different runs cannot be merged"
            case .otherVersion(let shard, let version, let current):
                return "shard \(shard) was made by conform \(version), and this is conform \(current): "
                    + "shards of different conform versions cannot be merged"
            case .otherPolicies(let shard, let fingerprint, let loaded):
                return "shard \(shard) was made with other policies (\(fingerprint); loaded here: \(loaded)): "
                    + "shards of different policy libraries cannot be merged (give merge the --policies the shards had)"
            case .otherSelection(let shard, let rule):
                return "shard \(shard) was dealt its files by the rule '\(rule)', not '\(ConformCore.Shard.selection)': "
                    + "shards of different conform versions cannot be merged"
            case .otherCount(let shard, let first, let firstShard):
                return "shard \(shard), but \(first) is shard \(firstShard): the shards of one run share N"
            case .otherRun(let shard, let files, let first, let firstFiles):
                return "shard \(shard) of a run of \(files) files, but \(first) of \(firstFiles): shards of different runs cannot be merged"
            case .otherCoverage(let shard, let coverage, let first):
                return
                    "shard \(shard) was made \(coverage ? "with" : "without") --coverage, and \(first) \(coverage ? "without" : "with"): "
                    + "make every shard with it or every shard without"
            case .baselineFile(let shard, let file):
                return "shard \(shard) was made with the baseline \(file), which lies among the traces and so was not checked as one: "
                    + "give merge the same --baseline (or --write-baseline)"
            case .twice(let shard, let also):
                return "shard \(shard) is given twice (also \(also))"
            case .missing(let shards, let count):
                // Ten named at most: a merge given one shard of 10,000 does not print 9,999 names.
                let named = shards.prefix(10).joined(separator: ", ") + (shards.count > 10 ? " and \(shards.count - 10) more" : "")
                let list = shards.count == 1 ? "shard \(shards[0]) is" : "shards \(named) are"
                return "\(list) missing: a merge needs every shard of the run, 1/\(count) to \(count)/\(count)"
            case .notOneRun:
                return "the shards' files do not make up one run (each file must be in exactly one shard); "
                    + "shards of different runs cannot be merged"
            }
        }

        /// The refusal as a problem at `file`, at `position` in it when one is known.
        public func diagnostic(at file: String, _ position: TextPosition? = nil) -> Diagnostic {
            Diagnostic(.error, description, at: SourceLocation(file: file, position: position))
        }
    }

    /// A refusal with where in the file it concerns, when a place is known.
    public struct LocatedRefusal: Error, Equatable {
        /// Why.
        public var refusal: Refusal
        /// Where in the file.
        public var position: TextPosition?

        /// `refusal` at `position`.
        public init(_ refusal: Refusal, at position: TextPosition? = nil) {
            self.refusal = refusal
            self.position = position
        }

        /// The refusal as a problem at `file`.
        public func diagnostic(at file: String) -> Diagnostic {
            refusal.diagnostic(at: file, position)
        }
    }

    // MARK: - Private

    /// One file read as a shard result.
    private struct Shard {
        var path: String
        var header: ShardHeader
        var outcomes: [ShardOutcome]

        /// Where the member of `"shard"` named so is written: looked up when a refusal is about it, the
        /// file read once more (a refusal is rare; a pass over every shard to know in advance is not free).
        func position(of member: String) -> TextPosition? {
            guard case .success(let bytes) = FileReader.read(path, maximumBytes: Int(Int32.max)) else { return nil }
            return JSONLocator.position(of: [.key("shard"), .key(member)], in: bytes)
        }

        /// `K/N`.
        var name: String { "\(header.index)/\(header.count)" }
    }

    /// The members of a document that `merge` reads; the others are not looked at.
    private struct Document: Decodable {
        var conform: Int?
        var shard: Result<ShardHeader, any Error>?
        var outcomes: Result<[ShardOutcome], any Error>?

        private enum CodingKeys: String, CodingKey {
            case conform, shard, outcomes
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            conform = try? container.decodeIfPresent(Int.self, forKey: .conform)
            if container.contains(.shard) { shard = Result { try container.decode(ShardHeader.self, forKey: .shard) } }
            if container.contains(.outcomes) { outcomes = Result { try container.decode([ShardOutcome].self, forKey: .outcomes) } }
        }
    }

    private static func readShard(_ path: String) -> Result<Shard, LocatedRefusal> {
        let bytes: [UInt8]
        switch FileReader.read(path, maximumBytes: Int(Int32.max)) {
        case .success(let read): bytes = read
        case .failure(.cannotOpen): return .failure(LocatedRefusal(.unreadable("cannot read the file (it is missing or not accessible)")))
        case .failure(.notRegularFile): return .failure(LocatedRefusal(.unreadable("not a regular file, so it is not read")))
        case .failure(.tooLarge(let size)):
            return .failure(LocatedRefusal(.unreadable("the file has \(size) bytes; at most \(Int32.max) are read")))
        case .failure(.readFailed(let reason)): return .failure(LocatedRefusal(.unreadable("cannot read the file: \(reason)")))
        case .failure(.changed): return .failure(LocatedRefusal(.unreadable("the file changed while it was read")))
        }
        return decode(bytes).map { Shard(path: path, header: $0.header, outcomes: $0.outcomes) }
    }

    /// A shard result's header and outcomes from the document's bytes, every number checked
    /// (`ShardNumbers`), or why it is not one, at its line and column when it has one (the fuzz target
    /// `Fuzz/FuzzShardDocument.swift` feeds it anything).
    public static func decode(_ bytes: [UInt8]) -> Result<(header: ShardHeader, outcomes: [ShardOutcome]), LocatedRefusal> {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            let syntax = JSONLocator.syntaxError(in: bytes)
            return .failure(LocatedRefusal(.notJSON(syntax?.what ?? "it is not one JSON value"), at: syntax?.position))
        } catch {
            // JSON, but not an object.
            return .failure(LocatedRefusal(.notConformDocument, at: .start))
        }
        guard document.conform == 1 else {
            let place = JSONLocator.position(of: [.key("conform")], in: bytes)
            return .failure(LocatedRefusal(place == nil ? .notConformDocument : .otherFormat, at: place))
        }
        guard let shard = document.shard else { return .failure(LocatedRefusal(.unsharded)) }
        switch (shard, document.outcomes) {
        case (.success(let header), .success(let outcomes)):
            if let wrong = ShardNumbers.check(header, outcomes) {
                return .failure(LocatedRefusal(.number(wrong), at: JSONLocator.position(of: wrong.path, in: bytes)))
            }
            return .success((header, outcomes))
        case (.failure(let error as NumberOutOfRange), _), (_, .failure(let error as NumberOutOfRange)):
            return .failure(LocatedRefusal(.number(error), at: JSONLocator.position(of: error.path, in: bytes)))
        case (.failure(let error), _), (_, .failure(let error)):
            // The decoder does not say where a number that is no whole number (or too large for one) is:
            // every number of a shard result is a whole number but those of a verdict's JSON values.
            if !(error is DecodingError),
                let number = JSONLocator.firstNumberNotInt(
                    in: bytes, members: ["shard", "outcomes"], skipping: ["expected", "observed", "revealed"])
            {
                return .failure(
                    LocatedRefusal(.damaged("the number \(number.text), where a shard result has a whole number"), at: number.position))
            }
            let (path, what) = describe(error)
            return .failure(LocatedRefusal(.damaged(what), at: path.flatMap { JSONLocator.position(of: $0, in: bytes) }))
        case (.success, nil):
            return .failure(LocatedRefusal(.damaged("outcomes: missing"), at: JSONLocator.position(of: [.key("shard")], in: bytes)))
        }
    }

    /// What a decoding error says, in a few words (where and what), and the path to the place.
    private static func describe(_ error: any Error) -> (path: [JSONPathStep]?, what: String) {
        let path: [any CodingKey]
        let what: String
        let located: [any CodingKey]
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            (path, what, located) = (context.codingPath + [key], "missing", context.codingPath)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            (path, what, located) = (context.codingPath, "not what a shard result has there", context.codingPath)
        default: return (nil, "\(error)")
        }
        let place = JSONPathStep.text(path.map(JSONPathStep.init))
        return (located.map(JSONPathStep.init), place.isEmpty ? what : "\(place): \(what)")
    }

    /// The first file whose outcome two shards hold (shards in the order of their numbers), at its
    /// `index` in the later one: `ShardNumbers` has held each shard to the number of files it is dealt,
    /// so a file in two shards leaves another in none.
    private static func fileInTwoShards(_ shards: [Shard]) -> Diagnostic? {
        var holder: [Int: String] = [:]
        for shard in shards.sorted(by: { $0.header.index < $1.header.index }) {
            for (number, entry) in shard.outcomes.enumerated() {
                guard let index = entry.index else { continue }
                guard let other = holder[index] else {
                    holder[index] = shard.path
                    continue
                }
                // An error's place: the document is read once more to find the line.
                let bytes = (try? FileReader.read(shard.path, maximumBytes: Int(Int32.max)).get()) ?? []
                let position = JSONLocator.position(of: [.key("outcomes"), .index(number), .key("index")], in: bytes)
                return Refusal.fileTwice(index: index, other: other).diagnostic(at: shard.path, position)
            }
        }
        return nil
    }

    /// Whether a shard was made by this conform, with these policies, in the same way as the first shard;
    /// each refusal at the member of `"shard"` it is about.
    private static func agreement(of shard: Shard, version: String, fingerprint: String, first: Shard) -> [Diagnostic] {
        let header = shard.header
        var refusals: [(Refusal, String)] = []
        if header.version != version {
            refusals.append((.otherVersion(shard: shard.name, version: header.version, current: version), "version"))
        }
        if header.policies != fingerprint {
            refusals.append((.otherPolicies(shard: shard.name, fingerprint: header.policies, loaded: fingerprint), "policies"))
        }
        if header.selection != ConformCore.Shard.selection {
            refusals.append((.otherSelection(shard: shard.name, rule: header.selection), "selection"))
        }
        if shard.path != first.path {
            if header.count != first.header.count {
                refusals.append((.otherCount(shard: shard.name, first: first.path, firstShard: first.name), "count"))
            } else if header.files != first.header.files {
                refusals.append(
                    (.otherRun(shard: shard.name, files: header.files, first: first.path, firstFiles: first.header.files), "files"))
            }
            if header.coverage != first.header.coverage {
                refusals.append((.otherCoverage(shard: shard.name, coverage: header.coverage, first: first.path), "coverage"))
            }
        }
        return refusals.map { refusal, member in refusal.diagnostic(at: shard.path, shard.position(of: member)) }
    }

    /// Every shard of 1...N once, when the shards agree on N.
    private static func completeness(_ shards: [Shard]) -> [Diagnostic] {
        guard let count = shards.first?.header.count, shards.allSatisfy({ $0.header.count == count }) else { return [] }
        var problems: [Diagnostic] = []
        var seen: [Int: String] = [:]
        for shard in shards {
            if let earlier = seen[shard.header.index] {
                problems.append(Refusal.twice(shard: shard.name, also: earlier).diagnostic(at: shard.path, shard.position(of: "index")))
            } else {
                seen[shard.header.index] = shard.path
            }
        }
        let missing = (1...count).filter { seen[$0] == nil }.map { "\($0)/\(count)" }
        if !missing.isEmpty { problems.append(Refusal.missing(shards: missing, count: count).diagnostic(at: Refusal.place)) }
        return problems
    }
}
