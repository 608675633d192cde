import ConformCore

extension RunResult {
    /// The document `conform run --format json` prints (PRODUCT §6), keys in the contract's order.
    public func jsonDocument() -> JSONValue {
        .object([
            ("conform", .number(1)),
            ("results", .array(results.map(\.json))),
            ("errors", .array(errors.map(\.json))),
            (
                "summary",
                .object([
                    ("traces", .number(Double(traceCount))),
                    ("policies", .number(Double(policyIDs.count))),
                    ("claims", .object([("pass", .number(Double(claimsPassed))), ("fail", .number(Double(claimsFailed)))])),
                    ("errors", .number(Double(errors.count))),
                ])
            ),
        ])
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
