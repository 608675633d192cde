import Foundation
import Testing

/// Issue 33 §3: every number of a shard result is held to its bounds and to the document's other
/// numbers by `conform merge`, which refuses the document at the number's line and column (exit 2)
/// instead of crashing, allocating by the gigabyte or looping; `--jobs` is bounded.
@Suite("CLI: hostile numbers: shard results and --jobs")
struct HostileShardNumbersTests {
    /// The extremes every numeric field is given.
    static let hostile: [Int] = [0, -1, 1_000_000_000, Int.max, Int.min]

    /// A path into the shard result; `*` takes the first element (or member) under which the rest is found.
    struct Field: CustomTestStringConvertible, Sendable {
        var pattern: [String]
        /// Values of `hostile` that are in bounds here (a branch 0, no evidence warning).
        var inBounds: Set<Int> = []

        var testDescription: String { pattern.joined(separator: ".") }
    }

    static let fields: [Field] = [
        Field(pattern: ["shard", "count"]),
        Field(pattern: ["shard", "index"]),
        Field(pattern: ["shard", "files"]),
        Field(pattern: ["shard", "errors", "*", "location", "position", "line"]),
        Field(pattern: ["outcomes", "#2", "index"]),
        Field(pattern: ["outcomes", "*", "outcome", "summary", "stepCount"]),
        Field(pattern: ["outcomes", "*", "outcome", "summary", "steps", "*", "number"]),
        Field(pattern: ["outcomes", "*", "outcome", "summary", "steps", "*", "position", "line"]),
        Field(pattern: ["outcomes", "*", "outcome", "summary", "steps", "*", "position", "column"]),
        Field(pattern: ["outcomes", "*", "outcome", "summary", "idPosition", "line"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "verdict", "fail", "_0", "step"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "verdict", "fail", "_0", "position", "line"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "verdict", "fail", "_0", "position", "column"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "verdict", "error", "step"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "verdict", "error", "position", "line"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "path", "*", "step"]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "outcome", "path", "*", "branch"], inBounds: [0]),
        Field(pattern: ["outcomes", "*", "outcome", "results", "*", "departureEvidence", "step"]),
        Field(pattern: ["outcomes", "*", "outcome", "errors", "*", "location", "position", "line"]),
        Field(pattern: ["outcomes", "*", "outcome", "warnings", "*", "location", "position", "column"]),
        Field(pattern: ["outcomes", "*", "outcome", "evidenceWarnings"], inBounds: [0]),
        Field(pattern: ["outcomes", "*", "outcome", "lineLengths", "*", "#0"]),
        Field(pattern: ["outcomes", "*", "outcome", "lineLengths", "*", "#1"], inBounds: [0]),
    ]

    /// One shard of one: the generated corpus (broken claims, evidence, files that do not load, warnings,
    /// a link not followed), with a verdict `error`, evidence at a broken claim and a problem before any
    /// file added, so that every kind of number is there. Merged as it is, it gives the run's own status.
    static func document(in scratch: Scratch) throws -> [String: Any] {
        try ShardCorpus.write(in: scratch, traces: 8)
        let made = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "1/1"], in: scratch.url)
        guard var document = try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any],
            var shard = document["shard"] as? [String: Any], var outcomes = document["outcomes"] as? [[String: Any]]
        else { throw CocoaError(.coderReadCorrupt) }
        shard["errors"] = [
            [
                "severity": "error", "message": "no such file", "location": ["file": "gone", "position": ["line": 1, "column": 1]],
                "notes": [],
            ]
        ]
        document["shard"] = shard
        // Evidence at the first broken claim's step.
        evidence: for (number, entry) in outcomes.enumerated() {
            guard var outcome = entry["outcome"] as? [String: Any], var results = outcome["results"] as? [[String: Any]] else { continue }
            for (index, result) in results.enumerated() {
                guard let verdict = (result["outcome"] as? [String: Any])?["verdict"] as? [String: Any],
                    let step = ((verdict["fail"] as? [String: Any])?["_0"] as? [String: Any])?["step"] as? Int
                else { continue }
                results[index]["departureEvidence"] = ["path": "shots/a.png", "resolved": "T/shots/a.png", "step": step]
                outcome["results"] = results
                outcomes[number]["outcome"] = outcome
                break evidence
            }
        }
        // A verdict `error` where a claim held, at its trace's first step.
        injection: for (number, entry) in outcomes.enumerated() {
            guard var outcome = entry["outcome"] as? [String: Any], var results = outcome["results"] as? [[String: Any]] else { continue }
            for (index, result) in results.enumerated() {
                guard var verdict = result["outcome"] as? [String: Any], (verdict["verdict"] as? [String: Any])?["pass"] != nil else {
                    continue
                }
                verdict["verdict"] = [
                    "error": ["message": "step 1 could not be evaluated", "step": 1, "position": ["line": 7, "column": 5]]
                ]
                results[index]["outcome"] = verdict
                outcome["results"] = results
                outcomes[number]["outcome"] = outcome
                break injection
            }
        }
        document["outcomes"] = outcomes
        return document
    }

    /// `document` with the value at the first place `pattern` matches set to `value`; `nil` when nothing matches.
    static func setting(_ pattern: ArraySlice<String>, to value: Int, in node: Any) -> Any? {
        guard let step = pattern.first else { return value }
        let rest = pattern.dropFirst()
        if var object = node as? [String: Any] {
            if step == "*" {
                for key in object.keys.sorted() {
                    if let changed = setting(rest, to: value, in: object[key] as Any) {
                        object[key] = changed
                        return object
                    }
                }
                return nil
            }
            guard let child = object[step], let changed = setting(rest, to: value, in: child) else { return nil }
            object[step] = changed
            return object
        }
        if var array = node as? [Any] {
            if step.hasPrefix("#") {
                guard let index = Int(step.dropFirst()), array.indices.contains(index),
                    let changed = setting(rest, to: value, in: array[index])
                else { return nil }
                array[index] = changed
                return array
            }
            guard step == "*" else { return nil }
            for index in array.indices {
                if let changed = setting(rest, to: value, in: array[index]) {
                    array[index] = changed
                    return array
                }
            }
        }
        return nil
    }

    @Test("the shard as made merges, with the run's own status", .timeLimit(.minutes(2)))
    func baseline() throws {
        let scratch = try Scratch()
        let document = try Self.document(in: scratch)
        try JSONSerialization.data(withJSONObject: document).write(to: scratch.url.appendingPathComponent("shard.json"))
        let merged = try BinaryRunner.run(["merge", "shard.json", "--report", "all", "--output", "out"], in: scratch.url, timeout: 60)
        #expect(!merged.timedOut)
        // The corpus has files that do not load: 2, as the unsharded run; never a refusal of the document.
        #expect(merged.status == 2)
        #expect(!merged.stderr.contains("shard.json"), "\(merged.stderr)")
        #expect(merged.stdout.contains("gone:1:1: error: no such file\nT/bad/claims.yaml:2:9: error: "))
    }

    @Test(
        "each number out of its bounds: exit 2, the document refused at the number's line and column, under a deadline",
        .timeLimit(.minutes(5)), arguments: fields)
    func hostileNumber(field: Field) throws {
        let scratch = try Scratch()
        let document = try Self.document(in: scratch)
        for value in Self.hostile where !field.inBounds.contains(value) {
            guard let changed = Self.setting(field.pattern[...], to: value, in: document) else {
                Issue.record("no \(field.testDescription) in the shard result")
                return
            }
            let bytes = try JSONSerialization.data(withJSONObject: changed, options: [.prettyPrinted])
            let file = scratch.url.appendingPathComponent("shard.json")
            try bytes.write(to: file)
            let merged = try BinaryRunner.run(
                ["merge", "shard.json", "--report", "all", "--output", "out", "--github", "--format", "json"], in: scratch.url, timeout: 60)
            let what = "\(field.testDescription) = \(value)"
            #expect(!merged.timedOut, "\(what): no end within 60 s")
            #expect(merged.status == 2, "\(what): \(merged.stderr.prefix(600))")
            #expect(merged.stdout.isEmpty, "\(what)")
            // One line: the file, the line and column of a number, and why it is refused.
            let lines = merged.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(what): \(merged.stderr.prefix(600))")
            guard let line = lines.first,
                let match = line.firstMatch(of: /^shard\.json:(\d+):(\d+): error: not a shard result conform can merge: (.+)$/),
                let row = Int(match.1), let column = Int(match.2)
            else {
                Issue.record("\(what): \(merged.stderr.prefix(600))")
                continue
            }
            // The place given is where a number is written.
            let text = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let written = text.indices.contains(row - 1) ? text[row - 1].dropFirst(column - 1) : ""
            #expect(written.first.map { $0 == "-" || $0.isNumber } == true, "\(what): \(line) points at '\(written.prefix(20))'")
        }
    }

    @Test("a number that is no whole number (1.5, 1e300, 10^30) is refused where it is written")
    func notWhole() throws {
        let scratch = try Scratch()
        let document = try Self.document(in: scratch)
        let text = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted]), as: UTF8.self)
        for literal in ["1.5", "1e300", "1000000000000000000000000000000", "-99999999999999999999"] {
            // The shard's N, the only "count" in the document.
            let changed = text.replacing(/"count"\s*:\s*1\b/, with: "\"count\": \(literal)", maxReplacements: 1)
            #expect(changed != text)
            try changed.write(to: scratch.url.appendingPathComponent("shard.json"), atomically: true, encoding: .utf8)
            let merged = try BinaryRunner.run(["merge", "shard.json"], in: scratch.url, timeout: 60)
            let place = try #require(position(of: "\"count\": \(literal)", in: changed))
            #expect(merged.status == 2 && !merged.timedOut, "\(literal)")
            #expect(
                merged.stderr
                    == "shard.json:\(place.line):\(place.column + 9): error: not a shard result: its \"shard\" or \"outcomes\" cannot be read "
                    + "(the number \(literal), where a shard result has a whole number)\n",
                "\(literal)")
        }
    }

    @Test("two shards that agree on hostile N or file counts are refused at the number, not trusted")
    func agreeingShards() throws {
        let scratch = try Scratch()
        try ShardCorpus.write(in: scratch, traces: 6)
        for (count, files) in [(1_000_000_000, nil), (Int.max, nil), (nil, 1_000_000_000), (nil, Int.max), (nil, -1), (nil, 0)] {
            var names: [String] = []
            for index in 1...2 {
                var made = try BinaryRunner.run(["run", "T", "--format", "json", "--shard", "\(index)/2"], in: scratch.url).stdout
                if let count { made = made.replacing(/"count":2,/, with: "\"count\":\(count),") }
                if let files { made = made.replacing(/"files":\d+,/, with: "\"files\":\(files),") }
                try made.write(to: scratch.url.appendingPathComponent("s\(index).json"), atomically: true, encoding: .utf8)
                names.append("s\(index).json")
            }
            let merged = try BinaryRunner.run(["merge"] + names, in: scratch.url, timeout: 60)
            let what = "N \(count.map(String.init) ?? "2"), files \(files.map(String.init) ?? "as made")"
            #expect(!merged.timedOut && merged.status == 2, "\(what)")
            for name in names {
                let refused = try Regex("\(name):\\d+:\\d+: error: not a shard result conform can merge: ")
                #expect(merged.stderr.contains(refused), "\(what): \(merged.stderr)")
            }
        }
    }

    @Test("--jobs: 1 to 256; 0, a negative number, 257 and the extremes are usage errors (exit 2)")
    func jobs() throws {
        let scratch = try Scratch()
        try scratch.write("T/a.yaml", "conform: 1\nsteps: [see: {}]\n")
        for jobs in ["0", "-1", "257", "\(Int.max)", "\(Int.min)"] {
            let output = try BinaryRunner.run(["run", "T", "--jobs=\(jobs)"], in: scratch.url, timeout: 60)
            #expect(!output.timedOut && output.status == 2, "\(jobs)")
            #expect(
                output.stderr.hasPrefix("Error: invalid --jobs '\(jobs)': give how many files to check at once, from 1 to 256\n"),
                "\(jobs): \(output.stderr)")
        }
        let tooLong = try BinaryRunner.run(["run", "T", "--jobs", "99999999999999999999"], in: scratch.url, timeout: 60)
        #expect(!tooLong.timedOut && tooLong.status == 2)
        #expect(tooLong.stderr.contains("99999999999999999999"))
        for jobs in ["1", "256"] {
            let output = try BinaryRunner.run(["run", "T", "--jobs", jobs], in: scratch.url, timeout: 60)
            #expect(!output.timedOut && output.status == 0, "\(jobs): \(output.stderr)")
        }
    }
}

/// The 1-based line and column (in characters) where `needle` first occurs in `text`.
func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    guard let range = text.range(of: needle) else { return nil }
    let before = text[..<range.lowerBound]
    let line = before.count { $0 == "\n" } + 1
    let column =
        before.distance(from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
    return (line, column)
}
