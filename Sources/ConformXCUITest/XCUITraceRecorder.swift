// Compiled only where XCUITest exists: on Linux and macOS this file is empty (and so is the module).
// This file was written against Apple's documented XCUITest API and has NOT been compiled here
// (no iOS SDK on the machine that wrote it); see Docs/Recording.md, "Limits".
#if os(iOS) && canImport(XCTest)
import ConformCore
import ConformKit
import ConformRecording
import UIKit
import XCTest

/// Records a trace from an XCUITest: each helper performs an action on the app, records it, then takes
/// one snapshot and records what is seen. Every decision about what is seen is `ScreenObserver`'s.
@MainActor
public final class XCUITraceRecorder {
    /// The trace so far.
    public private(set) var recorder: TraceRecorder
    /// The app under test.
    public let app: XCUIApplication
    /// What is observed and how.
    public var observer: ScreenObserver
    /// Whether the app persisted the edits: the UI cannot show it. Return `nil` while it is not known
    /// (the form is still open), and `saved` is then left out of the observation.
    public var saved: () -> Bool?
    /// Where the trace will be written; `evidence:` paths are relative to its folder.
    public let traceFile: URL
    /// When set, each observation saves a screenshot `NNN.png` here and records it as `evidence:`.
    public let screenshots: URL?
    private var screenshotCount = 0

    /// - Parameters:
    ///   - id: the trace id (`trace:`).
    ///   - claims: the policies the app claims to follow (`policy:`).
    ///   - form: the field values when the form opens (`form:`).
    ///   - platform: default: the device's system name and version, e.g. `iOS 17.4`.
    public init(
        trace id: String, title: String? = nil, app: XCUIApplication, appName: String? = nil,
        platform: String? = nil, device: String? = nil, screen: String? = nil, claims: [String] = [],
        form: [String: Value] = [:], observer: ScreenObserver = ScreenObserver(), traceFile: URL,
        screenshots: URL? = nil, saved: @escaping () -> Bool? = { nil }
    ) {
        let system = UIDevice.current
        self.recorder = TraceRecorder(
            trace: id, title: title, app: appName, platform: platform ?? "\(system.systemName) \(system.systemVersion)",
            device: device, screen: screen, claims: claims, form: form)
        self.app = app
        self.observer = observer
        self.saved = saved
        self.traceFile = traceFile
        self.screenshots = screenshots
    }

    /// Taps `element`, records `tap: LABEL`, then observes (unless `observe` is false).
    public func tap(_ element: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        let label = element.label  // read before the tap: the element may be gone after it
        element.tap()
        recorder.tap(label, note: note)
        if observe { try self.observe() }
    }

    /// Swipes `element` down (the sheet's navigation bar, for an interactive dismissal), records
    /// `swipe: down`, then observes.
    public func swipeDown(_ element: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        element.swipeDown()
        recorder.swipe("down", note: note)
        if observe { try self.observe() }
    }

    /// Taps an action of the visible sheet or alert, records `choose: TITLE`, then observes.
    public func choose(_ button: XCUIElement, note: String? = nil, observe: Bool = true) throws {
        let title = button.label
        button.tap()
        recorder.choose(title, note: note)
        if observe { try self.observe() }
    }

    /// Replaces the text of `field` with `text`, records `edit: { NAME: TEXT }`, then observes.
    public func edit(_ field: XCUIElement, name: String, text: String, note: String? = nil, observe: Bool = true) throws {
        field.tap()
        let current = (field.value as? String) ?? ""
        if !current.isEmpty, current != field.placeholderValue {
            // Put the cursor at the end, then delete what is there.
            field.coordinate(withNormalizedOffset: CGVector(dx: 0.98, dy: 0.5)).tap()
            field.typeText(String(repeating: XCUIKeyboardKey.delete.rawValue, count: current.count))
        }
        field.typeText(text)
        recorder.edit([name: .string(text)], note: note)
        if observe { try self.observe() }
    }

    /// Takes one snapshot of the app and records what it shows as a `see` step (with a screenshot as
    /// `evidence:` when `screenshots` is set).
    @discardableResult
    public func observe(note: String? = nil) throws -> Observation {
        let snapshot = ElementSnapshot(xcui: try app.snapshot())
        let observation = try observer.observe(snapshot, saved: saved())
        recorder.see(observation, note: note, evidence: try saveScreenshot())
        return observation
    }

    /// Writes the trace to `traceFile` (or `url`).
    public func write(to url: URL? = nil) throws {
        try recorder.write(to: (url ?? traceFile).path)
    }

    // MARK: - Private

    /// Saves the screen as the next `NNN.png` and returns its path relative to the trace file's folder.
    private func saveScreenshot() throws -> String? {
        guard let screenshots else { return nil }
        screenshotCount += 1
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        let file = screenshots.appendingPathComponent(EvidencePath.screenshotName(screenshotCount))
        try XCUIScreen.main.screenshot().pngRepresentation.write(to: file, options: .atomic)
        return EvidencePath.relative(file.standardizedFileURL.path, toTraceAt: traceFile.standardizedFileURL.path)
    }
}
#endif
