import Foundation

// ConformTestSupport is a regular target, so `swift build` of the whole package builds it, and a release build
// cannot import Swift Testing (issue 27). The test targets, which use assertGolden, always can.
#if canImport(Testing)
import Testing
#endif

/// Golden files: long output compared with a reviewed copy in the repository. A missing golden is
/// written (and the test fails, so that someone reviews it); `CONFORM_RECORD=1` rewrites goldens.
public enum GoldenFile {
    /// `nil` when `actual` matches the golden at `url`, else a message saying where they differ.
    public static func mismatch(_ actual: String, at url: URL) throws -> String? {
        let record = ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1"
        guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return "recorded the golden file \(url.lastPathComponent); review it and run the tests again"
        }
        guard expected != actual else { return nil }
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        let golden = first < want.count ? String(want[first]) : "(end)"
        let seen = first < got.count ? String(got[first]) : "(end)"
        return
            "\(url.lastPathComponent) differs from line \(first + 1):\n  golden: \(golden)\n  actual: \(seen)\n(CONFORM_RECORD=1 rewrites it)"
    }
}

#if canImport(Testing)
/// Compares `actual` with `Goldens/NAME` beside the calling test file, recording a test issue at the
/// caller's line when they differ.
public func assertGolden(
    _ actual: String, named name: String, filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    if let mismatch = try GoldenFile.mismatch(actual, at: url) { Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation) }
}
#endif
