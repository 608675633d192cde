import ConformCore

/// The JSON report file: the same document as `conform run --format json`.
struct JSONReport: ReportRenderer {
    func render(_ input: ReportInput) throws -> String {
        input.result.jsonDocument(policies: input.policies).serialized(pretty: true) + "\n"
    }
}
