import ConformCore

extension RunResult {
    /// The document `conform run --format json` prints (PRODUCT §6), keys in the contract's order.
    public func jsonDocument() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("conform", .number(1)),
            ("results", .array(results.map(\.json))),
            ("errors", .array(errors.map(\.json))),
        ]
        // Additive: documents without warnings stay as they were.
        if !warnings.isEmpty { members.append(("warnings", .array(warnings.map(\.json)))) }
        members.append(
            ("summary", Self.summaryJSON(traces: traceCount, policies: policyIDs.count, passed: claimsPassed, failed: claimsFailed, errors: errors.count)))
        if let coverage {
            members.append(("coverage", coverage.json))
            if !coverage.pairs.isEmpty { members.append(("differenceCoverage", coverage.pairsJSON)) }
        }
        return .object(members)
    }

    static func summaryJSON(traces: Int, policies: Int, passed: Int, failed: Int, errors: Int) -> JSONValue {
        .object([
            ("traces", .number(Double(traces))),
            ("policies", .number(Double(policies))),
            ("claims", .object([("pass", .number(Double(passed))), ("fail", .number(Double(failed)))])),
            ("errors", .number(Double(errors))),
        ])
    }
}

/// Writes the `--format json` document piece by piece as files are checked, byte for byte the same
/// as `RunResult.jsonDocument().serialized(pretty: true)`, so that memory does not grow with the run.
public struct JSONDocumentStream {
    private var wroteResult = false
    private var errors: [Diagnostic] = []
    private var warnings: [Diagnostic] = []
    private var traces = 0
    private var passed = 0
    private var failed = 0
    private let policies: Int

    public init(policies: Int) {
        self.policies = policies
    }

    /// The opening of the document.
    public var header: String { "{\n  \"conform\": 1,\n  \"results\": [" }

    /// Serialises one file's results, on whatever thread checked it (no separator before the first).
    public static func prepare(_ outcome: inout ConformRunner.FileOutcome) {
        guard !outcome.results.isEmpty else { return }
        outcome.prepared = outcome.results.map { "\n    " + $0.json.serialized(pretty: true, indent: 2) }.joined(separator: ",")
    }

    /// The text to write for one file's outcome (its results), after taking note of its counts.
    public mutating func text(for outcome: ConformRunner.FileOutcome) -> String {
        errors += outcome.errors
        warnings += outcome.warnings
        if outcome.summary != nil { traces += 1 }
        for pair in outcome.results where pair.claimed {
            if pair.verdict.name == "pass" { passed += 1 } else { failed += 1 }
        }
        guard let prepared = outcome.prepared else { return "" }
        defer { wroteResult = true }
        return (wroteResult ? "," : "") + prepared
    }

    /// The end of the document: the errors (those found before any file first), the warnings if any, and the summary.
    public func footer(leadingErrors: [Diagnostic], coverage: CoverageReport? = nil) -> String {
        let all = leadingErrors + errors
        var out = wroteResult ? "\n  ]" : "]"
        out += ",\n  \"errors\": " + JSONValue.array(all.map(\.json)).serialized(pretty: true, indent: 1)
        if !warnings.isEmpty { out += ",\n  \"warnings\": " + JSONValue.array(warnings.map(\.json)).serialized(pretty: true, indent: 1) }
        out += ",\n  \"summary\": "
        out += RunResult.summaryJSON(traces: traces, policies: policies, passed: passed, failed: failed, errors: all.count)
            .serialized(pretty: true, indent: 1)
        if let coverage {
            out += ",\n  \"coverage\": " + coverage.json.serialized(pretty: true, indent: 1)
            if !coverage.pairs.isEmpty { out += ",\n  \"differenceCoverage\": " + coverage.pairsJSON.serialized(pretty: true, indent: 1) }
        }
        return out + "\n}"
    }

    /// The exit status, as `RunResult.exitStatus` computes it.
    public func exitStatus(leadingErrors: [Diagnostic]) -> Int32 {
        if !leadingErrors.isEmpty || !errors.isEmpty || traces == 0 { return 2 }
        return failed > 0 ? 1 : 0
    }
}

extension PairResult {
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("trace", .string(trace)), ("file", .string(file)), ("app", app.map(JSONValue.string) ?? .null),
            ("policy", .string(policy)), ("claimed", .bool(claimed)), ("verdict", .string(verdict.name)),
        ]
        switch verdict {
        case .pass: break
        case .fail(let departure):
            members += [
                ("step", .number(Double(departure.step))), ("line", .number(Double(departure.position.line))),
                ("column", .number(Double(departure.position.column))), ("state", .string(departure.state)),
                ("message", .string(departure.message)), ("expected", departure.expected), ("observed", departure.observed),
            ]
        case .inapplicable(let reason):
            members.append(("message", .string(reason)))
        case .error(let message, _, _):
            members.append(("message", .string(message)))
        }
        return .object(members)
    }
}

extension Diagnostic {
    var json: JSONValue {
        .object([
            ("file", .string(location.file)),
            ("line", location.line.map { .number(Double($0)) } ?? .null),
            ("column", location.column.map { .number(Double($0)) } ?? .null),
            ("message", .string(notes.isEmpty ? message : message + " (" + notes.joined(separator: "; ") + ")")),
        ])
    }
}
