import ConformCore
import Testing

@testable import ConformLoading

@Suite("Loading: Run documents read back")
struct RunDocumentReaderTests {
    private func read(_ text: String) -> Result<RunDocument, RunDocumentRefusal> {
        RunDocumentReader.read(Array(text.utf8))
    }

    private func refusal(_ text: String) -> RunDocumentRefusal? {
        if case .failure(let refusal) = read(text) { return refusal }
        return nil
    }

    private let whole = """
        {
          "conform": 1,
          "version": "0.1.0",
          "recordedAt": "2026-11-26T10:00:00Z",
          "policies": [
            {
              "id": "apple-reminders",
              "digest": "fnv1a64:0123456789abcdef"
            }
          ],
          "results": [
            {
              "trace": "swipe",
              "file": "Traces/a b.yaml",
              "app": "Reminders",
              "policy": "apple-reminders",
              "claimed": true,
              "verdict": "fail",
              "step": 3,
              "line": 12,
              "column": 5,
              "state": "editing",
              "message": "tapped \\"Done\\" \\u00e9\\ud83d\\ude00",
              "expected": {"dismissed": false, "list": [1, 2.5, -3e2, null]},
              "observed": {"dismissed": true},
              "baselined": true,
              "baselineReason": "later",
              "futureMember": {"nested": [true]}
            },
            {
              "trace": "swipe",
              "file": "Traces/a b.yaml",
              "app": null,
              "policy": "apple-reminders",
              "claimed": false,
              "verdict": "pass"
            }
          ],
          "errors": [
            {"file": "Traces/bad.yaml", "line": 3, "column": null, "message": "YAML syntax"}
          ],
          "summary": {"traces": 1, "policies": 1, "claims": {"pass": 0, "fail": 1, "baselined": 1}, "errors": 1}
        }
        """

    @Test("every member conform writes is read, and members it does not know are passed over")
    func wholeDocument() throws {
        let document = try read(whole).get()
        #expect(document.format == 1)
        #expect(document.version == "0.1.0")
        #expect(document.recordedAt?.description == "2026-11-26T10:00:00Z")
        #expect(document.policies == [RunDocument.PolicyDigest(id: "apple-reminders", digest: "fnv1a64:0123456789abcdef")])
        #expect(document.results.count == 2)
        let first = document.results[0]
        #expect(first.trace == "swipe" && first.file == "Traces/a b.yaml" && first.app == "Reminders" && first.claimed)
        #expect(first.verdict == .fail && first.step == 3 && first.line == 12 && first.column == 5 && first.state == "editing")
        #expect(first.message == "tapped \"Done\" é😀")
        #expect(
            first.expected
                == .object([("dismissed", .bool(false)), ("list", .array([.number(1), .number(2.5), .number(-300), .null]))]))
        #expect(first.observed == .object([("dismissed", .bool(true))]))
        #expect(first.baselined == true)
        #expect(document.results[1].app == nil && document.results[1].verdict == .pass && document.results[1].step == nil)
        #expect(document.errors == [RunDocument.Problem(file: "Traces/bad.yaml", line: 3, column: nil, message: "YAML syntax")])
        #expect(
            document.summary
                == RunDocument.Summary(traces: 1, policies: 1, claimsPassed: 0, claimsFailed: 1, claimsBaselined: 1, errors: 1))
        #expect(document.shard == nil)
    }

    @Test("a document written before version, recordedAt and policies were recorded is read without them")
    func olderDocument() throws {
        let document = try read(
            #"{"conform": 1, "results": [], "errors": [], "summary": {"traces": 0, "policies": 0, "claims": {"pass": 0, "fail": 0}, "errors": 0}}"#
        ).get()
        #expect(document.version == nil && document.recordedAt == nil && document.policies == nil && document.results.isEmpty)
    }

    @Test("a shard's document says which shard it is")
    func shard() throws {
        let document = try read(
            #"{"conform": 1, "results": [], "shard": {"index": 2, "count": 3, "version": "x"}, "outcomes": [{"a": 1}]}"#
        ).get()
        #expect(document.shard == "2/3")
    }

    @Test("JSON syntax errors are located at their line and column")
    func syntax() {
        #expect(
            refusal("{\n  \"conform\": 1,\n  \"results\": [\n    {\"trace\": \"x\",}\n")
                == RunDocumentRefusal(
                    .notJSON("expected a member name in quotes, found '}'"), at: TextPosition(line: 4, column: 19)))
        #expect(
            refusal("{\"conform\": 1, \"results\": [\"é\" x")
                == RunDocumentRefusal(
                    .notJSON("expected ',' or ']', found 'x'"), at: TextPosition(line: 1, column: 32)))
        #expect(refusal("") == RunDocumentRefusal(.notJSON("the file is empty")))
        #expect(
            refusal("{\"conform\": 1, \"results\": [")
                == RunDocumentRefusal(
                    .notJSON("expected ',' or ']', but the text ends"), at: TextPosition(line: 1, column: 28)))
        #expect(refusal("{\"conform\": 01}")?.kind == .notJSON("a number with a leading zero"))
        #expect(refusal("{\"conform\": 1} x")?.kind == .notJSON("expected the end of the text, found 'x'"))
        #expect(refusal("{\"a\": \"tab\there\"}")?.kind == .notJSON("a control character (0x09) inside a string"))
        #expect(refusal(String(repeating: "[", count: 600))?.kind == .notJSON("nested more than 512 levels deep"))
    }

    @Test("JSON that is not a conform run document is refused as such")
    func notConform() {
        #expect(refusal("[1, 2]")?.kind == .notConformDocument)
        #expect(refusal(#"{"results": []}"#)?.kind == .notConformDocument)
        // A trace written as JSON, and `conform compare --format json`, have "conform": 1 but no results.
        #expect(refusal(#"{"conform": 1, "steps": [{"tap": "Done"}]}"#)?.kind == .notConformDocument)
        #expect(refusal("{\"conform\": 1}")?.description.hasPrefix("not a conform run document: the file is JSON") == true)
    }

    @Test("another format version is refused by its number, whatever its shape")
    func otherFormat() {
        let refusal = refusal(#"{"conform": 2, "results": {"new": "shape"}}"#)
        #expect(refusal?.kind == .otherFormat(2))
        #expect(refusal?.position == TextPosition(line: 1, column: 13))
        #expect(refusal?.description == "a run document of format version 2, and this conform reads format version 1")
    }

    @Test("a \"conform\" that is not a number is refused for what it is, at its place, not as a document without one")
    func formatNotNumber() {
        let string = refusal("{\n  \"conform\": \"1\",\n  \"results\": []\n}")
        #expect(string == RunDocumentRefusal(.formatNotNumber("the string '1'"), at: TextPosition(line: 2, column: 14)))
        #expect(
            string?.description
                == "\"conform\" is the string '1', and the format version is a number (\"conform\": 1, without quotes)")
        #expect(
            refusal(#"{"conform": 1.5, "results": []}"#)
                == RunDocumentRefusal(.formatNotNumber("'1.5', not a whole number"), at: TextPosition(line: 1, column: 13)))
        #expect(
            refusal(#"{"results": [], "conform": [1]}"#)
                == RunDocumentRefusal(.formatNotNumber("an array"), at: TextPosition(line: 1, column: 28)))
        #expect(refusal(#"{"conform": null, "results": []}"#)?.kind == .formatNotNumber("null"))
        // Without results it is no run's document, whatever its "conform".
        #expect(refusal(#"{"conform": "1"}"#)?.kind == .notConformDocument)
    }

    @Test("a recordedAt that is not a time conform reads is refused at its place, with the reason")
    func recordedAtRefused() throws {
        for (text, reason) in [
            ("2026-02-30T00:00:00Z", "February 2026 has 28 days"),
            ("2026-11-26T10:00:00+99:99", "the offset +99:99 is not one: offsets run from -14:00 to +14:00"),
            ("2026-11-26T10:00:00Z junk", "something follows the zone: a time ends with Z or its offset"),
            ("2026-11-26T10:00:00Z\\n::error::x", "it holds a control character (a line break, a tab...): a time is written on one line"),
            ("10000-01-01T00:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
        ] {
            let found = refusal("{\"conform\": 1,\n \"recordedAt\": \"\(text)\", \"results\": []}")
            let decoded = text.replacingOccurrences(of: "\\n", with: "\n")
            #expect(
                found
                    == RunDocumentRefusal(
                        .notTime(member: "recordedAt", text: decoded, reason: reason), at: TextPosition(line: 2, column: 16)),
                "\(text)")
        }
        let zoned = try read(#"{"conform": 1, "recordedAt": "1582-10-10T01:00:00+01:00", "results": []}"#).get()
        #expect(zoned.recordedAt?.description == "1582-10-10T00:00:00Z")
    }

    @Test("a member of another shape is named, with its place")
    func damaged() {
        let verdict = refusal(
            "{\"conform\": 1, \"results\": [\n{\"trace\": \"t\", \"file\": \"f\", \"app\": null, \"policy\": \"p\", \"claimed\": true, \"verdict\": \"maybe\"}]}"
        )
        #expect(
            verdict
                == RunDocumentRefusal(
                    .damaged(member: "results[0].verdict", what: "'maybe' is not pass, fail, inapplicable or error"),
                    at: TextPosition(line: 2, column: 85)))
        let kind = refusal(#"{"conform": 1, "results": [{"trace": 7}]}"#)
        #expect(
            kind
                == RunDocumentRefusal(
                    .damaged(member: "results[0].trace", what: "a number, where conform writes a string"),
                    at: TextPosition(line: 1, column: 38)))
        let missing = refusal(#"{"conform": 1, "results": [{"trace": "t", "file": "f", "app": null, "claimed": true, "verdict": "pass"}]}"#)
        #expect(missing?.kind == .damaged(member: "results[0]", what: "no \"policy\" member"))
        #expect(
            refusal(#"{"conform": 1, "results": 3}"#)?.kind == .damaged(member: "results", what: "a number, where conform writes an array"))
        #expect(
            refusal(#"{"conform": 1, "results": [], "policies": [{"id": "a"}]}"#)?.kind
                == .damaged(member: "policies[0]", what: "no \"digest\" member"))
    }

    @Test("escapes: surrogate pairs join, a lone surrogate is U+FFFD, every short escape is read")
    func escapes() throws {
        let document = try read(#"{"conform": 1, "version": "\ud83d\ude00 \ud83d x \b\f\n\r\t\/\\", "results": []}"#).get()
        #expect(document.version == "😀 \u{FFFD} x \u{8}\u{C}\n\r\t/\\")
    }

    @Test("every cut of a document is refused as not JSON, never read as a shorter document or a crash")
    func truncated() {
        let bytes = Array(whole.utf8)
        for length in stride(from: 0, to: bytes.count, by: 3) {
            guard case .failure(let refusal) = RunDocumentReader.read(Array(bytes[0..<length])) else {
                Issue.record("a cut at \(length) bytes was read")
                continue
            }
            if case .notJSON = refusal.kind {} else { Issue.record("a cut at \(length) bytes: \(refusal)") }
        }
    }

    @Test("a value written twice, at other indentations, reads as one value; different values stay apart")
    func pooledValues() throws {
        let document = try read(
            #"{"conform": 1, "results": ["#
                + #"{"trace": "a", "file": "a", "app": null, "policy": "p", "claimed": false, "verdict": "fail", "expected": {"k": [1, "x"]}, "observed": {"k": 2}},"#
                + "{\"trace\": \"b\", \"file\": \"b\", \"app\": null, \"policy\": \"p\", \"claimed\": false, \"verdict\": \"fail\", \"expected\": {\n  \"k\": [\n 1, \"x\"]}, \"observed\": {\"k\": 3}}"
                + "]}"
        ).get()
        #expect(document.results[0].expected == document.results[1].expected)
        #expect(document.results[0].observed == .object([("k", .number(2))]))
        #expect(document.results[1].observed == .object([("k", .number(3))]))
    }
}
