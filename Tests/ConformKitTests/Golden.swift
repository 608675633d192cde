import ConformTestSupport
import Foundation
import Testing

/// Compares `actual` with `Goldens/NAME` beside this file (see `GoldenFile`).
func assertGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    if let mismatch = try GoldenFile.mismatch(actual, at: url) { Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation) }
}
