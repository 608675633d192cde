import ConformCore

extension RunDiff {
    /// `conform diff --format json`: every change, nothing shortened (Docs/Diff.md, schemas/conform-diff.schema.json).
    public func json() -> JSONValue { json(withLists: true) }

    /// The document; without its lists' elements (each list empty) for `writeJSON`, which makes them one by one.
    private func json(withLists: Bool) -> JSONValue {
        func list<Item>(_ items: [Item], _ element: (Item) -> JSONValue) -> JSONValue { .array(withLists ? items.map(element) : []) }
        return .object([
            ("conform", .number(Double(ConformVersion.runDocumentFormat))),
            ("base", Self.json(base)),
            ("head", Self.json(head)),
            ("policies", .array(policies.map(JSONValue.string))),
            ("filesCompared", .string(filesCompared.rawValue)),
            ("worse", .bool(isWorse)),
            ("newlyBroken", list(newlyBroken, Self.json)),
            ("fixed", list(fixed, Self.json)),
            ("moved", list(moved, Self.json)),
            ("claimsMade", list(claimsMade, Self.json)),
            ("claimsWithdrawn", list(claimsWithdrawn, Self.json)),
            ("renamed", list(renamed, Self.json)),
            ("added", list(added, Self.json)),
            ("removed", list(removed, Self.json)),
            ("apps", list(apps, Self.json)),
            ("unclaimedMoved", list(unclaimedMoved, Self.json)),
            (
                "summary",
                .object([
                    ("newlyBroken", Self.count(newlyBroken)), ("fixed", Self.count(fixed)), ("moved", Self.count(moved)),
                    ("claimsMade", Self.count(claimsMade)), ("claimsWithdrawn", Self.count(claimsWithdrawn)),
                    ("renamed", Self.count(renamed)), ("added", Self.count(added)), ("removed", Self.count(removed)),
                    ("apps", Self.count(apps)), ("unclaimedMoved", Self.count(unclaimedMoved)),
                ])
            ),
        ])
    }

    /// `json().serialized(pretty: true)`, the same bytes, in pieces of about a megabyte: a diff of two
    /// large runs can list a hundred thousand departures, and the whole text is never held.
    public func writeJSON(_ write: (String) -> Void) {
        guard case .object(let members) = json(withLists: false) else { return }
        var out = "{"
        for (index, (name, value)) in members.enumerated() {
            out += (index == 0 ? "\n  " : ",\n  ") + JSONValue.quoted(name) + ": "
            guard let list = lists[name], !list.isEmpty else {
                out += value.serialized(pretty: true, indent: 1)
                continue
            }
            out += "["
            for (position, element) in list.enumerated() {
                out += (position == 0 ? "\n    " : ",\n    ") + element().serialized(pretty: true, indent: 2)
                if out.utf8.count > DiffChunks.size {
                    write(out)
                    out = ""
                }
            }
            out += "\n  ]"
        }
        write(out + "\n}\n")
    }

    /// Each list member's elements, made one at a time.
    private var lists: [String: LazyList] {
        [
            "newlyBroken": LazyList(newlyBroken, Self.json), "fixed": LazyList(fixed, Self.json), "moved": LazyList(moved, Self.json),
            "claimsMade": LazyList(claimsMade, Self.json), "claimsWithdrawn": LazyList(claimsWithdrawn, Self.json),
            "renamed": LazyList(renamed, Self.json), "added": LazyList(added, Self.json), "removed": LazyList(removed, Self.json),
            "apps": LazyList(apps, Self.json), "unclaimedMoved": LazyList(unclaimedMoved, Self.json),
        ]
    }

    private static func count(_ list: [some Any]) -> JSONValue { .number(Double(list.count)) }

    private static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    private static func json(_ side: Side) -> JSONValue {
        .object([
            ("file", .string(side.file)), ("version", optional(side.version)), ("recordedAt", optional(side.recordedAt)),
            ("traces", .number(Double(side.traces))), ("digestsRecorded", .bool(side.digestsRecorded)),
            ("paths", side.paths.map { .array($0.map(JSONValue.string)) } ?? .null),
        ])
    }

    private static func traceMembers(_ trace: TraceRef) -> [(String, JSONValue)] {
        [("trace", .string(trace.trace)), ("file", .string(trace.file)), ("app", optional(trace.app))]
    }

    private static func json(_ trace: TraceRef) -> JSONValue { .object(traceMembers(trace)) }

    static func json(_ verdict: Verdict) -> JSONValue {
        var members: [(String, JSONValue)] = [("verdict", .string(verdict.kind.rawValue))]
        if let step = verdict.step { members.append(("step", .number(Double(step)))) }
        if let line = verdict.line { members.append(("line", .number(Double(line)))) }
        if let column = verdict.column { members.append(("column", .number(Double(column)))) }
        if let state = verdict.state { members.append(("state", .string(state))) }
        if let message = verdict.message { members.append(("message", .string(message))) }
        if let expected = verdict.expected { members.append(("expected", expected)) }
        if let observed = verdict.observed { members.append(("observed", observed)) }
        if verdict.baselined { members.append(("baselined", .bool(true))) }
        return .object(members)
    }

    private static func json(_ change: ClaimChange) -> JSONValue {
        .object(
            traceMembers(change.trace) + [
                ("policy", .string(change.policy)), ("before", .string(change.before.rawValue)), ("after", .string(change.after.rawValue)),
                ("base", change.base.map(json) ?? .null), ("head", change.head.map(json) ?? .null),
            ])
    }

    private static func json(_ move: Move) -> JSONValue {
        .object(
            traceMembers(move.trace) + [
                ("policy", .string(move.policy)), ("claimed", .bool(move.claimed)),
                ("changed", .array(move.aspects.map { .string($0.rawValue) })), ("base", json(move.base)), ("head", json(move.head)),
            ])
    }

    private static func json(_ rename: Rename) -> JSONValue {
        .object([("kind", .string(rename.kind.rawValue)), ("base", json(rename.base)), ("head", json(rename.head))])
    }

    private static func json(_ agreement: Agreement) -> JSONValue {
        var members: [(String, JSONValue)] = [("word", .string(agreement.word))]
        switch agreement {
        case .holds(let made): members += [("held", .number(Double(made))), ("claims", .number(Double(made)))]
        case .broken(let held, let made), .baselined(let held, let made):
            members += [("held", .number(Double(held))), ("claims", .number(Double(made)))]
        case .partly(let passed, let judged): members += [("agreeing", .number(Double(passed))), ("judged", .number(Double(judged)))]
        case .agree, .differ, .none: break
        }
        return .object(members)
    }

    private static func json(_ app: AppChange) -> JSONValue {
        func changes(_ list: [AgreementChange]) -> JSONValue {
            .array(list.map { .object([("policy", .string($0.policy)), ("base", json($0.base)), ("head", json($0.head))]) })
        }
        return .object([("app", .string(app.app)), ("nowAgrees", changes(app.nowAgrees)), ("noLongerAgrees", changes(app.noLongerAgrees))])
    }
}

/// A list whose elements are made when asked for.
private struct LazyList {
    let count: Int
    private let element: (Int) -> JSONValue

    init<Item>(_ items: [Item], _ make: @escaping (Item) -> JSONValue) {
        count = items.count
        element = { make(items[$0]) }
    }

    var isEmpty: Bool { count == 0 }

    func enumerated() -> [(Int, () -> JSONValue)] { (0..<count).map { index in (index, { element(index) }) } }
}

/// How much output the streaming writers gather before handing it over.
enum DiffChunks {
    static let size = 1 << 20
}
