import ConformCore

/// Which pairs of policies each file of a `--coverage` run is replayed on.
///
/// The coverage report shows the differences of two claimed policies only, and replaying traces on
/// pairs is most of what `--coverage` costs: a corpus claiming 2 of 7 form policies needs 1 of their
/// 21 pairs. Which policies are claimed is known only as files are checked, so each batch is replayed
/// on the pairs of the policies claimed before it, and once every file is checked, those that came
/// before a policy's first claim are replayed again on the pairs they missed (`lateScopes`). Claims
/// usually come in the first batch or two, so little is replayed twice.
struct RevealPlan {
    /// Policies claimed on the command line or by a file of a finished batch (including a file refused
    /// later for a duplicate id: a pair replayed needlessly changes nothing).
    private var known: Set<String>
    /// Policies claimed by the files handed over: those the report shows (and any claimed only by a
    /// file the caller then refuses for a duplicate id: its pairs are replayed needlessly).
    private var claimed: Set<String> = []
    /// The file from which each value of `known` held, in file order (one entry per change: a few).
    private var changes: [(start: Int, known: Set<String>)] = []

    init(claims: [String]) {
        known = Set(claims)
    }

    /// The scope of the batch that starts at file `start`, once `finished` (the batch before) is checked.
    mutating func beginBatch(at start: Int, after finished: [FileOutcome]) -> RevealScope {
        for outcome in finished {
            for result in outcome.results where result.claimed { known.insert(result.policy) }
        }
        if changes.last?.known != known { changes.append((start, known)) }
        return RevealScope(among: known)
    }

    /// Notes the claims of an outcome handed to the caller.
    mutating func handedOver(_ outcome: FileOutcome) {
        for result in outcome.results where result.claimed { claimed.insert(result.policy) }
    }

    /// The files to replay again, each range with the pairs of claimed policies it missed; from the
    /// first file on, with no gap, so that a second pass refuses the same duplicate ids as the first.
    /// Empty when no file missed a pair of two policies of one domain.
    func lateScopes(fileCount: Int, domain: (String) -> String?) -> [(files: Range<Int>, scope: RevealScope)] {
        var scopes: [(files: Range<Int>, scope: RevealScope)] = []
        for (index, change) in changes.enumerated() {
            let missed = claimed.subtracting(change.known)
            // A pair is missed when one of its policies was not yet known.
            let missesPair = missed.contains { policy in
                claimed.contains { other in other != policy && domain(other) == domain(policy) }
            }
            guard missesPair else { break }
            let end = index + 1 < changes.count ? changes[index + 1].start : fileCount
            scopes.append((change.start..<end, RevealScope(among: claimed, except: change.known)))
        }
        return scopes
    }
}
