import Foundation
import Testing

/// Issue 33 §3: every time conform reads (`--recorded-at`, `SOURCE_DATE_EPOCH`, `--as-of`, a run
/// document's `recordedAt` in `conform history` and `conform diff`) is read by one strict parser, and
/// refused with exit 2 and the reason; history orders runs by the moment each records.
@Suite("CLI: hostile times: --recorded-at, SOURCE_DATE_EPOCH, --as-of, recordedAt in history and diff")
struct HostileTimesTests {
    static let form =
        "RFC 3339: YYYY-MM-DDTHH:MM:SS (a fraction of a second allowed), then Z or an offset from -14:00 to +14:00, years 0001 to 9999"

    /// Values of `--recorded-at` that are refused, with the reason said.
    static let refusedTimes: [(String, String)] = [
        ("2026-02-30T00:00:00Z", "February 2026 has 28 days"),
        ("2100-02-29T12:00:00Z", "February 2100 has 28 days"),
        ("2026-11-26T10:00:00+99:99", "the offset +99:99 is not one: offsets run from -14:00 to +14:00"),
        ("2026-11-26T10:00:00+14:01", "the offset +14:01 is not one: offsets run from -14:00 to +14:00"),
        ("2026-11-26T10:00:00Zjunk", "something follows the zone: a time ends with Z or its offset"),
        ("2026-11-26T10:00:00Z\n::error::forged", "it holds a control character (a line break, a tab...): a time is written on one line"),
        ("10000-01-01T00:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
        ("0000-01-01T00:00:00Z", "there is no year 0000: years run from 0001 to 9999"),
        ("2026-11-26T10:00:00", "it has no zone: end it with Z (UTC) or an offset such as +01:00"),
        ("9999-12-31T23:59:59-01:00", "in UTC it falls after 9999-12-31T23:59:59Z, the latest time conform reads"),
    ]

    static func corpus(in scratch: Scratch) throws {
        try scratch.write("T/a.yaml", "conform: 1\nsteps:\n  - see: { done: disabled }\n  - tap: Done\n")
    }

    @Test("--recorded-at: each refused value is a usage error with its reason, for run and merge")
    func recordedAtRefused() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        let shard = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "1/1"], in: scratch.url)
        try shard.stdout.write(to: scratch.url.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        for (value, reason) in Self.refusedTimes {
            for command in [["run", "T"], ["merge", "s.json"]] {
                let output = try BinaryRunner.run(command + ["--format", "json", "--recorded-at", value], in: scratch.url, timeout: 30)
                let what = "\(command[0]) --recorded-at \(value.debugDescription)"
                #expect(!output.timedOut && output.status == 2, "\(what)")
                #expect(output.stdout.isEmpty, "\(what)")
                #expect(
                    output.stderr.contains("': \(reason). Give now, or a time such as 2026-11-26T10:00:00Z"),
                    "\(what): \(output.stderr)")
                #expect(output.stderr.hasPrefix("Error: invalid --recorded-at '"), "\(what)")
            }
        }
    }

    @Test("--recorded-at: the ends of the range and the days before 1583 are recorded as given, in UTC (proleptic Gregorian)")
    func recordedAtAccepted() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        for (value, recorded) in [
            ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
            ("1582-10-10T00:00:00Z", "1582-10-10T00:00:00Z"), ("1582-10-05T01:00:00+01:00", "1582-10-05T00:00:00Z"),
            ("2024-02-29T23:59:59.999-00:00", "2024-02-29T23:59:59Z"), ("2026-11-26t10:00:00z", "2026-11-26T10:00:00Z"),
        ] {
            let output = try BinaryRunner.run(["run", "T", "--format", "json", "--recorded-at", value], in: scratch.url, timeout: 30)
            #expect(output.status == 0, "\(value): \(output.stderr)")
            #expect(output.stdout.contains("\n  \"recordedAt\": \"\(recorded)\",\n"), "\(value)")
        }
    }

    @Test("SOURCE_DATE_EPOCH: whole seconds within years 1 to 9999, else a usage error naming it (run and merge); empty is unset")
    func sourceDateEpoch() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        let shard = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "1/1"], in: scratch.url)
        try shard.stdout.write(to: scratch.url.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
        let notNumber = "it is not a whole number of seconds since 1970-01-01T00:00:00Z written in digits (as date +%s writes it)"
        let outside = "it lies outside years 0001 to 9999 (from -62135596800 to 253402300799 seconds)"
        for (value, reason) in [
            ("1e300", notNumber), ("-1e300", notNumber), ("1.5", notNumber), (" 1764151200", notNumber),
            ("1764151200\n::error::x", notNumber),
            ("253402300800", outside), ("-62135596801", outside), ("9223372036854775807", outside), ("-9223372036854775808", outside),
        ] {
            for command in [["run", "T"], ["merge", "s.json"]] {
                let output = try BinaryRunner.run(
                    command + ["--report", "md", "--output", "out"], in: scratch.url, environment: ["SOURCE_DATE_EPOCH": value], timeout: 30
                )
                let what = "\(command[0]), SOURCE_DATE_EPOCH=\(value.debugDescription)"
                #expect(!output.timedOut && output.status == 2, "\(what): \(output.stderr)")
                #expect(output.stderr.hasPrefix("Error: invalid SOURCE_DATE_EPOCH '"), "\(what): \(output.stderr)")
                #expect(output.stderr.contains("': \(reason). It is the time of the build"), "\(what): \(output.stderr)")
            }
        }
        for (value, stamp) in [
            ("", nil), ("0", "1970-01-01T00:00:00Z"), ("-62135596800", "0001-01-01T00:00:00Z"), ("253402300799", "9999-12-31T23:59:59Z"),
        ] {
            let output = try BinaryRunner.run(
                ["run", "T", "--report", "md", "--output", "out"], in: scratch.url, environment: ["SOURCE_DATE_EPOCH": value], timeout: 30)
            #expect(output.status == 0, "\(value): \(output.stderr)")
            let report = try String(contentsOf: scratch.url.appendingPathComponent("out/conform-report.md"), encoding: .utf8)
            #expect(report.contains(" Generated ") == (stamp != nil), "\(value)")
            if let stamp { #expect(report.contains(" Generated \(stamp)."), "\(value)") }
        }
    }

    @Test("--as-of: a day that exists on the calendar, or a usage error with the reason")
    func asOf() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        try scratch.write("base.yaml", "conform-baseline: 1\nentries: []\n")
        for (value, reason) in [
            ("2026-02-30", "February 2026 has 28 days"), ("2100-02-29", "February 2100 has 28 days"), ("2026-04-31", "April has 30 days"),
            ("0000-01-01", "there is no year 0000: years run from 0001 to 9999"),
            ("2026-11-26T00:00:00Z", "it is not a day written YYYY-MM-DD (four, two and two digits)"),
        ] {
            let output = try BinaryRunner.run(["run", "T", "--baseline", "base.yaml", "--as-of", value], in: scratch.url, timeout: 30)
            #expect(output.status == 2, "\(value)")
            #expect(
                output.stderr.hasPrefix(
                    "Error: invalid --as-of '\(value)': \(reason). Give the day expiry is judged on, such as 2026-11-26.\n"),
                "\(value): \(output.stderr)")
        }
        for value in ["1582-10-10", "2024-02-29", "0001-01-01", "9999-12-31"] {
            let output = try BinaryRunner.run(["run", "T", "--baseline", "base.yaml", "--as-of", value], in: scratch.url, timeout: 30)
            #expect(output.status == 0, "\(value): \(output.stderr)")
        }
    }

    /// A run document of the corpus recording `time`, or with its `recordedAt` written as `raw` (JSON text).
    static func document(in scratch: Scratch, time: String = "2026-11-26T10:00:00Z", raw: String? = nil) throws -> String {
        let made = try BinaryRunner.run(["run", "T", "--format", "json", "--recorded-at", time], in: scratch.url)
        guard let raw else { return made.stdout }
        return made.stdout.replacingOccurrences(of: "\"recordedAt\": \"\(time)\"", with: "\"recordedAt\": \(raw)")
    }

    @Test("history: a recordedAt that is no time is named at its line and column, the page still written; runs in order of the moments")
    func history() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        let runs = scratch.url.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        let documents: [(String, String)] = [
            ("first.json", try Self.document(in: scratch, time: "0001-01-01T00:00:00Z")),
            ("middle.json", try Self.document(in: scratch, time: "2026-11-26T10:00:00Z")),
            ("last.json", try Self.document(in: scratch, time: "9999-12-31T23:59:59Z")),
            ("zoned.json", try Self.document(in: scratch, raw: "\"1582-10-10T01:00:00+01:00\"")),
            ("feb30.json", try Self.document(in: scratch, raw: "\"2026-02-30T00:00:00Z\"")),
            ("offset.json", try Self.document(in: scratch, raw: "\"2026-11-26T10:00:00+99:99\"")),
            ("junk.json", try Self.document(in: scratch, raw: "\"2026-11-26T10:00:00Z junk\"")),
            ("newline.json", try Self.document(in: scratch, raw: "\"2026-11-26T10:00:00Z\\n::error::forged\"")),
            ("year10000.json", try Self.document(in: scratch, raw: "\"10000-01-01T00:00:00Z\"")),
            ("string.json", try Self.document(in: scratch).replacingOccurrences(of: "\"conform\": 1,", with: "\"conform\": \"1\",")),
        ]
        for (name, text) in documents { try text.write(to: runs.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let output = try BinaryRunner.run(["history", "runs", "--output", "page.html"], in: scratch.url, timeout: 60)
        #expect(!output.timedOut && output.status == 2)
        let at = "runs/%@:4:17: error: recordedAt '%@' is not a time conform reads: %@ (\(Self.form))"
        let expected = [
            String(format: at, "feb30.json", "2026-02-30T00:00:00Z", "February 2026 has 28 days"),
            String(format: at, "junk.json", "2026-11-26T10:00:00Z junk", "something follows the zone: a time ends with Z or its offset"),
            String(
                format: at, "newline.json", "2026-11-26T10:00:00Z⏎::error::forged",
                "it holds a control character (a line break, a tab...): a time is written on one line"),
            String(
                format: at, "offset.json", "2026-11-26T10:00:00+99:99", "the offset +99:99 is not one: offsets run from -14:00 to +14:00"),
            "runs/string.json:2:14: error: \"conform\" is the string '1', and the format version is a number (\"conform\": 1, without quotes)",
            String(format: at, "year10000.json", "10000-01-01T00:00:00Z", "it is not a time written YYYY-MM-DDTHH:MM:SS and a zone"),
        ]
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.dropLast() == expected[...], "\(output.stderr)")
        #expect(lines.last?.hasPrefix("conform: wrote page.html: ") == true)
        // The page, from the readable runs, oldest first by the moment each records (its runs table, at the end).
        let page = try String(contentsOf: scratch.url.appendingPathComponent("page.html"), encoding: .utf8)
        let order = ["first.json", "zoned.json", "middle.json", "last.json"].map { page.range(of: $0, options: .backwards)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "runs out of order")
        #expect(page.contains("1582-10-10 00:00:00 UTC"))
        #expect(page.contains("9999-12-31 23:59:59 UTC"))
        #expect(page.contains("0001-01-01 00:00:00 UTC"))
    }

    @Test("diff: a recordedAt that is no time, or a \"conform\" that is a string, is refused at its place (exit 2)")
    func diff() throws {
        let scratch = try Scratch()
        try Self.corpus(in: scratch)
        try Self.document(in: scratch).write(to: scratch.url.appendingPathComponent("good.json"), atomically: true, encoding: .utf8)
        try Self.document(in: scratch, raw: "\"2026-02-30T00:00:00Z\"").write(
            to: scratch.url.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        try Self.document(in: scratch).replacingOccurrences(of: "\"conform\": 1,", with: "\"conform\": \"1\",").write(
            to: scratch.url.appendingPathComponent("string.json"), atomically: true, encoding: .utf8)
        let bad = try BinaryRunner.run(["diff", "good.json", "bad.json"], in: scratch.url, timeout: 30)
        #expect(bad.status == 2)
        #expect(
            bad.stderr
                == "bad.json:4:17: error: recordedAt '2026-02-30T00:00:00Z' is not a time conform reads: February 2026 has 28 days (\(Self.form))\n",
            "\(bad.stderr)")
        let string = try BinaryRunner.run(["diff", "string.json", "good.json"], in: scratch.url, timeout: 30)
        #expect(string.status == 2)
        #expect(
            string.stderr
                == "string.json:2:14: error: \"conform\" is the string '1', and the format version is a number (\"conform\": 1, without quotes)\n",
            "\(string.stderr)")
        let same = try BinaryRunner.run(["diff", "good.json", "good.json"], in: scratch.url, timeout: 30)
        #expect(same.status == 0, "\(same.stderr)")
    }
}
