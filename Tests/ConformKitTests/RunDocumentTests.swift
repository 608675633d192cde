import ConformCore
import ConformLoading
import ConformResources
import Foundation
import Testing

@testable import ConformKit
@testable import ConformReports

/// The run document as conform writes it, read back by `RunDocumentReader`: the same results, and the
/// header members `conform diff` and `conform history` need.
@Suite("Kit: Run documents, written and read back")
struct RunDocumentTests {
    static let library = PolicyLibrary.builtIn()

    static func context(recordedAt: String? = nil) -> RunContext {
        RunContext(
            policies: library.policies, version: ConformVersion.current, recordedAt: recordedAt,
            policyDigests: Dictionary(uniqueKeysWithValues: library.digests.map { ($0.id, $0.digest) }))
    }

    @Test("the example corpus's JSON document reads back result for result, with version, time and policy digests")
    func roundTrip() throws {
        let result = ConformRunner(library: Self.library).run(.init(paths: [ShardingTests.traces]))
        let text = try ReportFormat.json.render(ReportInput(result: result, context: Self.context(recordedAt: "2026-11-26T10:00:00Z")))
        #expect(
            text.hasPrefix(
                "{\n  \"conform\": 1,\n  \"version\": \"\(ConformVersion.current)\",\n  \"recordedAt\": \"2026-11-26T10:00:00Z\",\n  \"policies\": [\n    {\n      \"id\": \"apple-calendar\",\n      \"digest\": \"fnv1a64:"
            ))
        let document = try RunDocumentReader.read(Array(text.utf8)).get()
        #expect(document.version == ConformVersion.current)
        #expect(document.recordedAt?.description == "2026-11-26T10:00:00Z")
        #expect(document.policies == Self.library.digests)
        #expect(document.results.count == result.results.count)
        for (read, written) in zip(document.results, result.results) {
            #expect(read.trace == written.trace && read.file == written.file && read.app == written.app && read.policy == written.policy)
            #expect(read.claimed == written.claimed && read.verdict == written.verdict.kind)
            #expect(read.step == written.verdict.departure?.step && read.line == written.verdict.departure?.position.line)
            #expect(read.state == written.verdict.departure?.state)
            #expect(read.expected == written.verdict.departure?.expected && read.observed == written.verdict.departure?.observed)
        }
        #expect(document.summary?.traces == result.traceCount)
        #expect(document.summary?.claimsFailed == result.tally.claimsBroken)
        #expect(document.errors.count == result.errors.count)
        // Without --recorded-at the document carries no time: the same input, the same bytes.
        let untimed = try ReportFormat.json.render(ReportInput(result: result, context: Self.context()))
        #expect(!untimed.contains("recordedAt"))
        #expect(try RunDocumentReader.read(Array(untimed.utf8)).get().recordedAt == nil)
    }

    @Test("each built-in policy's digest is the hash of its file; another file, another digest")
    func digests() {
        let digests = Self.library.digests
        #expect(digests.map(\.id) == Self.library.ids)
        #expect(Set(digests.map(\.digest)).count == digests.count, "the built-in policies' files differ, so do their digests")
        for digest in digests { #expect(digest.digest.hasPrefix("fnv1a64:") && digest.digest.count == 24) }
        var changed = PolicyLibrary(policies: [])
        for file in EmbeddedPolicies.files {
            let text = file.name == "apple-reminders.yaml" ? file.text + "\n# edited\n" : file.text
            changed.add(text: text, file: "<built-in>/Policies/\(file.name)")
        }
        let different = zip(digests, changed.digests).filter { $0.digest != $1.digest }.map(\.0.id)
        #expect(different == ["apple-reminders"])
    }

    @Test("a document is read from its file; a missing file and a directory are refused at the file")
    func files() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-rundoc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("run.json")
        try Data("{\"conform\": 1,\n \"results\": [}".utf8).write(to: file)
        guard case .failure(let syntax) = RunDocument.read(file: file.path) else {
            Issue.record("read a broken file")
            return
        }
        #expect(
            syntax.formatted == "\(file.path):2:14: error: not a conform run document: the file is not JSON (expected a value, found '}')")
        guard case .failure(let missing) = RunDocument.read(file: folder.appendingPathComponent("none.json").path) else { return }
        #expect(missing.message == "cannot read the file: it does not exist")
        guard case .failure(let directory) = RunDocument.read(file: folder.path) else { return }
        #expect(directory.message == "not a regular file, so it is not read")
    }
}
