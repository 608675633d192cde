import ConformCore
import ConformKit

/// The JSON report file: the same document as `conform run --format json`.
struct JSONReport: ReportRenderer {
    func render(_ input: ReportInput) throws -> String {
        input.result.jsonDocument().serialized(pretty: true) + "\n"
    }
}
