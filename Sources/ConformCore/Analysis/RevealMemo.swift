/// What `PolicyComparison.revealed(by:)` learnt about pairs of policies, kept from one trace to the
/// next: per pair of points (`PointKey`s), the disagreements there. A corpus replays the same few
/// situations again and again (a form edited, then cancelled, in one state or another), so most
/// comparisons are found here.
///
/// Not safe to share between threads: give each worker its own. Use it with one set of policies
/// only (pairs are known by their ids).
public final class RevealMemo {
    private var pairs: [String: PairMemo] = [:]

    /// An empty memo.
    public init() {}

    /// A comparison of `a` and `b` for a trace whose form opens with `form` (`revealed(by:)` alone):
    /// the pair's last one when it was made for the same form, as it is for most traces of a corpus.
    public func comparison(_ a: Policy, _ b: Policy, form: [String: Value]) -> PolicyComparison {
        let memo = pair(a.id, b.id)
        if let last = memo.comparison, last.form == form { return last.comparison }
        let made = PolicyComparison(a, b, form: form, exploring: false)
        memo.comparison = (form, made)
        return made
    }

    func pair(_ a: String, _ b: String) -> PairMemo {
        let key = "\(a)\t\(b)"
        if let known = pairs[key] { return known }
        let created = PairMemo()
        pairs[key] = created
        return created
    }
}

/// The disagreements of two policies (A and B, in that order) at the pairs of points met so far.
final class PairMemo {
    private struct Points: Hashable {
        var a: PointKey
        var b: PointKey
    }

    private var names: [Points: [DisagreementName]] = [:]
    /// The comparison made last for the pair, and the form it was made for.
    var comparison: (form: [String: Value], comparison: PolicyComparison)?
    /// The pairs of points remembered at most: traces whose expectations read values that vary with
    /// every trace (a field's text) meet new pairs forever, and memory must not grow with the files.
    static let capacity = 4096

    /// The disagreements at points `a` and `b`, if remembered.
    func names(at a: PointKey, _ b: PointKey) -> [DisagreementName]? {
        names[Points(a: a, b: b)]
    }

    func remember(_ found: [DisagreementName], at a: PointKey, _ b: PointKey) {
        if names.count >= Self.capacity { names.removeAll(keepingCapacity: true) }
        names[Points(a: a, b: b)] = found
    }
}
