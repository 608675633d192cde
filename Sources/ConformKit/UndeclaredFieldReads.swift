import ConformCore

/// Warnings at a claim of a form policy that reads a field this trace's `form:` does not give: such
/// a read is `null` for the whole trace, and a misspelt one (`form.too` for `to`) silently keeps
/// Send disabled.
struct UndeclaredFieldReads: TraceWarningCheck {
    /// Lint's choice: per policy id, the fields some claiming trace declares. A field of a policy without
    /// `fields:` is warned about here only when another claiming trace declares it: else lint says it
    /// once, at the read (`FieldReadCheck`). `nil` (a run): every such field is warned about.
    let declaredElsewhere: [String: Set<String>]?

    func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
        let trace = checked.trace
        guard !trace.form.isEmpty else { return [] }
        let fields = trace.form.keys.sorted()
        var warnings: [Diagnostic] = []
        for claim in trace.claims {
            guard let policy = checked.policies.first(where: { $0.id == claim.policy }) else { continue }
            for (read, nearest) in policy.readsAbsent(from: fields) {
                if policy.formFields == nil, let declaredElsewhere, declaredElsewhere[policy.id]?.contains(read.field) != true { continue }
                warnings.append(
                    Diagnostic(
                        .warning,
                        "'\(policy.id)' reads form.\(read.field) (\(SourceLocation(file: policy.file, position: read.position).description)), "
                            + "which the form: of this trace does not declare (it declares \(fields.joined(separator: ", "))), so it is null "
                            + "throughout; \(Self.fix(for: read.field, nearest: nearest, declared: policy.formFields != nil))",
                        at: SourceLocation(file: trace.file, position: claim.position)))
            }
        }
        return warnings
    }

    /// Add the field to the trace's `form:`; or, for a near name, the slip to mend: in the trace when
    /// the policy declares its fields (its read is checked), else either side may be the misspelt one.
    private static func fix(for field: String, nearest: String?, declared: Bool) -> String {
        let add = "add \(field) to the trace's form: (\(field): \"\" for an empty field)"
        guard let nearest else { return add }
        return declared
            ? "if its '\(nearest)' is meant, rename it '\(field)'; else \(add)"
            : "did you mean 'form.\(nearest)'? (else \(add))"
    }
}
