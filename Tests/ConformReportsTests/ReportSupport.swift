import ConformCore
import ConformKit
import Foundation
import Testing

@testable import ConformReports

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the fixtures in `Fixtures/NAME` with paths relative to the package root, as a user in the
/// repository would, so that reports are the same bytes on every machine.
func fixtureInput(_ name: String) -> ReportInput {
    let library = PolicyLibrary.builtIn()
    let folder = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Fixtures/\(name)").path
    var result = ConformRunner(library: library).run(.init(paths: [folder], keepSteps: true))
    let prefix = packageRoot.path + "/"
    func relative(_ path: String) -> String { path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path }
    for index in result.results.indices { result.results[index].file = relative(result.results[index].file) }
    for index in result.traces.indices { result.traces[index].file = relative(result.traces[index].file) }
    for index in result.errors.indices { result.errors[index].location.file = relative(result.errors[index].location.file) }
    return ReportInput(result: result, library: library, version: "0.0.0-test")
}

func render(_ format: ReportFormat, _ input: ReportInput) throws -> String {
    try format.renderer(templates: try ReportTemplates.builtIn()).render(input)
}

/// Compares with `Goldens/NAME`; a missing golden is recorded and fails; `CONFORM_RECORD=1` rewrites.
func assertGolden(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens/\(name)")
    let record = ProcessInfo.processInfo.environment["CONFORM_RECORD"] == "1"
    guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded the golden file \(name); review it and run the tests again", sourceLocation: sourceLocation)
        return
    }
    if expected != actual {
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(want.count, got.count)
        Issue.record(
            "\(name) differs from line \(first + 1):\n  golden: \(first < want.count ? String(want[first]) : "(end)")\n  actual: \(first < got.count ? String(got[first]) : "(end)")\n(CONFORM_RECORD=1 rewrites it)",
            sourceLocation: sourceLocation)
    }
}
