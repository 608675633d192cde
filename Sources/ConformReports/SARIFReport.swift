import ConformCore

/// SARIF 2.1.0 with what GitHub code scanning reads: a rule per claimed policy (with help text), a
/// result per broken claim at the trace file's line, and a stable `primaryLocationLineHash`.
struct SARIFReport: RunRenderer {
    static let fileRule = "conform/input-error"

    let context: RunContext
    private let digest: SharedDigest
    var stepDemand: StepDemand { digest.stepDemand }

    init(context: RunContext, digest: SharedDigest) {
        self.context = context
        self.digest = digest
    }

    mutating func add(_ outcome: FileOutcome) -> String {
        digest.add(outcome)
        return ""
    }

    func finish(_ ending: RunEnding) throws -> String {
        let facts = digest.facts(ending: ending)
        let lengths = facts.kept.lineLengths
        let broken = facts.brokenClaims.sorted { ($0.policy, $0.file) < ($1.policy, $1.file) }.map(ClaimRow.init)
        var rules: [JSONValue] = context.policies.filter { facts.claimedPolicies.contains($0.id) }.map(rule)
        if !facts.kept.errors.isEmpty { rules.append(fileRuleJSON) }
        let baselined = ending.baseline != nil
        var results: [JSONValue] = broken.map { result($0, lengths, baselined: baselined) }
        results += facts.kept.errors.map { errorResult($0, lengths) }
        let driver: JSONValue = .object([
            ("name", .string("conform")), ("version", .string(context.version)),
            ("rules", .array(rules)),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        let document: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return document.serialized(pretty: true) + "\n"
    }

    static func ruleID(_ policy: String) -> String { "conform/\(policy)" }

    private func rule(_ policy: Policy) -> JSONValue {
        let summary = policy.summary.isEmpty ? policy.title : policy.summary
        let sources = policy.sources.map { "\($0.name): \($0.text)" }.joined(separator: "\n")
        let help =
            "A trace that claims '\(policy.id)' must behave as this policy models: \(summary)\n\nSources:\n\(sources)\n\nSee `conform explain \(policy.id)` for every state and transition."
        return .object([
            ("id", .string(Self.ruleID(policy.id))),
            ("name", .string(Self.ruleName(policy.id))),
            ("shortDescription", .object([("text", .string(Self.clip("Departure from '\(policy.id)': \(policy.title)")))])),
            ("fullDescription", .object([("text", .string(Self.clip(summary)))])),
            ("help", .object([("text", .string(help))])),
            ("defaultConfiguration", .object([("level", .string("error"))])),
            (
                "properties",
                .object([("tags", .array([.string("conformance"), .string(policy.domain)])), ("precision", .string("very-high"))])
            ),
        ])
    }

    private var fileRuleJSON: JSONValue {
        .object([
            ("id", .string(Self.fileRule)),
            ("name", .string("InputError")),
            ("shortDescription", .object([("text", .string("A trace or policy file has a problem"))])),
            (
                "fullDescription",
                .object([
                    (
                        "text",
                        .string(
                            "The file could not be read, is not valid YAML, does not follow the trace or policy format, or claims a policy that is not loaded; or no trace was found."
                        )
                    )
                ])
            ),
            (
                "help",
                .object([
                    ("text", .string("Fix the problem at the reported line and column; `conform lint` lists every problem of every file."))
                ])
            ),
            ("defaultConfiguration", .object([("level", .string("error"))])),
        ])
    }

    /// - Parameter baselined: whether the run had a baseline: then every result says whether it was in it
    ///   (`baselineState`), and those it accepts are suppressed, with the entry's reason.
    private func result(_ row: ClaimRow, _ lengths: LineLengths, baselined: Bool) -> JSONValue {
        // One line: the headline and the parts that differ; splitting the whole detail was once most of the SARIF report.
        var message = "\(row.title): \(row.summaryLine)"
        if let mark = row.pair.baseline, mark.expired { message += " (\(BaselineWording.line(mark)))" }
        let fingerprint = Self.fingerprint([row.pair.policy, row.pair.trace, row.pair.file, row.title])
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(Self.ruleID(row.pair.policy))),
            ("level", .string("error")),
            ("message", .object([("text", .string(message))])),
            ("locations", .array([location(file: row.pair.file, line: row.line, column: row.column, lengths)])),
            ("partialFingerprints", .object([("primaryLocationLineHash", .string(fingerprint))])),
        ]
        guard baselined else { return .object(members) }
        members.append(("baselineState", .string(row.pair.baseline == nil ? "new" : "unchanged")))
        if let mark = row.pair.baseline, !mark.expired {
            members.append(
                (
                    "suppressions",
                    .array([
                        .object([("kind", .string("external")), ("status", .string("accepted")), ("justification", .string(mark.reason))])
                    ])
                ))
        }
        return .object(members)
    }

    private func errorResult(_ diagnostic: Diagnostic, _ lengths: LineLengths) -> JSONValue {
        .object([
            ("ruleId", .string(Self.fileRule)),
            ("level", .string("error")),
            ("message", .object([("text", .string(diagnostic.message))])),
            (
                "locations",
                .array([
                    location(file: diagnostic.location.file, line: diagnostic.location.line, column: diagnostic.location.column, lengths)
                ])
            ),
            (
                "partialFingerprints",
                .object([("primaryLocationLineHash", .string(Self.fingerprint([diagnostic.location.file, diagnostic.message])))])
            ),
        ])
    }

    /// A physical location; a line's region runs from the column to the end of that line when its length is known.
    private func location(file: String, line: Int?, column: Int?, _ lengths: LineLengths) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(Escaping.uriPath(Self.relative(file))))]))]
        let startLine = max(1, line ?? 1)
        let startColumn = max(1, column ?? 1)
        let endColumn = max(startColumn + 1, (lengths.length(ofLine: startLine, in: file) ?? 0) + 1)
        physical.append(
            (
                "region",
                .object([
                    ("startLine", .number(Double(startLine))), ("startColumn", .number(Double(startColumn))),
                    ("endLine", .number(Double(startLine))), ("endColumn", .number(Double(endColumn))),
                ])
            ))
        return .object([("physicalLocation", .object(physical))])
    }

    /// SARIF wants paths relative to the repository: `./Traces/a.yaml` → `Traces/a.yaml`.
    static func relative(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path
    }

    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func clip(_ text: String) -> String {
        text.count <= 1024 ? text : String(text.prefix(1021)) + "..."
    }

    /// A stable 64-bit FNV-1a hash of the parts, as GitHub's `primaryLocationLineHash` expects (`HEX:1`).
    static func fingerprint(_ parts: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in parts.joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16) + ":1"
    }
}
