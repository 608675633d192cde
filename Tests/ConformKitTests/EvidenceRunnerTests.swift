import ConformCore
import Foundation
import Testing

@testable import ConformKit
@testable import ConformReports

/// The runner reads a step's evidence at broken claims' departures, and only there.
@Suite("Kit: Evidence, read by the runner")
struct EvidenceRunnerTests {
    /// A folder with `t.yaml` (claims makeitso and swiftui-dismiss-disabled, which both depart at step 1) and the files given.
    static func folder(
        _ files: [String: [UInt8]], evidence: String = "shots/1.png", claims: String = "[makeitso, swiftui-dismiss-disabled]"
    ) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shots"), withIntermediateDirectories: true)
        let yaml = "conform: 1\npolicy: \(claims)\nsteps:\n  - see: { done: disabled }\n    evidence: \(evidence)\n  - tap: Done\n"
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("t.yaml"))
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    static func run(_ folder: URL, keepSteps: Bool = true) -> RunResult {
        defer { try? FileManager.default.removeItem(at: folder) }
        return ConformRunner(library: builtIns).run(.init(paths: [folder.appendingPathComponent("t.yaml").path], keepSteps: keepSteps))
    }

    @Test("an image at a departure is read once and attached to every broken claim departing there")
    func attached() throws {
        // A PNG's signature and then anything: embedding needs the first bytes to be the image.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let result = Self.run(try Self.folder(["shots/1.png": png]))
        let broken = result.brokenClaims
        #expect(broken.map(\.policy) == ["makeitso", "swiftui-dismiss-disabled"])
        for pair in broken {
            let evidence = try #require(pair.departureEvidence)
            #expect(evidence.path == "shots/1.png")
            #expect(evidence.resolved.hasSuffix("/shots/1.png"))
            #expect(evidence.mediaType == "image/png")
            #expect(evidence.bytes == png)
        }
        #expect(result.results.filter { !$0.claimed }.allSatisfy { $0.departureEvidence == nil }, "only claims")
        #expect(result.warnings.isEmpty)
        #expect(result.traces.first?.steps.first?.evidence == "shots/1.png")
    }

    @Test("a missing file is one warning however many claims depart there, and the status stays 1")
    func missingOnce() throws {
        let result = Self.run(try Self.folder([:]))
        #expect(result.brokenClaims.count == 2)
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.severity == .warning)
        #expect(result.warnings.first?.message == "evidence file 'shots/1.png' not found (step 1)")
        #expect(result.warnings.first?.location.position == TextPosition(line: 4, column: 5))
        #expect(result.errors.isEmpty)
        #expect(result.exitStatus == 1)
    }

    @Test("an image over 4 MiB is named, not read, with a warning")
    func tooLarge() throws {
        let result = Self.run(try Self.folder(["shots/1.png": [UInt8](repeating: 0, count: Evidence.maximumBytes + 1)]))
        let evidence = try #require(result.brokenClaims.first?.departureEvidence)
        #expect(evidence.bytes == nil)
        #expect(
            result.warnings.map(\.message) == [
                "evidence file 'shots/1.png' has 4194305 bytes; images of at most 4 MiB are embedded, so it is only named (step 1)"
            ])
    }

    @Test("another kind of file is only checked for, not read")
    func notAnImage() throws {
        let result = Self.run(try Self.folder(["notes.txt": Array("hello".utf8)], evidence: "notes.txt"))
        let evidence = try #require(result.brokenClaims.first?.departureEvidence)
        #expect(evidence.mediaType == nil)
        #expect(evidence.bytes == nil)
        #expect(result.warnings.isEmpty)
    }

    @Test("a run that keeps no steps (no report) reads no evidence and warns about none")
    func plainRun() throws {
        let result = Self.run(try Self.folder([:]), keepSteps: false)
        #expect(result.warnings.isEmpty)
        #expect(result.results.allSatisfy { $0.departureEvidence == nil })
    }

    @Test("claims that hold: nothing is read, nothing warned, status 0")
    func holding() throws {
        let result = Self.run(try Self.folder([:], claims: "one-handed"))
        #expect(result.exitStatus == 0)
        // The only warning is that the claim holds on a disabled tap (Docs/Checking.md, vacuous claims).
        #expect(
            result.warnings.map(\.message) == [
                "'one-handed' holds, but no action took one of its transitions (each was ignored, a tap on a disabled button, or present): the trace shows only its opening state"
            ])
    }

    @Test(
        "media types by extension, any case; the folder of the trace file resolves the path",
        arguments: [
            ("a.PNG", "image/png"), ("b.jpg", "image/jpeg"), ("c.JPEG", "image/jpeg"), ("d.gif", "image/gif"), ("e.webp", "image/webp"),
        ])
    func mediaTypes(_ path: String, _ type: String) {
        #expect(Evidence.mediaType(of: path) == type)
    }

    @Test("paths resolve beside the trace file")
    func resolving() {
        #expect(Evidence.mediaType(of: "shots.png/readme") == nil)
        #expect(Evidence.mediaType(of: "movie.mov") == nil)
        #expect(Evidence.resolve("shots/1.png", besides: "Traces/a/t.yaml") == "Traces/a/shots/1.png")
        #expect(Evidence.resolve("./1.png", besides: "t.yaml") == "1.png")
        #expect(Evidence.resolve("/abs/1.png", besides: "Traces/t.yaml") == "/abs/1.png")
    }

    @Test("the JSON document gains warnings only when there are some")
    func json() throws {
        var result = RunResult(results: [], errors: [], traceCount: 1, policyIDs: [], traces: [])
        #expect(!result.jsonDocument(context: RunContext(policies: [], version: "0")).serialized(pretty: true).contains("warnings"))
        result.warnings = [Diagnostic(.warning, "w", at: SourceLocation(file: "t.yaml", position: .start))]
        #expect(
            result.jsonDocument(context: RunContext(policies: [], version: "0")).serialized(pretty: true).contains(
                "\"warnings\": [\n    {\n      \"file\": \"t.yaml\""))
        #expect(result.exitStatus == 0)
    }
}

@Suite("Kit: Evidence: image signatures decide what is embedded")
struct EvidenceSignatureTests {
    static func bytes(_ text: String, prefix: [UInt8] = []) -> [UInt8] { prefix + Array(text.utf8) }

    @Test("each image type is known by its first bytes, and must agree with the extension")
    func signatures() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        #expect(Evidence.signatureType(of: png) == "image/png")
        #expect(Evidence.signatureType(of: [0xFF, 0xD8, 0xFF, 0xE0]) == "image/jpeg")
        #expect(Evidence.signatureType(of: Self.bytes("GIF89a")) == "image/gif")
        #expect(Evidence.signatureType(of: Self.bytes("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ")) == "image/webp")
        #expect(Evidence.signatureType(of: Self.bytes("ftypheic", prefix: [0, 0, 0, 24])) == "image/heic")
        #expect(Evidence.signatureType(of: Self.bytes("ftypmif1", prefix: [0, 0, 0, 24])) == "image/heif")
        #expect(Evidence.signatureType(of: Self.bytes("ftypisom", prefix: [0, 0, 0, 24])) == nil, "an MP4 is not an image")
        #expect(Evidence.signatureType(of: Self.bytes("<svg xmlns=")) == nil)
        #expect(Evidence.signatureType(of: Self.bytes("<html><script>")) == nil)
        #expect(Evidence.signatureType(of: [0x89, 0x50]) == nil, "too short")
        #expect(Evidence.isEmbeddable(png, as: "image/png"))
        #expect(!Evidence.isEmbeddable(png, as: "image/jpeg"), "a PNG named .jpg is only linked")
        #expect(Evidence.isEmbeddable(Self.bytes("ftypheic", prefix: [0, 0, 0, 24]), as: "image/heif"))
        #expect(!Evidence.isEmbeddable(png, as: nil))
        #expect(Evidence.mediaType(of: "a/b.HEIC") == "image/heic")
        #expect(Evidence.mediaType(of: "a/b.svg") == nil)
    }

    @Test("a shard document cannot smuggle markup: decoded evidence keeps only bytes that are the path's image")
    func shardDecoding() throws {
        let forged = #"{"path":"x.png","resolved":"x.png","step":1,"mediaType":"text/html","base64":"PHNjcmlwdD4="}"#
        let evidence = try JSONDecoder().decode(Evidence.self, from: Data(forged.utf8))
        #expect(evidence.mediaType == "image/png")
        #expect(evidence.bytes == nil)
    }
}
