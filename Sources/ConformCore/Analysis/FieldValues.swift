/// The form fields that policies read (`form.X`) or declare (`fields:`), and the values worth setting
/// each to: those at which a guard or expectation on the field can change its answer.
///
/// A field's values are its declared examples, a new value equal to none of the others, the literals
/// of every expression that reads it, empty and null, in that order (the first ones are what a tester
/// types in a generated trace). The form opens with every field empty, as a new form does; an edit
/// back to empty is then the revert that value-compared policies (`modified`) tell from an edit.
public struct FieldValues: Sendable {
    /// The fields, declared ones first in the order of `fields:`, then the others in the order read.
    public var names: [String]
    /// The values to try for each field.
    public var values: [String: [Value]]
    /// Every field's value when the form opens: empty.
    public var opening: [String: Value] { Dictionary(uniqueKeysWithValues: names.map { ($0, Value.string("")) }) }

    /// The fields of `policies` together (compare explores two at once), with their values.
    public init(_ policies: [Policy]) {
        var names: [String] = []
        var examples: [String: [Value]] = [:]
        var literals: [String: [Value]] = [:]
        for policy in policies where policy.isFormDomain {
            for declared in policy.formFields ?? [] {
                if !names.contains(declared.name) { names.append(declared.name) }
                examples[declared.name, default: []] += declared.examples
            }
            for read in policy.fieldReads where !names.contains(read.field) { names.append(read.field) }
            for expression in PolicyExpressions.all(in: policy) {
                let read = Set(
                    PolicyExpressions.names(in: expression.expression).filter { $0.hasPrefix("form.") }.map { String($0.dropFirst(5)) })
                guard !read.isEmpty else { continue }
                // An enumeration case (`enabled`) is no value a field holds.
                let written = PolicyExpressions.literals(in: expression.expression).filter {
                    if case .symbol = $0 { return false }
                    return true
                }
                for field in read { literals[field, default: []] += written }
            }
        }
        self.names = names
        var values: [String: [Value]] = [:]
        for name in names {
            let known = (examples[name] ?? []) + (literals[name] ?? [])
            // Empty and null come last, whatever order the expressions name them in.
            let compared = (literals[name] ?? []).filter { $0 != .string("") && $0 != .null }
            values[name] = Self.unique(
                (examples[name] ?? []) + [Self.newValue(for: name, avoiding: known)] + compared + [.string(""), .null])
        }
        self.values = values
    }

    /// `new to`: readable in a trace and a checklist, and different from every value the policy names.
    static func newValue(for field: String, avoiding known: [Value]) -> Value {
        var text = "new \(field)"
        while known.contains(.string(text)) { text += "'" }
        return .string(text)
    }

    private static func unique(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }
}
