import ConformCore

/// The pairs of policies a trace is replayed on for `--coverage` (to find which of their differences it shows).
struct RevealScope: Sendable {
    /// The policies whose pairs are replayed; `nil`: every policy.
    var among: Set<String>?
    /// A pair of two of these is left out (the trace was replayed on it before).
    var except: Set<String> = []

    static let every = RevealScope(among: nil)

    /// Whether a policy is part of some pair of the scope.
    func admits(_ policy: String) -> Bool {
        among?.contains(policy) ?? true
    }

    func includes(_ a: String, _ b: String) -> Bool {
        admits(a) && admits(b) && !(except.contains(a) && except.contains(b))
    }
}

/// A scope resolved against the policies of a run, once per batch of files rather than per file.
struct RevealTargets: Sendable {
    /// Positions in the policies of every two policies of one domain in the scope, in policy order.
    var pairs: [(Int, Int)]
    /// The ids of the policies of those pairs: the only ones a trace is replayed on.
    var replayed: Set<String>

    init(_ scope: RevealScope, in policies: [Policy]) {
        pairs = []
        for a in policies.indices {
            for b in policies.indices.dropFirst(a + 1)
            where policies[a].domain == policies[b].domain && scope.includes(policies[a].id, policies[b].id) {
                pairs.append((a, b))
            }
        }
        replayed = Set(pairs.flatMap { [policies[$0.0].id, policies[$0.1].id] })
    }
}
