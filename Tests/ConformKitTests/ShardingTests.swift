import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// The runner's shards and jobs, outcomes written and read back, and the library's fingerprint.
@Suite("Kit: Sharding and jobs in the runner")
struct ShardingTests {
    static let traces = EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Traces").path

    /// Every outcome of a run with everything kept, as the bytes a shard result holds.
    static func encoded(_ options: ConformRunner.Options) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines: [String] = []
        var failure: (any Error)?
        _ = ConformRunner(library: builtIns).runIndexed(options) { index, outcome in
            do {
                lines.append(String(decoding: try encoder.encode(ShardOutcome(index: index, outcome: outcome)), as: UTF8.self))
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return lines
    }

    /// A shard's outcome as a whole run hands it over: without what it shows on every pair (a whole run
    /// gives that in its ending, on the pairs of claimed policies).
    static func withoutRevealed(_ line: String) throws -> String {
        var shard = try JSONDecoder().decode(ShardOutcome.self, from: Data(line.utf8))
        shard.outcome.revealed = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(shard), as: UTF8.self)
    }

    static func options(jobs: Int? = nil, shard: Shard? = nil, paths: [String] = [traces]) -> ConformRunner.Options {
        var options = ConformRunner.Options(paths: paths, keepSteps: true, recordPaths: true, revealDifferences: true)
        options.jobs = jobs
        options.shard = shard
        return options
    }

    @Test("the outcomes are the same, in the same order, for any number of jobs")
    func jobs() throws {
        let all = try Self.encoded(Self.options())
        #expect(all.count == corpusFiles.count)
        for jobs in [1, 2, 3, 64] { #expect(try Self.encoded(Self.options(jobs: jobs)) == all, "--jobs \(jobs)") }
    }

    @Test("N shards hand over every file once, each with its place in the whole run", arguments: [1, 3, 4, 40])
    func shards(count: Int) throws {
        let all = try Self.encoded(Self.options())
        var gathered: [String] = []
        for index in 1...count {
            let part = try Self.encoded(Self.options(jobs: index % 2 == 0 ? 1 : nil, shard: Shard(index: index, count: count)))
            #expect(part.count <= corpusFiles.count / count + 1)
            gathered += part
        }
        #expect(gathered.contains { $0.contains("\"revealed\":{") }, "a shard's outcomes show what each file reveals, for merge")
        #expect(try gathered.map(Self.withoutRevealed).sorted() == all.sorted())
        // Each outcome carries its position in the whole run.
        for (position, line) in all.enumerated() { #expect(line.hasPrefix("{\"index\":\(position),")) }
    }

    @Test("an outcome read back is the outcome written: every field, sets and dictionaries in a stable order")
    func roundTrip() throws {
        let folder = try EvidenceRunnerTests.folder(["shots/1.png": [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(0...255)])
        defer { try? FileManager.default.removeItem(at: folder) }
        // As a shard writes them: a shard's outcomes carry what each file reveals (`revealed`).
        let lines = try Self.encoded(Self.options(shard: Shard(index: 1, count: 1), paths: [Self.traces, folder.path]))
        #expect(lines.contains { $0.contains("\"base64\":\"iVBORw0KGgoAAQID") }, "the evidence image, as Base64")
        #expect(lines.contains { $0.contains("\"revealed\":{") }, "what traces reveal, for --coverage")
        #expect(lines.contains { $0.contains("\"lineLengths\":[[") }, "the lengths SARIF needs")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for line in lines {
            let outcome = try JSONDecoder().decode(ShardOutcome.self, from: Data(line.utf8))
            #expect(String(decoding: try encoder.encode(outcome), as: UTF8.self) == line)
        }
        // Encoding the same run twice gives the same bytes (no set or dictionary order leaks out).
        #expect(try Self.encoded(Self.options(shard: Shard(index: 1, count: 1), paths: [Self.traces, folder.path])) == lines)
    }

    @Test("a file's shard is decided by its path below the folder given, however the folder is named")
    func relativePaths() {
        #expect(FileDiscovery.relativePaths(["Traces/A/x.yaml", "Traces/y.yaml"], under: ["Traces"]) == ["A/x.yaml", "y.yaml"])
        #expect(FileDiscovery.relativePaths(["Traces/A/x.yaml"], under: ["Traces/"]) == ["A/x.yaml"])
        #expect(FileDiscovery.relativePaths(["/ci/work/Traces/A/x.yaml"], under: ["/ci/work/Traces"]) == ["A/x.yaml"])
        #expect(FileDiscovery.relativePaths(["./x.yaml"], under: ["."]) == ["x.yaml"])
        #expect(
            FileDiscovery.relativePaths(["/abs/one.yaml", "Traces2/z.yaml"], under: ["/abs/one.yaml", "Traces", "Traces2"]) == [
                "one.yaml", "z.yaml",
            ])
    }

    @Test("the library's fingerprint: the same for the same policy files wherever they lie, another for other policies")
    func fingerprint() throws {
        #expect(PolicyLibrary.builtIn().fingerprint == builtIns.fingerprint)
        #expect(builtIns.fingerprint.hasPrefix("fnv1a64:") && builtIns.fingerprint.count == "fnv1a64:".count + 16)
        let source = try [UInt8](Data(contentsOf: EmbeddedPoliciesTests.packageRoot.appendingPathComponent("Policies/one-handed.yaml")))
        let renamed = Array(
            String(decoding: source, as: UTF8.self).replacingOccurrences(of: "policy: one-handed", with: "policy: mine").utf8)
        var here = PolicyLibrary.builtIn()
        here.add(bytes: renamed, file: "here/mine.yaml")
        var there = PolicyLibrary.builtIn()
        there.add(bytes: renamed, file: "/elsewhere/mine.yaml")
        #expect(here.fingerprint == there.fingerprint)
        #expect(here.fingerprint != builtIns.fingerprint)
        var edited = PolicyLibrary.builtIn()
        edited.add(bytes: renamed + Array("\n# one more comment\n".utf8), file: "here/mine.yaml")
        #expect(edited.fingerprint != here.fingerprint, "the source's bytes count, not only the ids")
    }
}
