import ConformCore

/// The form fields known to the policies a trace claims, when one of them declares its `fields:`.
/// Such a policy reads no other field, so a field of the trace's `form:`, an `edit` or a
/// `see: { form: }` that none of its claimed policies knows is a misspelling (`tittle` for `title`)
/// or a field the policy forgot to declare: either way, a check that never reads it. The did-you-mean
/// comes from the policies' names, never from the trace's own (possibly misspelt) ones.
struct ClaimedFields {
    /// A claimed policy that declares its fields, with them (sorted).
    struct Declaring {
        var policy: String
        var fields: [String]
    }

    /// The claimed policies that declare their fields, in the order of the claims.
    let declaring: [Declaring]
    /// Every field a claimed form policy declares, or reads when it declares none, sorted.
    let known: [String]

    /// `nil` when no claimed policy declares `fields:` (then any field may be named, as before).
    init?(claims: [Claim], vocabulary: KnownVocabulary) {
        var declaring: [Declaring] = []
        var known: Set<String> = []
        var seen: Set<String> = []
        for claim in claims where seen.insert(claim.policy).inserted {
            guard let fields = vocabulary.formFields[claim.policy] else { continue }
            if let declared = fields.declared {
                declaring.append(Declaring(policy: claim.policy, fields: declared))
                known.formUnion(declared)
            } else {
                known.formUnion(fields.read)
            }
        }
        if declaring.isEmpty { return nil }
        self.declaring = declaring
        self.known = known.sorted()
    }

    func knows(_ field: String) -> Bool {
        known.contains(field)
    }

    /// Whether `trace` names a field (in `form:`, an `edit` or a `see: { form: }`) that no claimed policy knows.
    func missesAField(of trace: Trace) -> Bool {
        if trace.form.keys.contains(where: { !knows($0) }) { return true }
        // By position: a generic walk allocates per element in a debug build (LoadingAllocationTests).
        for index in 0..<trace.steps.count {
            switch trace.steps[index].kind {
            case .action(.edit(let edits)):
                for edit in 0..<edits.count where !knows(edits[edit].field) { return true }
            case .see(let observation):
                for item in 0..<observation.items.count where observation.items[item].key == "form" {
                    guard case .fields(let fields) = observation.items[item].value else { continue }
                    for field in 0..<fields.count where !knows(fields[field].name) { return true }
                }
            default:
                continue
            }
        }
        return false
    }

    /// The problem of a field `name` that no claimed policy knows. `formLacks`: the fields the trace's
    /// `form:` does not give, for a `form:` key (a field renamed there, `total` for `amount`, is not near in
    /// spelling, but when the policy declares one field the form does not give, that is the one meant).
    func message(for name: String, formLacks lacking: [String]? = nil) -> String {
        let owners = declaring.map { "'\($0.policy)' (it declares \($0.fields.isEmpty ? "none" : $0.fields.joined(separator: ", ")))" }
        let subject = "'\(name)' is no field of " + owners.joined(separator: " nor of ")
        if let nearest = Spelling.nearest(to: name, among: known) { return subject + "; did you mean '\(nearest)'?" }
        if let lacking, lacking.count == 1, let only = lacking.first {
            return subject + "; is it '\(only)', which the form: does not give?"
        }
        let policy = declaring.count == 1 ? "the policy's" : "a claimed policy's"
        return subject + "; correct the name, or declare \(name) under \(policy) fields:"
    }

    /// The fields the claimed policies declare that `form` does not give.
    func declared(absentFrom form: [String]) -> [String] {
        Set(declaring.flatMap(\.fields)).subtracting(form).sorted()
    }
}
