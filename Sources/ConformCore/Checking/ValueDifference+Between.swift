extension ValueDifference {
    /// The parts of `observed` that differ from `expected`, the JSON objects of a departure: for each
    /// key the policy expected, only what differs inside it (a form's fields, a sheet's title, message
    /// and actions). Keys the trace saw that the policy does not name are not compared, as the check
    /// does not compare them; nor is a part the trace leaves out (a sheet's title not given).
    public static func between(_ expected: JSONValue, _ observed: JSONValue) -> [ValueDifference] {
        guard case .object(let expectedMembers) = expected, case .object(let observedMembers) = observed else {
            return compare(expected, observed, at: "value", top: true)
        }
        var differences: [ValueDifference] = []
        for (key, value) in expectedMembers {
            guard let seen = member(key, of: observedMembers) else { continue }
            differences += compare(value, seen, at: key, top: true)
        }
        return differences
    }

    /// The differences at `path`. `top`: a value directly under a departure's key (`done: enabled`),
    /// shown unquoted as messages show it, unless spacing or case is what differs.
    static func compare(_ expected: JSONValue, _ observed: JSONValue, at path: String, top: Bool = false) -> [ValueDifference] {
        guard expected != observed else { return [] }
        switch (expected, observed) {
        case (.object(let wanted), .object(let seen)) where path == "sheet":
            return SheetDifference(expected: wanted, observed: seen).differences
        case (.object(let wanted), .object(let seen)):
            var differences: [ValueDifference] = []
            for (key, value) in wanted {
                let inner = path + "." + key
                if let other = member(key, of: seen) {
                    differences += compare(value, other, at: inner)
                } else {
                    differences.append(ValueDifference(kind: .missing, path: inner, expected: show(value), observed: nil))
                }
            }
            return differences
        case (.string(let wanted), .string(let seen)):
            let nearMiss = NearMiss.between(wanted, seen)
            let quoted = !top || nearMiss != nil
            return [
                ValueDifference(
                    kind: .changed, path: path, expected: show(expected, quoted: quoted),
                    observed: show(observed, quoted: quoted), nearMiss: nearMiss)
            ]
        default:
            return [
                ValueDifference(
                    kind: .changed, path: path, expected: show(expected, quoted: !top, sheet: path == "sheet"),
                    observed: show(observed, quoted: !top, sheet: path == "sheet"))
            ]
        }
    }

    static func member(_ key: String, of members: [(String, JSONValue)]) -> JSONValue? {
        members.first(where: { $0.0 == key })?.1
    }

    /// A value as messages show it: texts in quotes (`quoted`), `null` as `none`, a sheet action as
    /// `'TITLE' (ROLE)`, an object as `{ key: value, ... }` (a sheet's as `{ title 'T'; actions [...] }`).
    static func show(_ value: JSONValue, quoted: Bool = true, sheet: Bool = false) -> String {
        switch value {
        case .null: return "none"
        case .bool, .number: return value.serialized()
        case .string(let text): return quoted ? "'\(text)'" : text
        case .array(let items):
            // `sheet`: the array is a sheet's actions.
            return "["
                + items.map { item in sheet ? (SheetDifference.Action(item)?.display ?? show(item)) : show(item) }
                .joined(separator: ", ") + "]"
        case .object(let members):
            if sheet {
                return "{ " + members.map { "\($0.0) \(show($0.1, sheet: $0.0 == "actions"))" }.joined(separator: "; ") + " }"
            }
            return "{ " + members.map { "\($0.0): \(show($0.1))" }.joined(separator: ", ") + " }"
        }
    }
}
