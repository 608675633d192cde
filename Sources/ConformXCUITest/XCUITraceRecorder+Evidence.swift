import ConformRecording
import Foundation

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
        do {
            try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
            try png.write(to: file, options: .atomic)
        } catch {
            return .failure(ScreenshotNotSaved(file: file.path, reason: error.localizedDescription))
        }
        return .success(
            EvidencePath.relative(file.standardizedFileURL.path, toTraceAt: traceFile.standardizedFileURL.path))
    }
}
