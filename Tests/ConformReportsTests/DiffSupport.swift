import ConformCore
import ConformKit
import ConformLoading
import Foundation

@testable import ConformReports

/// Pairs of real runs for `conform diff`: a scratch folder of trace files (copied from Traces/ and
/// edited), run as `conform run --format json` runs it, its paths relative to the folder as a user
/// running from the repository root sees them.
struct DiffScratch {
    let root: URL
    static let library = PolicyLibrary.builtIn()

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("conform-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// The text of a trace of the example corpus (`Reminders/swipe-after-edit.yaml`).
    static func corpus(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Traces/" + path), encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// The run of `Traces/` (or `traces`) in the folder as its JSON document's text, paths relative to the
    /// folder (or, `absolute`, as a run given the absolute path writes them).
    func documentText(
        version: String = ConformVersion.current, library: PolicyLibrary = DiffScratch.library, traces: String = "Traces",
        absolute: Bool = false
    ) throws -> String {
        let folder = root.appendingPathComponent(traces).path
        let result = ConformRunner(library: library).run(.init(paths: [folder]))
        let context = RunContext(
            policies: library.policies, version: version,
            policyDigests: Dictionary(library.digests.map { ($0.id, $0.digest) }) { a, _ in a }, paths: [folder])
        let text = try ReportFormat.json.render(ReportInput(result: result, context: context))
        return absolute ? text : text.replacingOccurrences(of: "\"" + root.path + "/", with: "\"")
    }

    /// The run of `Traces/` (or `traces`) in the folder, as `conform diff` reads it back.
    func document(
        version: String = ConformVersion.current, library: PolicyLibrary = DiffScratch.library, traces: String = "Traces",
        absolute: Bool = false
    ) throws -> RunDocument {
        try RunDocumentReader.read(Array(try documentText(version: version, library: library, traces: traces, absolute: absolute).utf8))
            .get()
    }
}

/// The diff of two documents that must compare.
func diff(_ base: RunDocument, _ head: RunDocument) throws -> RunDiff {
    try RunDiff.compare(base, file: "base.json", with: head, file: "head.json").get()
}

extension DiffRefusal: CustomStringConvertible {
    public var description: String { problems.map(\.formatted).joined(separator: "\n") }
}
