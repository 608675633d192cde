/// Guards that no value tried satisfies: each name a guard reads is given the values that can change
/// it (both booleans; every enumeration case; a number's initial value, the policy's number literals
/// and one either side of each; for a form field null, empty, the declared examples, the policy's
/// literals and a new value), and every combination is evaluated. A guard false in all of them can
/// never let its branch be taken. Bounded: guards that read `arg` are left out (their values are the
/// trace's), and so are guards with more combinations than `limit`.
enum GuardSatisfiability {
    static let limit = 50_000
    /// Evaluations for the whole policy: a policy of thousands of guards is searched until this is spent.
    static let budget = 500_000

    static func unsatisfiable(_ policy: Policy) -> [(TextPosition, String)] {
        let literals = unique(PolicyExpressions.all(in: policy).flatMap { PolicyExpressions.literals(in: $0.expression) })
        var found: [(TextPosition, String)] = []
        var left = budget
        // The values of a name are the same in every guard: made once.
        var cache: [String: [Value]?] = [:]
        for state in policy.states {
            for transition in state.transitions {
                for branch in transition.branches {
                    guard let condition = branch.condition else { continue }
                    let names = Array(Set(PolicyExpressions.names(in: condition.expression))).sorted()
                    guard !names.contains(where: { $0 == "arg" || $0.hasPrefix("arg.") }) else { continue }
                    let domains = names.map { name in
                        if let known = cache[name] { return known }
                        let made = candidates(for: name, in: policy, literals: literals)
                        cache[name] = made
                        return made
                    }
                    // Saturating: a guard of many names must not overflow the count.
                    let combinations = domains.reduce(1) { min($0 * max($1?.count ?? 1, 1), limit + 1) }
                    guard combinations <= min(limit, left) else { continue }
                    left -= combinations
                    guard !satisfiable(condition.expression, names: names, domains: domains) else { continue }
                    let tried = zip(names, domains).filter { $0.1 != nil }.map(\.0).joined(separator: ", ")
                    found.append(
                        (
                            branch.position,
                            "the guard '\(condition.text)' of '\(transition.pattern.display)' in state '\(state.name)' holds for no value tried "
                                + "(of \(tried)), so this branch is never taken; \(fix(for: condition.expression, in: policy))"
                        ))
                }
            }
        }
        return found
    }

    /// What to change: a form field compared as a number holds the trace's text, so the comparison is
    /// never true unless the field has numbers; any other guard contradicts itself.
    private static func fix(for expression: Expression, in policy: Policy) -> String {
        let textual = fieldsComparedAsNumbers(expression).filter { field in
            !(policy.formFields?.first { $0.name == field }?.examples ?? []).contains {
                if case .number = $0 { return true }
                return false
            }
        }
        guard let field = textual.first else {
            return "change the guard so that some value satisfies it, or remove the branch"
        }
        return "it compares form.\(field) as a number, but a field holds text unless written as an unquoted number (in the traces "
            + "and in fields:): compare it as text (form.\(field) != '') or give it numeric examples "
            + "(fields: { \(field): [12.5, 0] }) and write its values unquoted in the traces"
    }

    /// The fields (without `form.`) that an ordering comparison or arithmetic of `expression` reads.
    static func fieldsComparedAsNumbers(_ expression: Expression) -> [String] {
        switch expression.kind {
        case .literal, .name: return []
        case .unary(_, let operand): return fieldsComparedAsNumbers(operand)
        case .binary(let operation, let left, let right):
            let inner = fieldsComparedAsNumbers(left) + fieldsComparedAsNumbers(right)
            guard ![.equal, .notEqual, .and, .or].contains(operation) else { return inner }
            let direct = [left, right].compactMap { side -> String? in
                guard case .name(let name) = side.kind, name.hasPrefix("form.") else { return nil }
                return String(name.dropFirst(5))
            }
            return direct + inner
        case .conditional(let a, let b, let c): return fieldsComparedAsNumbers(a) + fieldsComparedAsNumbers(b) + fieldsComparedAsNumbers(c)
        case .call(_, let arguments):
            return arguments.flatMap(fieldsComparedAsNumbers)
                + arguments.compactMap { argument -> String? in
                    guard case .name(let name) = argument.kind, name.hasPrefix("form.") else { return nil }
                    return String(name.dropFirst(5))
                }
        }
    }

    /// Whether the values tried cover every case `expression` can tell apart for its form fields: it
    /// compares them only for equality (null, empty, the examples, the literals and a new value are
    /// then every distinct outcome), so a guard none satisfies is never taken whatever the values.
    static func comparesFieldsOnlyForEquality(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .literal, .name: return true
        case .unary(let operation, let operand): return operation == .not && comparesFieldsOnlyForEquality(operand)
        case .binary(let operation, let left, let right):
            return [.equal, .notEqual, .and, .or].contains(operation) && comparesFieldsOnlyForEquality(left)
                && comparesFieldsOnlyForEquality(right)
        case .conditional(let a, let b, let c):
            return comparesFieldsOnlyForEquality(a) && comparesFieldsOnlyForEquality(b) && comparesFieldsOnlyForEquality(c)
        case .call: return false
        }
    }

    /// The values tried for a name; `nil` for an enumeration case (it stands for itself).
    private static func candidates(for name: String, in policy: Policy, literals: [Value]) -> [Value]? {
        if let variable = policy.variables.first(where: { $0.name == name }) {
            return values(of: variable.type, initial: variable.initial, literals: literals)
        }
        if policy.isFormDomain, name == "edited" || name == "modified" { return [.bool(false), .bool(true)] }
        if policy.isFormDomain, name.hasPrefix("form.") {
            let field = String(name.dropFirst(5))
            let examples = policy.formFields?.first { $0.name == field }?.examples ?? []
            let written = literals.filter {
                if case .symbol = $0 { return false }
                return true
            }
            return unique([.null, .string("")] + examples + written + [.opaque(0)])
        }
        if name.hasPrefix("settings.") { return unique([.null, .bool(false), .bool(true)] + literals) }
        return nil
    }

    private static func values(of type: ExprType, initial: Value, literals: [Value]) -> [Value] {
        switch type {
        case .bool: return [.bool(false), .bool(true)]
        case .enumeration(_, let cases): return cases.map(Value.symbol)
        case .number:
            let numbers = ([initial] + literals).compactMap { value -> Double? in
                if case .number(let number) = value { return number }
                return nil
            }
            return unique(([0] + numbers.flatMap { [$0 - 1, $0, $0 + 1] }).map(Value.number))
        case .string:
            let strings = literals.filter {
                if case .string = $0 { return true }
                return false
            }
            return unique([initial, .string("")] + strings + [.string("\u{2063}another")])
        default: return unique([initial, .null])
        }
    }

    private static func unique(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    private static func satisfiable(_ expression: Expression, names: [String], domains: [[Value]?]) -> Bool {
        var assignment: [String: Value] = [:]
        func search(_ index: Int) -> Bool {
            if index == names.count {
                let value = try? Evaluator.evaluate(expression, lookup: { assignment[$0] })
                return value == .bool(true)
            }
            guard let domain = domains[index] else { return search(index + 1) }
            for value in domain {
                assignment[names[index]] = value
                if search(index + 1) { return true }
            }
            return false
        }
        return search(0)
    }
}

extension Policy {
    /// The form fields (without `form.`) that some expression of the policy compares as numbers or
    /// computes with, in order of first use: they need numeric example values, since a quoted value
    /// is text.
    public var fieldsReadAsNumbers: [String] {
        var seen: Set<String> = []
        return PolicyExpressions.all(in: self).flatMap { GuardSatisfiability.fieldsComparedAsNumbers($0.expression) }
            .filter { seen.insert($0).inserted }
    }
}
