import ConformCore

extension ConformRunner {
    /// Warnings at a claim of a form policy that declares no `fields:` and reads a field this trace's
    /// `form:` does not give: such a read is `null` for the whole trace, and a misspelt one
    /// (`form.too` for `to`) silently keeps Send disabled. Lint says it once per policy, at the read
    /// (`FieldReadCheck`); a run says it at each claiming trace.
    static func unreadFields(of trace: Trace, policies: [Policy]) -> [Diagnostic] {
        guard !trace.form.isEmpty else { return [] }
        let fields = trace.form.keys.sorted()
        var warnings: [Diagnostic] = []
        for claim in trace.claims {
            guard let policy = policies.first(where: { $0.id == claim.policy }) else { continue }
            for (read, nearest) in policy.readsOfUndeclaredFields(fields) {
                let hint = nearest.map { "; did you mean 'form.\($0)'?" } ?? ""
                warnings.append(
                    Diagnostic(
                        .warning,
                        "'\(policy.id)' reads form.\(read.field) (\(SourceLocation(file: policy.file, position: read.position).description)), "
                            + "which the form: of this trace does not declare (it declares \(fields.joined(separator: ", ")))\(hint)",
                        at: SourceLocation(file: trace.file, position: claim.position)))
            }
        }
        return warnings
    }
}
