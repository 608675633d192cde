import ConformCore
import ConformXCUITest
import Foundation
import Testing
@_spi(Simulation) import XCUIDeclarations

@MainActor
@Suite("XCUITest: evidence matches its step")
struct EvidenceTests {
    @Test("each see step's screenshot shows the screen its snapshot saw, even when `saved` reads the app")
    func screenshotPerStep() throws {
        let device = TinyFormDevice()
        device.flickers = true
        let folder = RecorderSupport.scratchFolder()
        let shots = folder.appendingPathComponent("shots")
        // `saved` reads the app, as a test's often does: with the screenshot taken after it, the
        // evidence would show the next state of the flickering Done button.
        let recorder = RecorderSupport.recorder(
            on: device, screenshots: shots, in: folder, saved: { XCUIApplication().staticTexts["Saved"].exists })
        for _ in 0..<3 { try recorder.observe() }
        let steps = recorder.recorder.trace.steps
        #expect(steps.count == 3)
        for step in steps {
            guard case .see(let observation) = step.kind else {
                Issue.record("step \(step.number) is not a see step")
                continue
            }
            let done = observation.items.first(where: { $0.key == "done" })
            guard case .scalar(.symbol(let state))? = done?.value else {
                Issue.record("step \(step.number) records no done state")
                continue
            }
            let evidence = try #require(step.evidence)
            let png = try Data(contentsOf: recorder.traceFile.deletingLastPathComponent().appendingPathComponent(evidence))
            #expect(String(decoding: png.dropFirst(8), as: UTF8.self) == "done=\(state)", "step \(step.number)")
        }
        #expect(recorder.warnings == [])
    }

    @Test("a screenshot that cannot be written keeps its see step, without evidence, with a warning")
    func failedWrite() throws {
        let device = TinyFormDevice()
        let folder = RecorderSupport.scratchFolder()
        // A file where the screenshots' folder should be: the folder cannot be made.
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let recorder = RecorderSupport.recorder(on: device, screenshots: blocker.appendingPathComponent("shots"), in: folder)
        try recorder.tap(XCUIApplication().navigationBars.buttons["Cancel"])
        try recorder.observe(note: "again")
        let steps = recorder.recorder.trace.steps
        #expect(steps.map(\.verb) == ["tap", "see", "see"])
        #expect(steps.allSatisfy { $0.evidence == nil })
        #expect(steps[1].note?.contains("no screenshot") == true)
        #expect(steps[2].note?.hasPrefix("again") == true)
        #expect(recorder.warnings.count == 2)
        #expect(recorder.warnings.first?.contains("001.png") == true)
        // The trace is still written whole.
        try recorder.write()
        let written = try String(contentsOf: recorder.traceFile, encoding: .utf8)
        #expect(written.contains("tap: Cancel"))
        #expect(written.components(separatedBy: "see:").count == 3)
    }

    @Test("screenshots outside the trace file's folder are not written: conform run would not read them (issue 24)")
    func outsideTheTraceFolder() throws {
        let device = TinyFormDevice()
        let elsewhere = RecorderSupport.scratchFolder().appendingPathComponent("shots")
        let recorder = RecorderSupport.recorder(on: device, screenshots: elsewhere)
        try recorder.observe()
        #expect(recorder.recorder.trace.steps.map(\.verb) == ["see"])
        #expect(recorder.recorder.trace.steps[0].evidence == nil)
        #expect(recorder.warnings.first?.contains("evidence must lie inside the trace's folder") == true)
        #expect(!FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("001.png").path))
    }
}
