import ConformCore

extension Policy {
    /// The first read of each field that `declared` does not hold, with the nearest declared name, for a
    /// form policy that declares no `fields:` (with `fields:`, loading checks every read already). Such a
    /// read is `null` for good: a misspelt `form.too` keeps Send disabled and nothing says why. Lint
    /// (`FieldReadCheck`) and a run (`UndeclaredFieldReads`) word it at their own places.
    func readsOfUndeclaredFields(_ declared: [String]) -> [(read: FieldRead, nearest: String?)] {
        guard isFormDomain, formFields == nil else { return [] }
        var warned: Set<String> = []
        return fieldReads.filter { !declared.contains($0.field) && warned.insert($0.field).inserted }
            .map { ($0, Spelling.nearest(to: $0.field, among: declared)) }
    }

    /// The first read of each field that a trace's `form:` (`fields`) does not give, with the nearest
    /// name it gives: `null` for that whole trace, whether the policy declares its fields or not.
    func readsAbsent(from fields: [String]) -> [(read: FieldRead, nearest: String?)] {
        guard isFormDomain else { return [] }
        var warned: Set<String> = []
        return fieldReads.filter { !fields.contains($0.field) && warned.insert($0.field).inserted }
            .map { ($0, Spelling.nearest(to: $0.field, among: fields)) }
    }
}
