import ConformCore

/// What each app's traces show: its claims (which decide the exit status), then, for information, which
/// of the policies it does not claim all, some or none of its traces agree with. The terminal report's
/// "Per app" lines and the HTML page's first table are both read from this one count, so that they
/// cannot disagree. Counted outcome by outcome, so that memory does not grow with the corpus.
struct AppAgreements {
    /// By the policies' positions in `policyIDs`: a trace's results come in that order, so counting them
    /// takes no hashing.
    private struct Tally {
        var traces = 0
        var passed: [Int]
        var judged: [Int]
        /// Per claimed policy: the app's traces that claim it, those whose claim holds, those baselined.
        var claimsMade: [String: Int] = [:]
        var claimsHeld: [String: Int] = [:]
        var claimsBaselined: [String: Int] = [:]

        init(policies: Int) {
            passed = Array(repeating: 0, count: policies)
            judged = Array(repeating: 0, count: policies)
        }
    }

    /// One claimed policy of an app, over the app's traces that claim it.
    struct Claim: Equatable {
        enum State { case holds, baselined, broken }
        let policy: String
        let made: Int
        let held: Int
        let state: State

        /// `holds`, `baselined` or `broken`, the word after the policy's id.
        var verdict: String {
            switch state {
            case .holds: return "holds"
            case .baselined: return "baselined"
            case .broken: return "broken"
            }
        }

        /// `(3/3)` when every claim holds, else `(1/3 hold)`.
        var count: String { state == .holds ? "(\(held)/\(made))" : "(\(held)/\(made) hold)" }
    }

    /// A policy the app does not claim that some but not all of its traces agree with.
    struct Partly: Equatable {
        let policy: String
        let passed: Int
        let judged: Int

        /// `apple-calendar 1/3`.
        var text: String { "\(policy) \(passed)/\(judged)" }
    }

    /// One app, as the reports show it.
    struct App {
        let name: String
        let traces: Int
        /// By policy id.
        let claims: [Claim]
        /// Unclaimed policies that every trace of the app they can judge agrees with, in the policies' order.
        let agree: [String]
        let partly: [Partly]
        /// Unclaimed policies that no trace of the app they can judge agrees with.
        let differ: [String]

        var hasBrokenClaim: Bool { claims.contains { $0.state == .broken } }
    }

    private let policyIDs: [String]
    /// Each id's first position (a context could name a policy twice: its counts are then kept once, as by name).
    private let positions: [String: Int]
    /// Whether the id at each position is named there first.
    private let namedFirst: [Bool]
    private var tallies: [String: Tally] = [:]

    init(policyIDs: [String]) {
        self.policyIDs = policyIDs
        let positions = Dictionary(policyIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        self.positions = positions
        namedFirst = policyIDs.enumerated().map { positions[$1] == $0 }
    }

    /// The name an app without `app:` is listed under.
    static let noApp = "(no app)"

    var isEmpty: Bool { tallies.isEmpty }

    mutating func add(_ outcome: FileOutcome) {
        guard let trace = outcome.summary else { return }
        add(app: trace.app, results: outcome.results)
    }

    /// Counts one trace of `app` (`nil`: no `app:`), its results in the policies' order: a run's, or a
    /// run document's read back (`conform diff`).
    mutating func add<Results: RandomAccessCollection>(app: String?, results: Results)
    where Results.Element: AgreementResult, Results.Index == Int {
        // In place: a copy of the app's tally would copy its dictionaries for every trace.
        Self.count(results, into: &tallies[app ?? Self.noApp, default: Tally(policies: policyIDs.count)], policyIDs, positions, namedFirst)
    }

    private static func count<Results: RandomAccessCollection>(
        _ results: Results, into tally: inout Tally, _ policyIDs: [String], _ positions: [String: Int], _ namedFirst: [Bool]
    ) where Results.Element: AgreementResult, Results.Index == Int {
        tally.traces += 1
        let first = results.startIndex
        for index in results.indices {
            let kind = results[index].verdictKind
            let policy = results[index].policy
            if results[index].claimed {
                tally.claimsMade[policy, default: 0] += 1
                if kind == .pass { tally.claimsHeld[policy, default: 0] += 1 }
                if results[index].isBaselined { tally.claimsBaselined[policy, default: 0] += 1 }
            }
            if kind == .inapplicable { continue }
            // Results come in the policies' order; a policy is found by name only if they do not (or if it is named twice).
            let offset = index - first
            let inOrder = offset < policyIDs.count && namedFirst[offset] && policyIDs[offset] == policy
            guard let position = inOrder ? offset : positions[policy] else { continue }
            tally.judged[position] += 1
            if kind == .pass { tally.passed[position] += 1 }
        }
    }

    /// Every app, by name.
    var apps: [App] {
        tallies.keys.sorted().compactMap { name in tallies[name].map { app(name, $0) } }
    }

    private func app(_ name: String, _ tally: Tally) -> App {
        let claims = tally.claimsMade.keys.sorted().map { policy -> Claim in
            let made = tally.claimsMade[policy] ?? 0
            let held = tally.claimsHeld[policy] ?? 0
            let baselined = tally.claimsBaselined[policy] ?? 0
            let state: Claim.State = held == made ? .holds : held + baselined == made ? .baselined : .broken
            return Claim(policy: policy, made: made, held: held, state: state)
        }
        var agree: [String] = []
        var partly: [Partly] = []
        var differ: [String] = []
        for (index, policy) in policyIDs.enumerated() where tally.claimsMade[policy] == nil {
            let position = positions[policy] ?? index
            let judged = tally.judged[position]
            guard judged > 0 else { continue }
            let passed = tally.passed[position]
            if passed == judged {
                agree.append(policy)
            } else if passed == 0 {
                differ.append(policy)
            } else {
                partly.append(Partly(policy: policy, passed: passed, judged: judged))
            }
        }
        return App(name: name, traces: tally.traces, claims: claims, agree: agree, partly: partly, differ: differ)
    }
}

/// What the per-app count reads of a result: a run's `PairResult`, or a result read back from a run document.
protocol AgreementResult {
    var policy: String { get }
    var claimed: Bool { get }
    var verdictKind: Verdict.Kind { get }
    /// A broken claim that a baseline entry accepts.
    var isBaselined: Bool { get }
}

extension PairResult: AgreementResult {
    var verdictKind: Verdict.Kind { outcome.verdict.kind }
}

extension RunDocument.Result: AgreementResult {
    var verdictKind: Verdict.Kind { verdict }
    var isBaselined: Bool { baselined == true }
}
