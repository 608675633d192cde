import ConformCore
import ConformRecording
import Foundation

#if os(iOS) || os(visionOS)
import XCTest
#else
import XCUIDeclarations
#endif

/// A screenshot that could not be written where the recorder keeps its evidence.
struct ScreenshotNotSaved: Error, CustomStringConvertible {
    let file: String
    let reason: String

    var description: String {
        "screenshot \(file) not saved (\(reason)); its step is recorded without evidence"
    }
}

extension XCUITraceRecorder {
    /// Saves `png` as the next `NNN.png` in `screenshots` and returns its path relative to the trace
    /// file's folder. A number is used up even when the write fails, so the files that exist keep the
    /// numbers of the steps they illustrate.
    func saveScreenshot(_ png: Data) -> Result<String, ScreenshotNotSaved> {
        guard let screenshots else { return .failure(ScreenshotNotSaved(file: "(none)", reason: "no folder set")) }
        screenshotCount += 1
        let file = screenshots.appendingPathComponent(EvidencePath.screenshotName(screenshotCount))
        let relative = EvidencePath.relative(file.standardizedFileURL.path, toTraceAt: traceFile.standardizedFileURL.path)
        // `conform run` reads evidence only inside the folders it is given (Docs/TraceFormat.md): a
        // screenshot outside the trace's folder would never be shown, so none is written there.
        if let problem = Evidence.placementProblem(relative) {
            return .failure(ScreenshotNotSaved(file: file.path, reason: problem + "; put `screenshots` inside the trace file's folder"))
        }
        do {
            try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
            try png.write(to: file, options: .atomic)
        } catch {
            return .failure(ScreenshotNotSaved(file: file.path, reason: error.localizedDescription))
        }
        savedScreenshots.append((screenshotCount, png))
        return .success(relative)
    }

    /// The name of the trace's attachment: `ID.yaml`.
    var traceAttachmentName: String { recorder.trace.id + ".yaml" }

    /// The name of screenshot `number`'s attachment: `ID--001.png`, which `scripts/extract_xcresult_traces.py`
    /// turns back into `ID/001.png` beside `ID.yaml`, where the trace's `evidence:` expects it.
    func screenshotAttachmentName(_ number: Int) -> String {
        recorder.trace.id + "--" + EvidencePath.screenshotName(number)
    }

    /// Attaches the trace as it is now and its screenshots to the running test's result, kept whether the
    /// test passes or fails (`XCTAttachment`, `lifetime = .keepAlways`), in an activity named after the
    /// trace: on a physical device the runner's folders are out of reach, the result bundle is not
    /// (Docs/Recording.md, "Getting the traces out of an .xcresult bundle").
    public func attach() {
        let yaml = recorder.yaml()
        let shots = savedScreenshots
        let traceName = traceAttachmentName
        let names = shots.map { screenshotAttachmentName($0.number) }
        XCTContext.runActivity(named: "conform trace \(recorder.trace.id)") { activity in
            let trace = XCTAttachment(data: Data(yaml.utf8), uniformTypeIdentifier: "public.yaml")
            trace.name = traceName
            trace.lifetime = .keepAlways
            activity.add(trace)
            for (shot, name) in zip(shots, names) {
                let image = XCTAttachment(data: shot.png, uniformTypeIdentifier: "public.png")
                image.name = name
                image.lifetime = .keepAlways
                activity.add(image)
            }
        }
    }
}
