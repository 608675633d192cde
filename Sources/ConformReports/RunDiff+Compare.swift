import ConformCore

extension RunDiff {
    /// Where problems that concern both files are said.
    public static let place = "conform diff"

    /// Compares two whole runs' documents, or says why they cannot be compared: a shard's document (not
    /// a whole run), or runs of different policy libraries (which policies differ, by id and digest).
    /// - Parameters:
    ///   - base: the run before the change, read from `baseFile`.
    ///   - head: the run after it, read from `headFile`.
    public static func compare(_ base: RunDocument, file baseFile: String, with head: RunDocument, file headFile: String) -> Result<
        RunDiff, DiffRefusal
    > {
        var problems: [Diagnostic] = []
        for (document, file) in [(base, baseFile), (head, headFile)] {
            if let shard = document.shard {
                problems.append(
                    Diagnostic(
                        .error,
                        "the document of shard \(shard), not of a whole run: merge the shards first (conform merge SHARD.json ... --format json) "
                            + "and compare the merged document", at: SourceLocation(file: file, position: nil)))
            }
        }
        let baseSpans = TraceSpan.spans(base.results)
        let headSpans = TraceSpan.spans(head.results)
        let basePolicies = base.policies ?? policyList(base.results, baseSpans)
        let headPolicies = head.policies ?? policyList(head.results, headSpans)
        if let problem = libraryProblem(
            basePolicies, headPolicies, digests: base.policies != nil && head.policies != nil, baseFile: baseFile, headFile: headFile)
        {
            problems.append(problem)
        }
        guard problems.isEmpty else { return .failure(DiffRefusal(problems: problems)) }
        var diff = RunDiff(
            base: Side(
                file: baseFile, version: base.version, recordedAt: base.recordedAt?.description, traces: baseSpans.count,
                digestsRecorded: base.policies != nil),
            head: Side(
                file: headFile, version: head.version, recordedAt: head.recordedAt?.description, traces: headSpans.count,
                digestsRecorded: head.policies != nil),
            policies: headPolicies.map(\.id))
        var comparer = Comparer(base: base.results, head: head.results)
        comparer.match(baseSpans, headSpans, into: &diff)
        diff.apps = appChanges(base, baseSpans, head, headSpans, policies: diff.policies)
        return .success(diff)
    }

    /// The policies of a document that does not list them: those its results name, without digests.
    private static func policyList(_ results: [RunDocument.Result], _ spans: [TraceSpan]) -> [RunDocument.PolicyDigest] {
        var seen = Set<String>()
        var list: [RunDocument.PolicyDigest] = []
        for span in spans {
            for index in span.range where seen.insert(results[index].policy).inserted {
                list.append(RunDocument.PolicyDigest(id: results[index].policy, digest: ""))
            }
        }
        return list.sorted { $0.id < $1.id }
    }

    /// Which policies differ between the runs' libraries, said once; `nil` when they are the same.
    private static func libraryProblem(
        _ base: [RunDocument.PolicyDigest], _ head: [RunDocument.PolicyDigest], digests: Bool, baseFile: String, headFile: String
    ) -> Diagnostic? {
        let baseDigests = Dictionary(base.map { ($0.id, $0.digest) }) { first, _ in first }
        let headDigests = Dictionary(head.map { ($0.id, $0.digest) }) { first, _ in first }
        let onlyBase = base.map(\.id).filter { headDigests[$0] == nil }
        let onlyHead = head.map(\.id).filter { baseDigests[$0] == nil }
        let changed = digests ? base.filter { policy in headDigests[policy.id].map { $0 != policy.digest } ?? false } : []
        guard !onlyBase.isEmpty || !onlyHead.isEmpty || !changed.isEmpty else { return nil }
        var parts: [String] = []
        if !onlyBase.isEmpty { parts.append("only in \(baseFile): \(onlyBase.joined(separator: ", "))") }
        if !onlyHead.isEmpty { parts.append("only in \(headFile): \(onlyHead.joined(separator: ", "))") }
        if !changed.isEmpty {
            let list = changed.map { "\($0.id) (\($0.digest) and \(headDigests[$0.id] ?? ""))" }
            parts.append("the same id from another file: " + list.joined(separator: ", "))
        }
        return Diagnostic(
            .error,
            "the runs were made with different policy libraries, so their verdicts do not compare: " + parts.joined(separator: "; ")
                + " (make both runs with the same policies)", at: SourceLocation(file: place, position: nil))
    }

    /// Per app found in both runs, the policies it now agrees with and those it no longer does.
    private static func appChanges(
        _ base: RunDocument, _ baseSpans: [TraceSpan], _ head: RunDocument, _ headSpans: [TraceSpan], policies: [String]
    ) -> [AppChange] {
        func apps(_ document: RunDocument, _ spans: [TraceSpan]) -> [String: AppAgreements.App] {
            var agreements = AppAgreements(policyIDs: policies)
            for span in spans { agreements.add(app: document.results[span.range.lowerBound].app, results: document.results[span.range]) }
            return Dictionary(agreements.apps.map { ($0.name, $0) }) { first, _ in first }
        }
        let before = apps(base, baseSpans)
        let after = apps(head, headSpans)
        return after.keys.sorted().compactMap { name -> AppChange? in
            guard let old = before[name], let new = after[name] else { return nil }
            var change = AppChange(app: name, nowAgrees: [], noLongerAgrees: [])
            for policy in policies {
                let was = Agreement(policy, in: old)
                let now = Agreement(policy, in: new)
                if now.agrees, !was.agrees { change.nowAgrees.append(AgreementChange(policy: policy, base: was, head: now)) }
                if was.agrees, !now.agrees { change.noLongerAgrees.append(AgreementChange(policy: policy, base: was, head: now)) }
            }
            return change.nowAgrees.isEmpty && change.noLongerAgrees.isEmpty ? nil : change
        }
    }
}

/// Why two run documents cannot be compared: each problem, at its file (or at `conform diff`).
public struct DiffRefusal: Error, Sendable {
    /// Every reason, each at the file it concerns.
    public var problems: [Diagnostic]
}

extension RunDiff.Agreement {
    init(_ policy: String, in app: AppAgreements.App) {
        if let claim = app.claims.first(where: { $0.policy == policy }) {
            switch claim.state {
            case .holds: self = .holds(made: claim.made)
            case .broken: self = .broken(held: claim.held, made: claim.made)
            case .baselined: self = .baselined(held: claim.held, made: claim.made)
            }
        } else if app.agree.contains(policy) {
            self = .agree
        } else if let partly = app.partly.first(where: { $0.policy == policy }) {
            self = .partly(passed: partly.passed, judged: partly.judged)
        } else if app.differ.contains(policy) {
            self = .differ
        } else {
            self = .none
        }
    }
}

/// One trace's results in a document: they come together, one per policy.
struct TraceSpan {
    var range: Range<Int>

    /// The document's traces, in its order.
    static func spans(_ results: [RunDocument.Result]) -> [TraceSpan] {
        var spans: [TraceSpan] = []
        var start = 0
        for index in results.indices.dropFirst()
        where results[index].file != results[start].file || results[index].trace != results[start].trace {
            spans.append(TraceSpan(range: start..<index))
            start = index
        }
        if !results.isEmpty { spans.append(TraceSpan(range: start..<results.count)) }
        return spans
    }
}

/// Matches the two runs' traces and compares each matched trace policy by policy.
private struct Comparer {
    let base: [RunDocument.Result]
    let head: [RunDocument.Result]

    func reference(_ results: [RunDocument.Result], _ span: TraceSpan) -> RunDiff.TraceRef {
        let first = results[span.range.lowerBound]
        return RunDiff.TraceRef(trace: first.trace, file: first.file, app: first.app)
    }

    mutating func match(_ baseSpans: [TraceSpan], _ headSpans: [TraceSpan], into diff: inout RunDiff) {
        var baseByFile: [String: Int] = [:]
        var baseByID: [String: [Int]] = [:]
        baseByFile.reserveCapacity(baseSpans.count)
        for (index, span) in baseSpans.enumerated() {
            let first = base[span.range.lowerBound]
            if baseByFile[first.file] == nil { baseByFile[first.file] = index }
            baseByID[first.trace, default: []].append(index)
        }
        var matchedBase = [Bool](repeating: false, count: baseSpans.count)
        // Renames as found, with the head trace's place, to list them in the head run's order.
        var renames: [(Int, RunDiff.Rename)] = []
        var partner = [Int?](repeating: nil, count: headSpans.count)
        // The same file and id first; then the same file under another id; then the same id in another file.
        for (index, span) in headSpans.enumerated() {
            let first = head[span.range.lowerBound]
            if let candidate = baseByFile[first.file], !matchedBase[candidate],
                base[baseSpans[candidate].range.lowerBound].trace == first.trace
            {
                partner[index] = candidate
                matchedBase[candidate] = true
            }
        }
        for (index, span) in headSpans.enumerated() where partner[index] == nil {
            if let candidate = baseByFile[head[span.range.lowerBound].file], !matchedBase[candidate] {
                partner[index] = candidate
                matchedBase[candidate] = true
                renames.append((index, .init(kind: .id, base: reference(base, baseSpans[candidate]), head: reference(head, span))))
            }
        }
        for (index, span) in headSpans.enumerated() where partner[index] == nil {
            if let candidate = baseByID[head[span.range.lowerBound].trace]?.first(where: { !matchedBase[$0] }) {
                partner[index] = candidate
                matchedBase[candidate] = true
                renames.append((index, .init(kind: .file, base: reference(base, baseSpans[candidate]), head: reference(head, span))))
            }
        }
        diff.renamed = renames.sorted { $0.0 < $1.0 }.map(\.1)
        for (index, span) in headSpans.enumerated() {
            if let candidate = partner[index] {
                compare(baseSpans[candidate], span, into: &diff)
            } else {
                let trace = reference(head, span)
                diff.added.append(trace)
                // A new trace whose claim does not hold is a claim newly broken.
                for position in span.range where RunDiff.ClaimState(head[position]) == .broken {
                    diff.newlyBroken.append(
                        .init(
                            trace: trace, policy: head[position].policy, before: .absent, after: .broken, base: nil,
                            head: RunDiff.Verdict(head[position])))
                }
            }
        }
        for (index, span) in baseSpans.enumerated() where !matchedBase[index] { diff.removed.append(reference(base, span)) }
    }

    /// One trace found in both runs, policy by policy.
    private func compare(_ baseSpan: TraceSpan, _ headSpan: TraceSpan, into diff: inout RunDiff) {
        let trace = reference(head, headSpan)
        // Both runs list the same policies in the same order (the libraries are the same): by position,
        // unless a document says otherwise.
        let inOrder =
            baseSpan.range.count == headSpan.range.count
            && zip(baseSpan.range, headSpan.range).allSatisfy { base[$0].policy == head[$1].policy }
        let byPolicy: [String: Int] =
            inOrder ? [:] : Dictionary(baseSpan.range.map { (base[$0].policy, $0) }) { first, _ in first }
        for (offset, position) in headSpan.range.enumerated() {
            guard let old = inOrder ? baseSpan.range.lowerBound + offset : byPolicy[head[position].policy] else { continue }
            // The common case, a pair that passed and passes, claimed as before, is decided without copying either result.
            if base[old].verdict == .pass, head[position].verdict == .pass, base[old].claimed == head[position].claimed { continue }
            compare(base[old], head[position], trace: trace, into: &diff)
        }
    }

    private func compare(_ old: RunDocument.Result, _ now: RunDocument.Result, trace: RunDiff.TraceRef, into diff: inout RunDiff) {
        let before = RunDiff.ClaimState(old)
        let after = RunDiff.ClaimState(now)
        func change() -> RunDiff.ClaimChange {
            RunDiff.ClaimChange(
                trace: trace, policy: now.policy, before: before, after: after, base: RunDiff.Verdict(old), head: RunDiff.Verdict(now))
        }
        switch (before, after) {
        case (.held, .broken), (.baselined, .broken), (.unclaimed, .broken):
            diff.newlyBroken.append(change())
            return
        case (.broken, .held), (.baselined, .held):
            diff.fixed.append(change())
            return
        case (.unclaimed, .held), (.unclaimed, .baselined):
            diff.claimsMade.append(change())
            return
        case (.held, .unclaimed), (.broken, .unclaimed), (.baselined, .unclaimed):
            diff.claimsWithdrawn.append(change())
        default:
            break
        }
        guard old.verdict != .pass, now.verdict != .pass else { return }
        let was = RunDiff.Verdict(old)
        let current = RunDiff.Verdict(now)
        let aspects = was.changes(to: current)
        guard !aspects.isEmpty else { return }
        let move = RunDiff.Move(trace: trace, policy: now.policy, claimed: now.claimed, aspects: aspects, base: was, head: current)
        if now.claimed, old.claimed { diff.moved.append(move) } else if !now.claimed, !old.claimed { diff.unclaimedMoved.append(move) }
    }
}
