import ConformKit
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations
@_spi(Simulation) import XCUISimulator

/// Issue 34, rule 7: the traces a generated test attaches to its result come back out of it as it wrote
/// them. `xcrun xcresulttool export attachments` is not on Linux: its export folder is made here from what
/// the test attached, with the names XCTest suggests (`NAME_0_UUID.ext`, as public scripts that read its
/// manifest show them), and `scripts/extract_xcresult_traces.py` reads it.
@MainActor
@Suite("Generated UI tests: traces come back out of the test result", .serialized)
struct AttachedTracesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `python3` on the PATH, or `nil` after saying the test is skipped.
    static func python() -> URL? {
        let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        if found == nil { print("SKIPPED: python3 is not on the PATH; scripts/extract_xcresult_traces.py is not run") }
        return found
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let python = python() else { return (-1, "") }
        let process = Process()
        process.executableURL = python
        process.arguments = [root.appendingPathComponent("scripts/extract_xcresult_traces.py").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// An export folder as xcresulttool writes it for what `Simulation.attachments` holds.
    static func exportFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var listed: [[String: Any]] = []
        for (index, attached) in Simulation.attachments.enumerated() {
            let name = attached.attachment.name ?? "attachment"
            let ext = (name as NSString).pathExtension
            let uuid = String(format: "00000000-0000-4000-8000-%012d", index)
            let exported = "\(uuid).\(ext)"
            try (attached.attachment.data ?? Data()).write(to: folder.appendingPathComponent(exported))
            listed.append([
                "exportedFileName": exported, "suggestedHumanReadableName": "\((name as NSString).deletingPathExtension)_0_\(uuid).\(ext)",
                "isAssociatedWithFailure": false,
            ])
        }
        let manifest: [[String: Any]] = [["testIdentifier": "OneHandedConformanceTests/test05()", "attachments": listed]]
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("manifest.json"))
        return folder
    }

    @Test("the trace and its screenshots are put back as the test wrote them, and conform checks them")
    func roundTrip() throws {
        Simulation.attachments = []
        defer { SimulatedRun.presentation = .iOS26iPhone }
        SimulatedRun.presentation = .iPad
        try OneHandedConformanceTests().test05()
        let export = try Self.exportFolder()
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("conform-extracted-\(UUID().uuidString)")
        let result = try Self.run(["--exported", export.path, "--output", output.path])
        guard result.status != -1 else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("wrote 1 trace(s) and "), "\(result.output)")
        // Compared with what the test attached, not with `XCUIScenario.defaultFolder`: that folder is shared
        // by every test process on the machine that writes the same trace on another presentation.
        var attached: [String: Data] = [:]
        for (_, attachment) in Simulation.attachments { attached[attachment.name ?? ""] = attachment.data }
        let trace = try Data(contentsOf: output.appendingPathComponent("one-handed-uitest-05.yaml"))
        #expect(trace == attached["one-handed-uitest-05.yaml"])
        let shots = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("one-handed-uitest-05").path).sorted()
        #expect(!shots.isEmpty)
        #expect(shots.count == attached.keys.filter { $0.hasPrefix("one-handed-uitest-05--") }.count)
        for shot in shots {
            let back = try Data(contentsOf: output.appendingPathComponent("one-handed-uitest-05/\(shot)"))
            #expect(back == attached["one-handed-uitest-05--\(shot)"], "\(shot)")
        }
        let check = try PolicyLibrary.builtIn().check(
            file: output.appendingPathComponent("one-handed-uitest-05.yaml").path, against: "one-handed")
        #expect(check.passed, "\(check.report)")
    }

    @Test("no trace among the attachments exits 1; a manifest that is not JSON exits 2; neither crashes")
    func refusals() throws {
        Simulation.attachments = []
        let empty = try Self.exportFolder()
        let none = try Self.run(["--exported", empty.path, "--output", empty.appendingPathComponent("out").path])
        guard none.status != -1 else { return }
        #expect(none.status == 1 && none.output.contains("no conform trace among the attachments"), "\(none.output)")
        try Data("{not json".utf8).write(to: empty.appendingPathComponent("manifest.json"))
        let broken = try Self.run(["--exported", empty.path, "--output", empty.appendingPathComponent("out").path])
        #expect(broken.status == 2 && broken.output.contains("manifest.json: cannot be read as JSON"), "\(broken.output)")
    }
}
