import ConformCore
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
    ///   - version: this conform's version; shards made by another are refused.
    ///   - library: the policies loaded here; shards made with others are refused.
    /// - Returns: the merged run, or `nil` and every reason it cannot be made (each at the file it concerns).
    public static func read(_ paths: [String], version: String, library: PolicyLibrary) -> (ShardMerge?, [Diagnostic]) {
        var shards: [(path: String, header: ShardHeader, outcomes: [ShardOutcome])] = []
        var problems: [Diagnostic] = []
        for path in paths {
            switch readShard(path) {
            case .success(let shard): shards.append((path, shard.header, shard.outcomes))
            case .failure(let problem): problems.append(problem.diagnostic)
            }
        }
        for shard in shards {
            problems += agreement(of: shard.header, at: shard.path, version: version, fingerprint: library.fingerprint, first: shards[0])
        }
        problems += completeness(shards.map { ($0.path, $0.header) })
        guard problems.isEmpty, let first = shards.min(by: { $0.header.index < $1.header.index }) else { return (nil, problems) }
        // Every file of the run, once: what shards of one run always give.
        let filed = shards.flatMap { $0.outcomes.compactMap { entry in entry.index.map { ($0, entry.outcome) } } }.sorted { $0.0 < $1.0 }
        guard filed.map(\.0) == Array(0..<first.header.files) else {
            return (nil, [Self.problem(at: "conform merge", "the shards' files do not make up one run (each file must be in exactly one shard); shards of different runs cannot be merged")])
        }
        let warnings = first.outcomes.filter { $0.index == nil }.flatMap(\.outcome.warnings)
        return (ShardMerge(coverage: first.header.coverage, leadingErrors: first.header.errors, lookupWarnings: warnings, outcomes: filed.map(\.1)), [])
    }

    /// Hands every outcome over as the unsharded run with these options hands it: without what the run
    /// would not have kept, and with the trace-id check made over the whole run, in its order.
    /// - Parameters:
    ///   - keepSteps: the run's outputs show steps (reports, `--github`): else steps, evidence, evidence
    ///     warnings and line lengths are dropped, as a run that does not keep steps never makes them.
    ///   - recordPaths: the run records the transitions each claimed pair took.
    public func replay(keepSteps: Bool, recordPaths: Bool, each: (FileOutcome) -> Void) {
        if !lookupWarnings.isEmpty { each(FileOutcome(summary: nil, results: [], errors: [], warnings: lookupWarnings)) }
        var ids = TraceIDs()
        for var outcome in outcomes {
            if !keepSteps {
                outcome.summary?.steps = []
                for index in outcome.results.indices { outcome.results[index].departureEvidence = nil }
                // A file's warnings are about evidence, which only a run that keeps steps reads.
                outcome.warnings = []
                outcome.lineLengths = [:]
            }
            if !recordPaths {
                for index in outcome.results.indices { outcome.results[index].outcome.path = [] }
            }
            each(ids.admit(outcome))
        }
    }

    // MARK: - Private

    private struct Refusal: Error {
        var diagnostic: Diagnostic
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

    private static func readShard(_ path: String) -> Result<(header: ShardHeader, outcomes: [ShardOutcome]), Refusal> {
        let bytes: [UInt8]
        switch FileReader.read(path, maximumBytes: Int(Int32.max)) {
        case .success(let read): bytes = read
        case .failure(.cannotOpen): return .failure(Refusal(diagnostic: problem(at: path, "cannot read the file (it is missing or not accessible)")))
        case .failure(.notRegularFile): return .failure(Refusal(diagnostic: problem(at: path, "not a regular file, so it is not read")))
        case .failure(.tooLarge(let size)): return .failure(Refusal(diagnostic: problem(at: path, "the file has \(size) bytes; at most \(Int32.max) are read")))
        case .failure(.readFailed(let reason)): return .failure(Refusal(diagnostic: problem(at: path, "cannot read the file: \(reason)")))
        case .failure(.changed): return .failure(Refusal(diagnostic: problem(at: path, "the file changed while it was read")))
        }
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(bytes))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .failure(Refusal(diagnostic: problem(at: path, "not a shard result: the file is not JSON")))
        } catch {
            return .failure(Refusal(diagnostic: problem(at: path, "not a shard result: the file is JSON, but not a conform document")))
        }
        guard document.conform == 1 else {
            return .failure(Refusal(diagnostic: problem(at: path, "not a shard result: the file is JSON, but not a conform document (no \"conform\": 1)")))
        }
        guard let shard = document.shard else {
            return .failure(Refusal(diagnostic: problem(at: path, "not a shard result: a conform document from a run without --shard (shards write theirs with --shard K/N and --format json or --report json)")))
        }
        switch (shard, document.outcomes ?? .failure(Missing())) {
        case (.success(let header), .success(let outcomes)):
            return .success((header, outcomes))
        case (.failure(let error), _), (_, .failure(let error)):
            return .failure(Refusal(diagnostic: problem(at: path, "not a shard result: its \"shard\" or \"outcomes\" cannot be read (\(describe(error)))")))
        }
    }

    private struct Missing: Error, CustomStringConvertible {
        var description: String { "\"outcomes\" is missing" }
    }

    /// What a decoding error says, in a few words: where and what.
    private static func describe(_ error: any Error) -> String {
        let path: [any CodingKey]
        let what: String
        switch error {
        case DecodingError.keyNotFound(let key, let context): (path, what) = (context.codingPath + [key], "missing")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            (path, what) = (context.codingPath, "not what a shard result has there")
        default: return "\(error)"
        }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return place.isEmpty ? what : "\(place.hasPrefix(".") ? String(place.dropFirst()) : place): \(what)"
    }

    /// Whether a shard was made by this conform, with these policies, in the same way as the first shard.
    private static func agreement(
        of header: ShardHeader, at path: String, version: String, fingerprint: String, first: (path: String, header: ShardHeader, outcomes: [ShardOutcome])
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if header.version != version {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count) was made by conform \(header.version), and this is conform \(version): shards of different conform versions cannot be merged"))
        }
        if header.policies != fingerprint {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count) was made with other policies (\(header.policies); loaded here: \(fingerprint)): shards of different policy libraries cannot be merged (give merge the --policies the shards had)"))
        }
        if header.selection != Shard.selection {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count) was dealt its files by the rule '\(header.selection)', not '\(Shard.selection)': shards of different conform versions cannot be merged"))
        }
        guard path != first.path else { return problems }
        if header.count != first.header.count {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count), but \(first.path) is shard \(first.header.index)/\(first.header.count): the shards of one run share N"))
        } else if header.files != first.header.files {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count) of a run of \(header.files) files, but \(first.path) of \(first.header.files): shards of different runs cannot be merged"))
        }
        if header.coverage != first.header.coverage {
            problems.append(problem(at: path, "shard \(header.index)/\(header.count) was made \(header.coverage ? "with" : "without") --coverage, and \(first.path) \(first.header.coverage ? "with" : "without"): make every shard with it or every shard without"))
        }
        return problems
    }

    /// Every shard of 1...N once, when the shards agree on N.
    private static func completeness(_ shards: [(path: String, header: ShardHeader)]) -> [Diagnostic] {
        guard let count = shards.first?.header.count, shards.allSatisfy({ $0.header.count == count }) else { return [] }
        var problems: [Diagnostic] = []
        var seen: [Int: String] = [:]
        for shard in shards {
            if let earlier = seen[shard.header.index] {
                problems.append(problem(at: shard.path, "shard \(shard.header.index)/\(count) is given twice (also \(earlier))"))
            } else {
                seen[shard.header.index] = shard.path
            }
        }
        let missing = (1...count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            let names = missing.map { "\($0)/\(count)" }
            let list = names.count == 1 ? "shard \(names[0]) is" : "shards \(names.joined(separator: ", ")) are"
            problems.append(problem(at: "conform merge", "\(list) missing: a merge needs every shard of the run, 1/\(count) to \(count)/\(count)"))
        }
        return problems
    }

    private static func problem(at file: String, _ message: String) -> Diagnostic {
        Diagnostic(.error, message, at: SourceLocation(file: file, position: nil))
    }
}
