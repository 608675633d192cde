import ConformCore

extension RunResult {
    /// The document `conform run --format json` prints (PRODUCT §6), keys in the contract's order:
    /// what `JSONDocument` streams, built from a whole run.
    public func jsonDocument(context: RunContext) -> JSONValue {
        let policies = context.policies
        var members: [(String, JSONValue)] =
            JSONDocument.header(context) + [
                ("results", .array(results.map(\.json))),
                ("errors", .array(errors.map(\.json))),
            ]
        // Additive: documents without warnings stay as they were.
        if !warnings.isEmpty { members.append(("warnings", .array(warnings.map(\.json)))) }
        if let stale = baseline?.stale, !stale.isEmpty { members.append(("staleBaselineEntries", .array(stale.map(BaselineWording.json)))) }
        members.append(("summary", JSONDocument.summary(tally, policies: policyIDs.count, baseline: baseline)))
        if let coverage {
            members.append(("coverage", CoverageWording.json(coverage)))
            if !coverage.pairs.isEmpty { members.append(("differenceCoverage", CoverageWording.pairsJSON(coverage, policies: policies))) }
        }
        return .object(members)
    }
}

/// The `--format json` document (and the JSON report file), written piece by piece as files are
/// checked, byte for byte the same as `RunResult.jsonDocument(context:).serialized(pretty: true)`:
/// memory holds counts and problems, not the matrix.
public struct JSONDocument: RunRenderer {
    private let context: RunContext
    private var wroteResult = false
    private var errors: [Diagnostic] = []
    private var warnings: [Diagnostic] = []
    private var tally = RunTally()

    public init(context: RunContext) {
        self.context = context
    }

    /// The key of the results' JSON text in `FileOutcome.prepared`.
    static let preparedKey = "json"

    public var preparer: (@Sendable (inout FileOutcome) -> Void)? { Self.prepare }

    /// All of it is written by `JSONText` (`RunRenderer.writesJSON`).
    public var writesJSON: Bool { true }

    /// A departure's message, expected and observed, never its difference.
    public var wordsDepartures: Bool { false }

    /// Serialises one file's results, on whatever thread checked it.
    static func prepare(_ outcome: inout FileOutcome) {
        guard outcome.prepared[preparedKey] == nil, !outcome.results.isEmpty else { return }
        var text = JSONText()
        // About what a pair takes, so that the text is not regrown as it fills.
        text.reserve(outcome.results.count * 400)
        // A file's results share their trace, file and app: those members are escaped once and copied.
        var opening = JSONText()
        var openingOf: (trace: String, file: String, app: String?)?
        // Read in place: an array's subscript or its enumeration copies the result (all its strings retained).
        outcome.results.withUnsafeBufferPointer { results in
            // Each result after a comma, the first one's too: `add` leaves that one out for the document's first result.
            for index in results.indices {
                text.append(",\n    ")
                let shared = openingOf.map {
                    $0.trace == results[index].trace && $0.file == results[index].file && $0.app == results[index].app
                }
                if shared != true {
                    opening = JSONText()
                    results[index].writeJSONOpening(to: &opening)
                    openingOf = (results[index].trace, results[index].file, results[index].app)
                }
                text.append(opening)
                results[index].writeJSONFromPolicy(to: &text)
            }
        }
        outcome.prepared[preparedKey] = text.string
    }

    public func begin() -> String {
        var out = "{"
        for (name, value) in Self.header(context) {
            out += "\n  " + JSONValue.quoted(name) + ": " + value.serialized(pretty: true, indent: 1) + ","
        }
        return out + "\n  \"results\": ["
    }

    /// The members before the results: the format version, the conform that wrote the document, when
    /// (only when asked for), the policies loaded with their digests, so that `conform diff` can say
    /// which differ, and the paths the run was given, so that it can match files of runs made elsewhere.
    static func header(_ context: RunContext) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("conform", .number(Double(ConformVersion.runDocumentFormat))), ("version", .string(context.version)),
        ]
        if let recordedAt = context.recordedAt { members.append(("recordedAt", .string(recordedAt))) }
        let policies = context.policyDigestList.map { JSONValue.object([("id", .string($0.id)), ("digest", .string($0.digest))]) }
        members.append(("policies", .array(policies)))
        // Additive: a run made in code without paths writes the document as before.
        if let paths = context.paths { members.append(("paths", .array(paths.map(JSONValue.string)))) }
        return members
    }

    public mutating func add(_ outcome: FileOutcome) -> String {
        errors += outcome.errors
        warnings += outcome.warnings
        tally.add(outcome)
        var outcome = outcome
        Self.prepare(&outcome)
        guard let prepared = outcome.prepared[Self.preparedKey] else { return "" }
        defer { wroteResult = true }
        return wroteResult ? prepared : String(prepared.dropFirst())
    }

    /// The end of the document: the errors (those found before any file first), the warnings if any, and the summary.
    public func finish(_ ending: RunEnding) -> String {
        let all = ending.leadingErrors + errors
        var tally = tally
        tally.add(errors: ending.leadingErrors)
        if let baseline = ending.baseline { tally.add(baseline: baseline) }
        var out = wroteResult ? "\n  ]" : "]"
        out += ",\n  \"errors\": " + JSONValue.array(all.map(\.json)).serialized(pretty: true, indent: 1)
        if !warnings.isEmpty { out += ",\n  \"warnings\": " + JSONValue.array(warnings.map(\.json)).serialized(pretty: true, indent: 1) }
        if let stale = ending.baseline?.stale, !stale.isEmpty {
            out += ",\n  \"staleBaselineEntries\": " + JSONValue.array(stale.map(BaselineWording.json)).serialized(pretty: true, indent: 1)
        }
        out +=
            ",\n  \"summary\": "
            + Self.summary(tally, policies: context.policies.count, baseline: ending.baseline).serialized(pretty: true, indent: 1)
        if let coverage = ending.coverage {
            out += ",\n  \"coverage\": " + CoverageWording.json(coverage).serialized(pretty: true, indent: 1)
            if !coverage.pairs.isEmpty {
                out +=
                    ",\n  \"differenceCoverage\": "
                    + CoverageWording.pairsJSON(coverage, policies: context.policies).serialized(pretty: true, indent: 1)
            }
        }
        return out + "\n}\n"
    }

    static func summary(_ tally: RunTally, policies: Int, baseline: BaselineOutcome? = nil) -> JSONValue {
        var claims: [(String, JSONValue)] = [("pass", .number(Double(tally.claimsHeld))), ("fail", .number(Double(tally.claimsBroken)))]
        // Additive: only a run given a baseline has these.
        if baseline != nil { claims.append(("baselined", .number(Double(tally.claimsBaselined)))) }
        var members: [(String, JSONValue)] = [
            ("traces", .number(Double(tally.traces))),
            ("policies", .number(Double(policies))),
            ("claims", .object(claims)),
            ("errors", .number(Double(tally.errors))),
        ]
        if let baseline { members.append(("baseline", BaselineWording.summaryJSON(baseline, tally: tally))) }
        return .object(members)
    }
}

extension PairResult {
    // `json.serialized(pretty: true, indent: 2)`, the same bytes, is `writeJSONOpening` then
    // `writeJSONFromPolicy`, written without building the value first: the JSON report writes one per
    // trace and policy, hundreds of thousands in a large run.

    /// The members every result of a trace shares (trace, file, app), up to the `policy` member's value.
    func writeJSONOpening(to out: inout JSONText) {
        out.append("{\n      \"trace\": ")
        out.appendQuoted(trace)
        out.append(",\n      \"file\": ")
        out.appendQuoted(file)
        out.append(",\n      \"app\": ")
        if let app { out.appendQuoted(app) } else { out.append("null") }
        out.append(",\n      \"policy\": ")
    }

    /// The rest, after `writeJSONOpening`: the policy's value on. Each member's name and what follows it
    /// up to the next value is one literal (the verdict's name too, `Verdict.Kind`'s raw value).
    func writeJSONFromPolicy(to out: inout JSONText) {
        out.appendQuoted(policy)
        out.append(claimed ? ",\n      \"claimed\": true" as StaticString : ",\n      \"claimed\": false")
        switch verdict {
        case .pass:
            out.append(",\n      \"verdict\": \"pass\"")
        case .fail(let departure):
            out.append(",\n      \"verdict\": \"fail\",\n      \"step\": ")
            out.append(integer: departure.step)
            out.append(",\n      \"line\": ")
            out.append(integer: departure.position.line)
            out.append(",\n      \"column\": ")
            out.append(integer: departure.position.column)
            out.append(",\n      \"state\": ")
            out.appendQuoted(departure.state)
            out.append(",\n      \"message\": ")
            departure.writeMessage(to: &out)
            out.append(",\n      \"expected\": ")
            departure.writeExpected(to: &out, indent: 3)
            out.append(",\n      \"observed\": ")
            departure.writeObserved(to: &out, indent: 3)
        case .inapplicable(let reason):
            out.append(",\n      \"verdict\": \"inapplicable\",\n      \"message\": ")
            out.appendQuoted(reason)
        case .error(let message, _, _):
            out.append(",\n      \"verdict\": \"error\",\n      \"message\": ")
            out.appendQuoted(message)
        }
        // Additive: only on a broken claim that a baseline entry matched.
        if let mark = baseline {
            out.append(mark.expired ? ",\n      \"baselined\": false" as StaticString : ",\n      \"baselined\": true")
            out.append(",\n      \"baselineReason\": ")
            out.appendQuoted(mark.reason)
            if let expires = mark.expires {
                out.append(",\n      \"baselineExpires\": ")
                out.appendQuoted(expires.description)
            }
        }
        out.append("\n    }")
    }

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
        // Additive: only on a broken claim that a baseline entry matched.
        if let mark = baseline {
            members += [("baselined", .bool(!mark.expired)), ("baselineReason", .string(mark.reason))]
            if let expires = mark.expires { members.append(("baselineExpires", .string(expires.description))) }
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
