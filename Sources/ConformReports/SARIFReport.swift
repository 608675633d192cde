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

    /// The document written straight into one JSON text, the same bytes as its `JSONValue` written pretty
    /// would be: its results (one a broken claim, thousands in a failing run) are not built as trees first.
    func finish(_ ending: RunEnding) throws -> String {
        let facts = digest.facts(ending: ending)
        let lengths = facts.kept.lineLengths
        let broken = facts.brokenClaims.sorted { ($0.policy, $0.file) < ($1.policy, $1.file) }.map(ClaimRow.init)
        var rules: [JSONValue] = context.policies.filter { facts.claimedPolicies.contains($0.id) }.map(rule)
        if !facts.kept.errors.isEmpty { rules.append(fileRuleJSON) }
        let baselined = ending.baseline != nil
        let driver: JSONValue = .object([
            ("name", .string("conform")), ("version", .string(context.version)),
            ("rules", .array(rules)),
        ])
        var out = JSONText()
        var document = out.openObject(indent: 0)
        document.key("$schema", in: &out)
        out.append("\"https://json.schemastore.org/sarif-2.1.0.json\"")
        document.key("version", in: &out)
        out.append("\"2.1.0\"")
        document.key("runs", in: &out)
        var runs = out.openArray(indent: 1)
        runs.element(in: &out)
        var run = out.openObject(indent: 2)
        run.key("tool", in: &out)
        JSONValue.object([("driver", driver)]).write(to: &out, pretty: true, indent: 3)
        run.key("columnKind", in: &out)
        out.append("\"unicodeCodePoints\"")
        run.key("results", in: &out)
        var results = out.openArray(indent: 3)
        for row in broken {
            results.element(in: &out)
            writeResult(row, lengths, baselined: baselined, to: &out, indent: 4)
        }
        for error in facts.kept.errors {
            results.element(in: &out)
            writeErrorResult(error, lengths, to: &out, indent: 4)
        }
        results.close(in: &out)
        run.close(in: &out)
        runs.close(in: &out)
        document.close(in: &out)
        out.append("\n")
        return out.string
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
    private func writeResult(_ row: ClaimRow, _ lengths: LineLengths, baselined: Bool, to out: inout JSONText, indent: Int) {
        // One line: the headline and the parts that differ; splitting the whole detail was once most of the SARIF report.
        var message = "\(row.title): \(row.summaryLine)"
        if let mark = row.pair.baseline, mark.expired { message += " (\(BaselineWording.line(mark)))" }
        let fingerprint = Self.fingerprint([row.pair.policy, row.pair.trace, row.pair.file, row.title])
        var result = writeResultMembers(
            rule: Self.ruleID(row.pair.policy), message: message, file: row.pair.file, line: row.line, column: row.column,
            fingerprint: fingerprint, lengths, to: &out, indent: indent)
        if baselined {
            result.key("baselineState", in: &out)
            out.append(row.pair.baseline == nil ? "\"new\"" as StaticString : "\"unchanged\"")
            if let mark = row.pair.baseline, !mark.expired {
                result.key("suppressions", in: &out)
                var suppressions = out.openArray(indent: indent + 1)
                suppressions.element(in: &out)
                var suppression = out.openObject(indent: indent + 2)
                suppression.key("kind", in: &out)
                out.append("\"external\"")
                suppression.key("status", in: &out)
                out.append("\"accepted\"")
                suppression.key("justification", in: &out)
                out.appendQuoted(mark.reason)
                suppression.close(in: &out)
                suppressions.close(in: &out)
            }
        }
        result.close(in: &out)
    }

    private func writeErrorResult(_ diagnostic: Diagnostic, _ lengths: LineLengths, to out: inout JSONText, indent: Int) {
        let result = writeResultMembers(
            rule: Self.fileRule, message: diagnostic.message, file: diagnostic.location.file, line: diagnostic.location.line,
            column: diagnostic.location.column, fingerprint: Self.fingerprint([diagnostic.location.file, diagnostic.message]), lengths,
            to: &out, indent: indent)
        result.close(in: &out)
    }

    /// Opens a result and writes the members every result has, its rule, level, message, location and
    /// fingerprint; returns it open for more.
    private func writeResultMembers(
        rule: String, message: String, file: String, line: Int?, column: Int?, fingerprint: String, _ lengths: LineLengths,
        to out: inout JSONText, indent: Int
    ) -> JSONText.Container {
        var result = out.openObject(indent: indent)
        result.key("ruleId", in: &out)
        out.appendQuoted(rule)
        result.key("level", in: &out)
        out.append("\"error\"")
        result.key("message", in: &out)
        var text = out.openObject(indent: indent + 1)
        text.key("text", in: &out)
        out.appendQuoted(message)
        text.close(in: &out)
        result.key("locations", in: &out)
        var locations = out.openArray(indent: indent + 1)
        locations.element(in: &out)
        writeLocation(file: file, line: line, column: column, lengths, to: &out, indent: indent + 2)
        locations.close(in: &out)
        result.key("partialFingerprints", in: &out)
        var fingerprints = out.openObject(indent: indent + 1)
        fingerprints.key("primaryLocationLineHash", in: &out)
        out.appendQuoted(fingerprint)
        fingerprints.close(in: &out)
        return result
    }

    /// A physical location; a line's region runs from the column to the end of that line when its length is known.
    private func writeLocation(file: String, line: Int?, column: Int?, _ lengths: LineLengths, to out: inout JSONText, indent: Int) {
        let startLine = max(1, line ?? 1)
        let startColumn = max(1, column ?? 1)
        let endColumn = max(startColumn + 1, (lengths.length(ofLine: startLine, in: file) ?? 0) + 1)
        var location = out.openObject(indent: indent)
        location.key("physicalLocation", in: &out)
        var physical = out.openObject(indent: indent + 1)
        physical.key("artifactLocation", in: &out)
        var artifact = out.openObject(indent: indent + 2)
        artifact.key("uri", in: &out)
        out.appendQuoted(Escaping.uriPath(Self.relative(file)))
        artifact.close(in: &out)
        physical.key("region", in: &out)
        var region = out.openObject(indent: indent + 2)
        for (name, value) in [("startLine", startLine), ("startColumn", startColumn), ("endLine", startLine), ("endColumn", endColumn)] {
            region.key(name, in: &out)
            out.append(integer: value)
        }
        region.close(in: &out)
        physical.close(in: &out)
        location.close(in: &out)
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
