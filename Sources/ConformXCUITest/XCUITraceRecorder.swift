// The same source compiles against the real XCTest on iOS and visionOS, and against the test-only
// declarations of the same API (Tests/XCUIDeclarations) on Linux and macOS, where it is tested.
import ConformCore
import ConformKit
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

/// Records a trace from an XCUITest: each helper performs an action on the app, records it, then waits
/// for the screen to settle (`settle`) and records what is seen. Every decision about what is seen is
/// `ScreenObserver`'s.
///
/// The actions are in XCUITraceRecorder+Actions.swift (taps, swipes, sheet choices) and
/// XCUITraceRecorder+Edit.swift (typing, with the field read back); the wait is in
/// XCUITraceRecorder+Settle.swift.
@MainActor
public final class XCUITraceRecorder {
    /// The trace so far.
    public internal(set) var recorder: TraceRecorder
    /// The app under test.
    public let app: XCUIApplication
    /// What is observed and how.
    public var observer: ScreenObserver
    /// Whether the app persisted the edits: the UI cannot show it. Return `nil` while it is not known
    /// (the form is still open), and `saved` is then left out of the observation. `currentSnapshot` is the
    /// snapshot being observed when it is called.
    public var saved: () -> Bool?
    /// Why `saved` is not recorded, for the note of a `see` that records the form dismissed without it
    /// (`nil`: no note). A generated test says there that `saved` was not checked.
    public var savedNote: () -> String? = { nil }
    /// How long to wait for the screen to settle after an action (Docs/Recording.md, "On a device").
    public var settle = Settle()
    /// What the screen is expected to show next, when it is known: `observe()` then waits until the
    /// screen has settled on an observation this accepts (`true`), or until `settle.timeout`. It answers
    /// `nil` when it predicts nothing now: the first settled screen is recorded.
    public var expected: ((Observation) -> Bool?)?
    /// How the last wait ended.
    public internal(set) var lastSettle: SettleOutcome?
    /// The snapshot being observed, or the last one observed.
    public internal(set) var currentSnapshot: ElementSnapshot?
    /// Where the trace will be written; `evidence:` paths are relative to its folder.
    public let traceFile: URL
    /// When set, each observation saves a screenshot `NNN.png` here and records it as `evidence:`.
    public let screenshots: URL?
    /// What went wrong without stopping the recording, in order (a screenshot that could not be saved).
    /// The trace itself is complete without them; a test may fail on them or print them.
    public internal(set) var warnings: [String] = []
    var screenshotCount = 0
    /// The screenshots saved so far, by the path recorded as evidence, for `attach()`.
    var savedScreenshots: [(number: Int, png: Data)] = []

    /// A recorder for `app`, whose trace will be written to `traceFile`; nothing is recorded yet.
    /// - Parameters:
    ///   - id: the trace id (`trace:`).
    ///   - title: what the trace shows (`title:`).
    ///   - app: the app under test.
    ///   - appName: the app's name in the trace (`app:`).
    ///   - platform: default: the device's system name and version, e.g. `iOS 26.1` (none off a device).
    ///   - device: the device's name (`device:`).
    ///   - screen: the screen recorded (`screen:`).
    ///   - note: anything a reader of the trace should know (`note:`).
    ///   - claims: the policies the app claims to follow (`policy:`).
    ///   - form: the field values when the form opens (`form:`).
    ///   - observer: how a snapshot becomes an observation.
    ///   - traceFile: where the trace will be written; messages name it from the start.
    ///   - screenshots: the folder for a screenshot per observation; `nil`: none is taken.
    ///   - saved: whether the app persisted the edits, when the test knows (`saved`).
    public init(
        trace id: String, title: String? = nil, app: XCUIApplication, appName: String? = nil,
        platform: String? = nil, device: String? = nil, screen: String? = nil, note: String? = nil, claims: [String] = [],
        form: [String: Value] = [:], observer: ScreenObserver = ScreenObserver(), traceFile: URL,
        screenshots: URL? = nil, saved: @escaping () -> Bool? = { nil }
    ) {
        self.recorder = TraceRecorder(
            trace: id, title: title, app: appName, platform: platform ?? DefaultPlatform.text, device: device,
            screen: screen, note: note, claims: claims, form: form)
        // Messages name the file the trace goes to (a generated scenario writes it whatever happens).
        self.recorder.file = traceFile.path
        self.app = app
        self.observer = observer
        self.saved = saved
        self.traceFile = traceFile
        self.screenshots = screenshots
    }

    /// Waits for the screen to settle (`settle`, and `expected` when set), then records what the last
    /// snapshot shows as a `see` step, with a screenshot as `evidence:` when `screenshots` is set.
    ///
    /// The screenshot is taken right after that snapshot, before anything else is read from the app, so
    /// that the evidence shows the screen the observation describes. When the screenshot cannot be saved,
    /// the step is still recorded, without evidence, and `warnings` says why.
    @discardableResult
    public func observe(note: String? = nil) throws -> Observation {
        var (snapshot, observation, outcome) = try settledObservation()
        var png: Data?
        if screenshots != nil {
            // The evidence shows the snapshot recorded: a last snapshot, the screenshot at once, and only
            // then `saved`, which may read the app.
            let last = ElementSnapshot(xcui: try app.snapshot())
            png = XCUIScreen.main.screenshot().pngRepresentation
            if last != snapshot {
                snapshot = last
                currentSnapshot = last
                observation = try observer.observe(last, saved: saved())
            }
        }
        lastSettle = outcome
        currentSnapshot = snapshot
        var stepNote = note
        if !outcome.settled, outcome.timeout > 0 {
            stepNote = Self.joined(stepNote, "the screen was still changing after \(Value.format(outcome.timeout)) s")
        }
        if Self.recordsDismissal(observation), !observation.items.contains(where: { $0.key == ObservationKey.saved.rawValue }) {
            stepNote = Self.joined(stepNote, savedNote())
        }
        var evidence: String?
        if let png {
            switch saveScreenshot(png) {
            case .success(let path): evidence = path
            case .failure(let problem):
                warnings.append(problem.description)
                stepNote = Self.joined(stepNote, "no screenshot: it could not be saved")
            }
        }
        recorder.see(observation, note: stepNote, evidence: evidence)
        return observation
    }

    /// Writes the trace to `traceFile` (or `url`).
    public func write(to url: URL? = nil) throws {
        try recorder.write(to: (url ?? traceFile).path)
    }

    /// Whether `observation` records the form dismissed.
    static func recordsDismissal(_ observation: Observation) -> Bool {
        observation.items.contains { item in
            guard item.key == ObservationKey.dismissed.rawValue, case .scalar(.bool(true)) = item.value else { return false }
            return true
        }
    }

    /// Two notes as one (`a; b`), either of which may be missing.
    static func joined(_ first: String?, _ second: String?) -> String? {
        let parts = [first, second].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
