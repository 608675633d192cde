import ConformCore

/// JUnit XML in the dialect of the Jenkins xUnit schema (junit-10.xsd), which pytest also writes:
/// a testsuite per claimed policy, a testcase per (trace, claimed policy). The failure's message is
/// one line; its body starts with ` file:line` so that annotating actions find the trace's line.
struct JUnitReport: ReportRenderer {
    func render(_ input: ReportInput) throws -> String {
        let rows = ClaimRow.rows(input.result)
        let suites = Dictionary(grouping: rows, by: { $0.pair.policy })
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let failures = rows.filter { !$0.passed && $0.pair.verdict.kind != .error }.count
        let errors = rows.filter { $0.pair.verdict.kind == .error }.count + input.result.errors.count
        out += "<testsuites name=\"conform\" tests=\"\(rows.count + input.result.errors.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"0\">\n"
        for policy in suites.keys.sorted() {
            let cases = suites[policy] ?? []
            let suiteFailures = cases.filter { !$0.passed && $0.pair.verdict.kind != .error }.count
            let suiteErrors = cases.filter { $0.pair.verdict.kind == .error }.count
            out += "  <testsuite name=\"\(Escaping.xml(policy))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\" skipped=\"0\" time=\"0\""
            if let stamp = input.generatedAt { out += " timestamp=\"\(Escaping.xml(stamp))\"" }
            out += ">\n"
            for row in cases { out += testcase(row) }
            out += "  </testsuite>\n"
        }
        if !input.result.errors.isEmpty {
            out += "  <testsuite name=\"conform.files\" tests=\"\(input.result.errors.count)\" failures=\"0\" errors=\"\(input.result.errors.count)\" skipped=\"0\" time=\"0\">\n"
            for error in input.result.errors {
                out += "    <testcase name=\"\(Escaping.xml(error.location.description))\" classname=\"conform.files\" time=\"0\">\n"
                out += "      <error type=\"input\" message=\"\(Escaping.xml(error.message))\"> \(Escaping.xmlBody(error.location.description)): \(Escaping.xmlBody(error.message))</error>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func testcase(_ row: ClaimRow) -> String {
        let name = "\(row.pair.file) (\(row.pair.trace))"
        var out = "    <testcase name=\"\(Escaping.xml(name))\" classname=\"\(Escaping.xml(row.pair.policy))\" time=\"0\""
        guard !row.passed else { return out + "/>\n" }
        out += ">\n"
        let element = row.pair.verdict.kind == .error ? "error" : "failure"
        let type = row.pair.verdict.kind == .fail ? "departure" : row.pair.verdict.name
        out += "      <\(element) type=\"\(type)\" message=\"\(Escaping.xml(row.title))\">"
        out += " \(Escaping.xmlBody(row.place)): \(Escaping.xmlBody(row.title))\n\(Escaping.xmlBody(row.detail))</\(element)>\n"
        out += "    </testcase>\n"
        return out
    }
}
