import ConformCore
import ConformKit
import ConformTestSupport
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
    for index in result.warnings.indices { result.warnings[index].location.file = relative(result.warnings[index].location.file) }
    for index in result.results.indices {
        if let resolved = result.results[index].departureEvidence?.resolved {
            result.results[index].departureEvidence?.resolved = relative(resolved)
        }
    }
    result.lineLengths = result.lineLengths.renamingFiles(relative)
    return ReportInput(result: result, context: RunContext(policies: library.policies, version: "0.0.0-test"))
}

func render(_ format: ReportFormat, _ input: ReportInput) throws -> String {
    try format.render(input)
}
