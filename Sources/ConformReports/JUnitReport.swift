import ConformCore

/// JUnit XML in the dialect of the Jenkins xUnit schema (junit-10.xsd), which pytest also writes:
/// a testsuite per claimed policy, a testcase per (trace, claimed policy), in run order; a baselined
/// broken claim is `<skipped>`. The failure's
/// message is one line; its body starts with ` file:line` so that annotating actions find the trace's
/// line. Each suite's test cases are spooled while the run goes, since its counts come first.
struct JUnitReport: RunRenderer {
    let context: RunContext
    private var suites: [String: Suite] = [:]
    private var errors: [Diagnostic] = []

    private struct Suite {
        var cases = Spool()
        var tests = 0
        var failures = 0
        var errors = 0
        var skipped = 0
    }

    init(context: RunContext) {
        self.context = context
    }

    var preparer: (@Sendable (inout FileOutcome) -> Void)? {
        return { outcome in
            for index in outcome.results.indices where outcome.results[index].claimed {
                outcome.prepared[Self.preparedKey(index)] = Self.testcase(ClaimRow(outcome.results[index]))
            }
        }
    }

    /// The key of the test case of the pair at `index` in `FileOutcome.prepared`.
    private static func preparedKey(_ index: Int) -> String { "junit-\(index)" }

    mutating func add(_ outcome: FileOutcome) -> String {
        errors += outcome.errors
        for index in outcome.results.indices where outcome.results[index].claimed {
            let pair = outcome.results[index]
            var suite = suites[pair.policy] ?? Suite()
            suite.tests += 1
            switch pair.verdict.kind {
            case .pass: break
            case _ where pair.isBaselined: suite.skipped += 1
            case .error: suite.errors += 1
            case .fail, .inapplicable: suite.failures += 1
            }
            suite.cases.append(outcome.prepared[Self.preparedKey(index)] ?? Self.testcase(ClaimRow(pair)))
            suites[pair.policy] = suite
        }
        return ""
    }

    mutating func finish(_ ending: RunEnding) throws -> String {
        try finishInParts(ending).joined()
    }

    mutating func finishInParts(_ ending: RunEnding) throws -> [OutputPart] {
        let errors = ending.leadingErrors + self.errors
        let tests = suites.values.reduce(0) { $0 + $1.tests }
        let failures = suites.values.reduce(0) { $0 + $1.failures }
        let caseErrors = suites.values.reduce(0) { $0 + $1.errors }
        var head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        head +=
            "<testsuites name=\"conform\" tests=\"\(tests + errors.count)\" failures=\"\(failures)\" errors=\"\(caseErrors + errors.count)\" time=\"0\">\n"
        var parts: [OutputPart] = []
        for policy in suites.keys.sorted() {
            guard let suite = suites[policy] else { continue }
            head +=
                "  <testsuite name=\"\(Escaping.xml(policy))\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"\(suite.skipped)\" time=\"0\""
            if let stamp = context.generatedAt { head += " timestamp=\"\(Escaping.xml(stamp))\"" }
            head += ">\n"
            parts += [.text(head), .spool(suite.cases)]
            head = "  </testsuite>\n"
        }
        var tail = head
        if !errors.isEmpty {
            tail +=
                "  <testsuite name=\"conform.files\" tests=\"\(errors.count)\" failures=\"0\" errors=\"\(errors.count)\" skipped=\"0\" time=\"0\">\n"
            for error in errors {
                tail += "    <testcase name=\"\(Escaping.xml(error.location.description))\" classname=\"conform.files\" time=\"0\">\n"
                tail +=
                    "      <error type=\"input\" message=\"\(Escaping.xml(error.message))\"> \(Escaping.xmlBody(error.location.description)): \(Escaping.xmlBody(error.message))</error>\n"
                tail += "    </testcase>\n"
            }
            tail += "  </testsuite>\n"
        }
        tail += "</testsuites>\n"
        return parts + [.text(tail)]
    }

    private static func testcase(_ row: ClaimRow) -> String {
        let name = "\(row.pair.file) (\(row.pair.trace))"
        var out = "    <testcase name=\"\(Escaping.xml(name))\" classname=\"\(Escaping.xml(row.pair.policy))\" time=\"0\""
        guard !row.passed else { return out + "/>\n" }
        out += ">\n"
        // A baselined deviation is accepted, not failed: test tabs show it as skipped, with the reason.
        if let mark = row.pair.baseline, !mark.expired {
            let until = mark.expires.map { " (until \($0))" } ?? ""
            out +=
                "      <skipped message=\"\(Escaping.xml("baselined: " + mark.reason + until))\"> \(Escaping.xmlBody(row.place)): \(Escaping.xmlBody(row.title))\n\(Escaping.xmlBody(row.detail))</skipped>\n"
            return out + "    </testcase>\n"
        }
        let element = row.pair.verdict.kind == .error ? "error" : "failure"
        let type = row.pair.verdict.kind == .fail ? "departure" : row.pair.verdict.name
        out += "      <\(element) type=\"\(type)\" message=\"\(Escaping.xml(row.title))\">"
        out += " \(Escaping.xmlBody(row.place)): \(Escaping.xmlBody(row.title))\n\(Escaping.xmlBody(row.detail))</\(element)>\n"
        out += "    </testcase>\n"
        return out
    }
}
