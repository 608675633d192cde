import Foundation
import Testing

/// Compares `actual` with `Goldens/NAME`. A missing golden is written and the test fails; set
/// `CONFORM_RECORD=1` to rewrite goldens after reviewing the change (never in CI).
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    let record = ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded the golden file \(name); review it and run the tests again", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = first < expectedLines.count ? String(expectedLines[first]) : "(end)"
        let got = first < actualLines.count ? String(actualLines[first]) : "(end)"
        Issue.record(
            "\(name) differs from line \(first + 1):\n  golden: \(want)\n  actual: \(got)\n(CONFORM_RECORD=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}
