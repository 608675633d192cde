import ConformCore
import ConformKit
import ConformTestSupport
import Foundation
import Testing
@_spi(Simulation) import XCUISimulator

/// A trace recorded on the iOS 26 presentation from the Reminders-like app, with its screenshots, written
/// to a folder and read back as `conform run` reads it. Its copy in Examples/Recorded/ is a golden: the
/// test compares what it records with the committed files (`CONFORM_RECORD=1` rewrites them).
@MainActor
@Suite("XCUITest: a recorded trace on disk, read as conform run reads it", .serialized)
struct RecordedExampleTests {
    static let id = "ios26-reminders-swipe-discard"

    /// Examples/Recorded/ in the repository (this file is Tests/ConformXCUITestTests/EndToEnd/).
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/Recorded")

    @Test("the iOS 26 Reminders-like trace, written with screenshots, passes apple-reminders under conform's reading")
    func writtenTracePasses() throws {
        let folder = RecorderSupport.scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = RecordingSession(
            .remindersLike, on: .iOS26iPhone, trace: Self.id,
            title: "Recorded on the simulated iOS 26 iPhone: edit, swipe down, keep editing (a tap outside), swipe, discard",
            in: folder, screenshots: folder.appendingPathComponent(Self.id))
        try Scenario.swipeKeepEditingThenDiscard.run(session)
        #expect(session.problems.isEmpty, "\(session.problems)")
        try session.recorder.write()
        let file = folder.appendingPathComponent(Self.id + ".yaml")

        // As `conform run --policy apple-reminders` judges the file.
        let check = try PolicyLibrary.builtIn().check(file: file.path, against: "apple-reminders")
        #expect(check.passed, "\(check.summary)")
        // The popover's cancel was a tap outside, and the sheet was seen without a Cancel button.
        let yaml = try String(contentsOf: file, encoding: .utf8)
        #expect(yaml.contains("tap-outside: sheet") && yaml.contains("outside: cancel"), "\(yaml)")
        #expect(!yaml.contains("title: Cancel"))

        // A whole run over the folder, as `conform run FOLDER` makes it: the claim holds, the evidence is read.
        let run = ConformRunner(library: .builtIn()).run(ConformRunner.Options(paths: [folder.path]))
        #expect(run.errors.isEmpty && run.warnings.isEmpty, "\(run.errors) \(run.warnings)")
        #expect(run.results.filter(\.claimed).map { "\($0.policy): \($0.verdict.name)" } == ["apple-reminders: pass"])
        #expect(run.exitStatus == 0)

        // Each `see` has its own screenshot, which says in its text the screen the step saw.
        let steps = session.recorder.recorder.trace.steps
        let seen = steps.filter { if case .see = $0.kind { return true } else { return false } }
        #expect(seen.count == 6 && seen.allSatisfy { $0.evidence != nil })
        let shots = try seen.map { step in try Data(contentsOf: folder.appendingPathComponent(step.evidence ?? "")) }
        #expect(shots.allSatisfy { $0.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) })
        #expect(Self.text(shots[2]).contains("dialog=[Discard Changes] outside=cancel"), "the see after the swipe shows the popover")
        #expect(Self.text(shots[3]).contains("done=enabled") && !Self.text(shots[3]).contains("dialog="))
        #expect(Self.text(shots[5]).contains("list 'Reminders' row='Milk'"), "discarded: the list still shows Milk")

        // The golden: the committed trace and screenshots are what this recording writes.
        let golden = Self.examples.appendingPathComponent(Self.id + ".yaml")
        if let mismatch = try GoldenFile.mismatch(yaml, at: golden) { Issue.record(Comment(rawValue: mismatch)) }
        for (step, shot) in zip(seen, shots) {
            let path = step.evidence ?? ""
            if let mismatch = try Self.binaryMismatch(shot, at: Self.examples.appendingPathComponent(path)) {
                Issue.record(Comment(rawValue: mismatch))
            }
        }
    }

    @Test("the committed recorded example passes apple-reminders in a run over Examples/Recorded")
    func committedExamplePasses() throws {
        let run = ConformRunner(library: .builtIn()).run(ConformRunner.Options(paths: [Self.examples.path]))
        #expect(run.errors.isEmpty && run.warnings.isEmpty, "\(run.errors) \(run.warnings)")
        #expect(
            run.results.filter(\.claimed).map { "\($0.trace) \($0.policy): \($0.verdict.name)" }
                == ["\(Self.id) apple-reminders: pass"])
    }

    /// The words a simulated screenshot carries in its `tEXt` chunk (ASCII, which decoding the whole PNG as UTF-8 keeps).
    private static func text(_ png: Data) -> String {
        String(decoding: png, as: UTF8.self)
    }

    /// The binary counterpart of `GoldenFile.mismatch`, with the same convention: a missing golden (or
    /// `CONFORM_RECORD=1`) is written, and that is reported so that someone reviews it.
    private static func binaryMismatch(_ actual: Data, at url: URL) throws -> String? {
        let record = ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1"
        guard !record, let expected = try? Data(contentsOf: url) else {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, options: .atomic)
            return "recorded the golden file \(url.lastPathComponent); review it and run the tests again"
        }
        return expected == actual ? nil : "\(url.path) differs from the screenshot recorded now (CONFORM_RECORD=1 rewrites it)"
    }
}
