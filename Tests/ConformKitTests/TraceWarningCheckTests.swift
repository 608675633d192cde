import ConformCore
import Foundation
import Testing

@testable import ConformKit

/// Issue 37 §4 and §6: the per-trace warnings are checks of their own over what the one replay per
/// pair gathered, and a run finds policy files among its paths without reading each file whole again.
@Suite("Kit: per-trace checks run over the replays' results")
struct TraceWarningCheckTests {
    /// Traces of Traces/ and a few that exercise nothing, observe nothing, or take no action.
    static func traces() throws -> [Trace] {
        let texts = [
            "conform: 1\npolicy: apple-reminders\nsteps:\n  - see: { done: disabled }\n",
            "conform: 1\npolicy: one-handed\nform: { title: Milk }\nsteps:\n  - edit: title\n  - tap: Done\n",
            "conform: 1\npolicy: one-handed\nform: { title: Milk }\nsteps:\n  - see: { saved: true, dismissed: false }\n  - swipe: down\n",
            "conform: 1\nform: { title: Milk }\nsteps:\n  - see: { done: disabled, saved: true }\n  - edit: { title: Eggs }\n  - see: { done: enabled, form: { title: Eggs } }\n",
        ]
        let written = try texts.enumerated().map { index, text in try builtIns.load(yaml: text, file: "t\(index).yaml") }
        return try corpusFiles.map { try builtIns.load(file: $0) } + written
    }

    @Test("what a claim's one replay counts is what Checker.exercise replays the trace again for")
    func exerciseInTheReplay() throws {
        let policies = builtIns.policies
        var passes = 0
        var comparedNothing = 0
        for trace in try Self.traces() {
            let checked = Checker.check(trace, against: policies, recordingPath: { _ in false }, exercising: { _ in true }, replaying: nil)
            #expect(checked.replays.isEmpty)
            for index in policies.indices {
                guard case .pass = checked.outcomes[index].verdict else { continue }
                passes += 1
                let counted = try #require(checked.exercises[index], "\(trace.file), \(policies[index].id)")
                let again = Checker.exercise(trace, against: policies[index])
                if again.compared == 0 { comparedNothing += 1 }
                #expect(counted.compared == again.compared, "\(trace.file), \(policies[index].id)")
                #expect(counted.moved == again.moved, "\(trace.file), \(policies[index].id)")
                // Named only where nothing was compared, the one case the vacuity warning names them.
                #expect(counted.unjudgedKeys == (again.compared == 0 ? again.unjudgedKeys : []), "\(trace.file), \(policies[index].id)")
            }
        }
        #expect(passes > 50)
        #expect(comparedNothing > 0)
    }

    /// A check of the test's own: one warning naming the trace's step count.
    struct StepCount: TraceWarningCheck {
        func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
            [Diagnostic(.warning, "\(checked.trace.steps.count) steps", at: SourceLocation(file: checked.trace.file, position: nil))]
        }
    }

    @Test("a check added to the list runs after the others without a change to the runner")
    func addedCheck() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("t.yaml")
        try "conform: 1\npolicy: apple-reminders\nsteps:\n  - see: { done: disabled }\n".write(to: file, atomically: true, encoding: .utf8)
        let plain = ConformRunner(library: builtIns).check(file: file.path, commandLineClaims: [])
        var runner = ConformRunner(library: builtIns)
        runner.traceChecks = ConformRunner.runChecks + [StepCount()]
        let added = runner.check(file: file.path, commandLineClaims: [])
        #expect(!plain.warnings.isEmpty)
        #expect(added.warnings.map(\.message) == plain.warnings.map(\.message) + ["1 steps"])
        #expect(added.evidenceWarningCount == 0)
    }

    @Test("the policy-file sniff finds `states` across the edge of its buffer, and only in files that hold it")
    func sniffAcrossBuffers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // `states` starts 3 bytes before the 65,536 the sniff reads at a time.
        let comment = "#" + String(repeating: "x", count: 65_531) + "\n"
        #expect(comment.utf8.count == 65_533)
        try (comment + "states: []\n").write(to: folder.appendingPathComponent("a-policy.yaml"), atomically: true, encoding: .utf8)
        try (comment + "stat: []\n").write(to: folder.appendingPathComponent("b-other.yaml"), atomically: true, encoding: .utf8)
        try "conform: 1\nsteps:\n  - see: { done: disabled }\n".write(
            to: folder.appendingPathComponent("c-trace.yaml"), atomically: true, encoding: .utf8)
        // A file that ends with `states` at the very end of a full buffer, and one just past it.
        for (name, size) in [("d-policy.yaml", 65_536), ("e-policy.yaml", 65_537)] {
            let padding = "#" + String(repeating: "y", count: size - 1 - "\nstates: []".utf8.count)
            try (padding + "\nstates: []").write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var library = builtIns
        let found = library.loadPolicies(among: [folder.path])
        #expect(found == ["a-policy.yaml", "d-policy.yaml", "e-policy.yaml"].map { folder.appendingPathComponent($0).path })
    }

    @Test("FileReader reads every byte, however the file's size falls against what a read gives")
    func fileReaderReadsWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conform-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 1, 2_047, 65_535, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 % 251) }
            let file = folder.appendingPathComponent("f\(size)")
            try Data(bytes).write(to: file)
            guard case .success(let read) = FileReader.read(file.path) else {
                Issue.record("\(size) bytes: not read")
                continue
            }
            #expect(read == bytes, "\(size) bytes")
        }
    }
}
