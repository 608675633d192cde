import ConformCore
import ConformLoading

/// A form policy that declares no `fields:` reads `form.FIELD` of any name, and a misspelt one is null
/// for ever (Send never enabled, and nothing says why). Given the traces that claim it, lint warns at
/// the first read of each field that none of their `form:` declares, with a did-you-mean from theirs.
struct FieldReadCheck {
    /// The fields a trace's `form:` declares, and the policies it claims.
    struct TraceForm {
        var claims: [String]
        var fields: [String]
    }

    /// The claims and `form:` fields of a trace file's text; `nil` when it has no `form:`.
    static func traceForm(_ root: YNode?) -> TraceForm? {
        guard let pairs = root?.mapping, let form = pairs.first(where: { $0.key.scalarText == "form" })?.value.mapping else { return nil }
        let claimNode = pairs.first { $0.key.scalarText == "policy" }?.value
        let claims = (claimNode?.sequence ?? claimNode.map { [$0] } ?? []).compactMap(\.scalarText)
        return TraceForm(claims: claims, fields: form.compactMap(\.key.scalarText))
    }

    /// Warnings for `policy`'s reads of fields that no claiming trace's form declares.
    static func warnings(for policy: Policy, traces: [TraceForm]) -> [Diagnostic] {
        let claiming = traces.filter { $0.claims.contains(policy.id) }
        guard !claiming.isEmpty else { return [] }
        let declared = Set(claiming.flatMap(\.fields)).sorted()
        var warnings: [Diagnostic] = []
        for (read, nearest) in policy.readsOfUndeclaredFields(declared) {
            let hint = nearest.map { "; did you mean 'form.\($0)'?" } ?? ""
            warnings.append(
                Diagnostic(
                    .warning,
                    "'\(policy.id)' reads form.\(read.field), which no form: of the traces that claim it declares "
                        + "(they declare \(declared.joined(separator: ", ")))\(hint)",
                    at: SourceLocation(file: policy.file, position: read.position)))
        }
        return warnings
    }
}
