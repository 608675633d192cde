import ConformCore
import Foundation

/// What a shard records for `conform merge`, shared by the shard's JSON outputs (standard output and
/// the report file): its header, and each file's whole outcome as checked, with the file's position in
/// the whole run. The caller adds the outcomes (before the trace-id check) and sets the errors found
/// before any file; `ShardDocument` writes them.
public final class ShardRecord {
    public var header: ShardHeader
    /// One line of compact JSON per outcome, in the shard's file order.
    private(set) var lines: [String] = []
    /// The first outcome that could not be encoded, reported when the documents are finished.
    private(set) var problem: Diagnostic?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        // Sorted keys, so that the same run gives the same bytes; slashes as they are, for paths.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    public init(header: ShardHeader) {
        self.header = header
    }

    /// Records one file's outcome; `index` is its file's position in the whole run (`nil`: the warnings
    /// found while looking for files).
    public func add(_ outcome: FileOutcome, index: Int?) {
        do {
            // Escaped as `JSONText` escapes, so that the document is inert on a terminal and starts no workflow command.
            let line = String(decoding: try encoder.encode(ShardOutcome(index: index, outcome: outcome)), as: UTF8.self)
            lines.append(JSONText.escapingEncoderOutput(line))
        } catch {
            let file = outcome.summary?.file ?? outcome.errors.first?.location.file ?? "conform"
            problem =
                problem
                ?? Diagnostic(
                    .error, "cannot record the outcome for the shard result: \(error)", at: SourceLocation(file: file, position: nil))
        }
    }

    func headerJSON() throws -> String {
        JSONText.escapingEncoderOutput(String(decoding: try encoder.encode(header), as: UTF8.self))
    }
}

/// The JSON document of a shard (`conform run --shard K/N` with `--format json` or `--report json`): the
/// document a run writes (`JSONDocument`, the shard's own results and summary), then two more members,
/// `"shard"` (the `ShardHeader`) and `"outcomes"` (one `ShardOutcome` per line). Docs/Sharding.md.
public struct ShardDocument: RunRenderer {
    private var document: JSONDocument
    private let record: ShardRecord

    public init(context: RunContext, record: ShardRecord) {
        document = JSONDocument(context: context)
        self.record = record
    }

    public var preparer: (@Sendable (inout FileOutcome) -> Void)? { document.preparer }

    /// `conform merge` makes any report from the shards' documents, so every trace's steps are recorded.
    public var stepDemand: StepDemand { .all }

    /// Inert as the run's JSON document is: `JSONText` writes its part, and the shard's members are
    /// escaped as `JSONText` escapes (`JSONText.escapingEncoderOutput`).
    public var writesJSON: Bool { true }

    public var wordsDepartures: Bool { false }

    public func begin() -> String { document.begin() }

    public mutating func add(_ outcome: FileOutcome) -> String { document.add(outcome) }

    /// - Throws: a `Diagnostic` when an outcome could not be recorded.
    public func finish(_ ending: RunEnding) throws -> String {
        if let problem = record.problem { throw problem }
        var text = document.finish(ending)
        // The run's document ends with its closing brace; the shard's members go before it.
        let closing = "\n}\n"
        guard text.hasSuffix(closing) else {
            throw Diagnostic(
                .error, "the JSON document does not end as a shard result expects", at: SourceLocation(file: "conform", position: nil))
        }
        text.removeLast(closing.count)
        text += ",\n  \"shard\": " + (try record.headerJSON())
        text += ",\n  \"outcomes\": [" + record.lines.map { "\n    " + $0 }.joined(separator: ",") + (record.lines.isEmpty ? "]" : "\n  ]")
        return text + closing
    }
}
