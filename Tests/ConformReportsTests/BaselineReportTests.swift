import ConformCore
import ConformKit
import ConformLoading
import Foundation
import Testing

@testable import ConformReports

@Suite("Reports: Baselines in the reports, and the baseline file itself")
struct BaselineReportTests {
    /// Strings that YAML would read as something else, or that need escapes.
    static let awkward = [
        "true", "12", "null", "- dash", "# hash", "a: b", "quote \" and \\", "line\nbreak", "tab\there", "Ünïcödé ✓", " padded ", "", "~",
        "{ x }", "'single'",
    ]

    static func entries() -> [BaselineEntry] {
        awkward.enumerated().map { index, text in
            let observed = JSONValue.object([
                (
                    text.isEmpty ? "k" : text,
                    .object([("title", .null), ("actions", .array([.string(text), .number(Double(index) + 0.5), .bool(true)]))])
                ),
                ("n", .number(-3)), ("empty", .object([])), ("list", .array([])),
            ])
            return BaselineEntry(
                key: BaselineKey(
                    trace: "t\(text)", policy: "p-\(index)", verdict: .fail, state: text.isEmpty ? "s" : text, observed: observed),
                reason: text.isEmpty ? "r" : text, expires: index % 2 == 0 ? CalendarDate("2025-09-30") : nil)
        } + [BaselineEntry(key: BaselineKey(trace: "a", policy: "b", verdict: .inapplicable), reason: "cannot judge")]
    }

    @Test("what the writer writes, the loader reads back as the same entries, sorted; the same bytes every time")
    func roundTrip() throws {
        let baseline = Baseline(file: "b.yaml", entries: Self.entries())
        let text = BaselineWriter.yaml(baseline)
        #expect(text == BaselineWriter.yaml(Baseline(file: "b.yaml", entries: Self.entries().reversed())))
        let (read, problems) = BaselineLoader().load(Array(text.utf8), file: "b.yaml")
        #expect(problems.isEmpty, "\(problems)\n\(text)")
        #expect(read.entries.count == baseline.entries.count)
        for entry in baseline.entries {
            let found = try #require(read.entry(trace: entry.key.trace, policy: entry.key.policy)?.entry, "\(entry.key.trace)")
            #expect(found.key.matches(entry.key), "\(entry.key)")
            #expect(found.key.observed == entry.key.observed, "the key order is kept too")
            #expect(found.reason == entry.reason)
            #expect(found.expires == entry.expires)
        }
        #expect(read.entries.map(\.key.trace) == baseline.sortedEntries.map(\.key.trace))
    }

    @Test("PyYAML reads the baseline file as the same data", .enabled(if: Consumers.pythonYAML))
    func pyYAML() throws {
        let text = BaselineWriter.yaml(Baseline(file: "b.yaml", entries: Self.entries()))
        let folder = Consumers.reports.appendingPathComponent("baseline")
        try ReportWriter.write(text, named: "baseline.yaml", in: folder.path, what: "the baseline")
        let script = """
            import sys, yaml, json
            document = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
            print(json.dumps([[e["trace"], e["policy"], e.get("state"), e.get("observed"), e["reason"]] for e in document["entries"]], sort_keys=True))
            """
        let result = try Consumers.run("python3", ["-c", script, folder.appendingPathComponent("baseline.yaml").path])
        #expect(result.status == 0, "\(result.output)")
        let expected = Baseline(file: "b.yaml", entries: Self.entries()).sortedEntries.map { entry -> JSONValue in
            .array([
                .string(entry.key.trace), .string(entry.key.policy), entry.key.state.map(JSONValue.string) ?? .null,
                entry.key.observed?.canonical ?? .null, .string(entry.reason),
            ])
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? NSArray
        let wanted = try JSONSerialization.jsonObject(with: Data(JSONValue.array(expected).serialized().utf8)) as? NSArray
        #expect(parsed == wanted)
    }

    /// The basic fixture judged against a baseline that accepts one of its broken claims (and lists one
    /// that matches nothing), as `conform run --baseline` would make it.
    static func baselinedInput() throws -> ReportInput {
        let plain = fixtureInput("basic")
        let broken = plain.result.brokenClaims
        let first = try #require(broken.first.flatMap(BaselineKey.init))
        let baseline = Baseline(
            file: "baseline.yaml",
            entries: [
                BaselineEntry(
                    key: first, reason: "known <deviation> & \"quoted\"", expires: CalendarDate("2099-01-01"),
                    position: TextPosition(line: 3, column: 5)),
                BaselineEntry(
                    key: BaselineKey(trace: "gone", policy: "one-handed", verdict: .error), reason: "old",
                    position: TextPosition(line: 9, column: 5)),
            ])
        let matcher = BaselineMatcher(baseline: baseline, today: try #require(CalendarDate("2025-06-01")))
        var ledger = BaselineLedger(matcher)
        var result = RunResult(results: [], errors: [], traceCount: 0, policyIDs: plain.result.policyIDs, traces: [])
        for var outcome in plain.result.outcomes {
            matcher.mark(&outcome.results)
            ledger.record(outcome)
            result.add(outcome)
        }
        result.lineLengths = plain.result.lineLengths
        result.baseline = ledger.finish()
        return ReportInput(result: result, context: plain.context)
    }

    @Test("the HTML page's table of broken claims shows a baselined claim's reason, escaped, after the departure")
    func htmlBrokenClaimRow() throws {
        let html = try render(.html, try Self.baselinedInput())
        let table = try #require(
            html.components(separatedBy: "<table class=\"broken\">").dropFirst().first?.components(separatedBy: "</table>").first)
        #expect(
            table.contains(
                "<br><span class=\"note\">baselined: known &lt;deviation&gt; &amp; &quot;quoted&quot; (until 2099-01-01)</span></td></tr>\n"
            ))
        #expect(table.components(separatedBy: "<span class=\"note\">").count == 2, "one claim is baselined")
    }

    @Test("with a baseline, the streamed JSON document, the JSON report and the document built as a value are the same bytes")
    func jsonStreamedAndWhole() throws {
        let input = try Self.baselinedInput()
        var document = JSONDocument(context: input.context)
        var streamed = document.begin()
        for outcome in input.result.outcomes { streamed += document.add(outcome) }
        streamed += document.finish(RunEnding(baseline: input.result.baseline))
        let whole = try render(.json, input)
        #expect(streamed == whole)
        #expect(
            input.result.jsonDocument(context: input.context).serialized(pretty: true) + "\n" == streamed, "the value and the text agree")
        #expect(
            whole.contains(
                "\"baselined\": true,\n      \"baselineReason\": \"known <deviation> & \\\"quoted\\\"\",\n      \"baselineExpires\": \"2099-01-01\""
            ))
        #expect(whole.contains("\"staleBaselineEntries\": [\n    {\n      \"file\": \"baseline.yaml\",\n      \"line\": 9,"))
        let tally = input.result.tally
        #expect(tally.claimsBaselined == 1 && tally.staleEntries == 1)
        #expect(whole.contains("\"baselined\": 1\n    },"))
        #expect(
            whole.contains(
                "\"baseline\": {\n      \"file\": \"baseline.yaml\",\n      \"entries\": 2,\n      \"expired\": 0,\n      \"stale\": 1,\n      \"strict\": false\n    }"
            ))
    }

    @Test("SARIF: baselineState on every result of a broken claim, suppressions on the baselined one")
    func sarif() throws {
        let input = try Self.baselinedInput()
        let text = try render(.sarif, input)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try #require((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let claims = results.filter { $0["ruleId"] as? String != SARIFReport.fileRule }
        #expect(claims.count == input.result.brokenClaims.count)
        #expect(claims.filter { $0["baselineState"] as? String == "unchanged" }.count == 1)
        #expect(claims.filter { $0["baselineState"] as? String == "new" }.count == claims.count - 1)
        let suppressed = try #require(claims.first { $0["suppressions"] != nil })
        #expect(
            (suppressed["suppressions"] as? [NSDictionary])
                == [["kind": "external", "status": "accepted", "justification": "known <deviation> & \"quoted\""]])
        // Without a baseline, none of this.
        let plain = try render(.sarif, fixtureInput("basic"))
        #expect(!plain.contains("baselineState") && !plain.contains("suppressions"))
    }

    @Test("SARIF with a baseline is valid against the SARIF 2.1.0 schema", .enabled(if: Consumers.runs("check-jsonschema")))
    func sarifSchema() throws {
        let folder = Consumers.reports.appendingPathComponent("baseline")
        try ReportWriter.write(try render(.sarif, try Self.baselinedInput()), named: "baselined.sarif", in: folder.path)
        let schema = packageRoot.appendingPathComponent("Tests/ConformReportsTests/Schemas/sarif-schema-2.1.0.json").path
        let result = try Consumers.run("check-jsonschema", ["--schemafile", schema, folder.appendingPathComponent("baselined.sarif").path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("GitHub: a baselined claim is a warning with its reason, a stale entry a warning at its line")
    func github() throws {
        let input = try Self.baselinedInput()
        let lines = GitHubOutput.annotations(input.result)
        let warnings = lines.filter { $0.hasPrefix("::warning") }
        // The third: the basic fixture's `breaks` holds one-handed vacuously (issue 27 §5).
        #expect(warnings.count == 3)
        #expect(
            warnings[0].contains("(baselined)::")
                && warnings[0].hasSuffix("%0Abaselined: known <deviation> & \"quoted\" (until 2099-01-01)"))
        #expect(
            warnings[1]
                == "::warning file=baseline.yaml,line=9,col=5,title=conform%3A stale baseline entry::trace 'gone' was not checked in this run"
        )
        #expect(
            warnings[2].hasPrefix("::warning file=Tests/ConformReportsTests/Fixtures/basic/breaks.yaml,line=5,col=20,")
                && warnings[2].contains("no action took one of its transitions"))
        #expect(lines.filter { $0.hasPrefix("::error") }.count == input.result.brokenClaims.count - 1 + input.result.errors.count)
    }
}
