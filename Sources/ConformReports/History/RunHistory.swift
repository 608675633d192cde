/// What a series of runs says over time: per app and claimed policy, whether the claim held in each
/// run; the claims broken in the latest run and since when; apps that were renamed on the way.
public struct RunHistory: Sendable {
    /// The runs, oldest first, and how they were ordered.
    public let order: HistoryOrder
    /// Every app that claims a policy in some run: those with a claim broken in the latest run first,
    /// then the others in the latest run, then those no longer in it; by name within each group.
    public let apps: [App]
    /// The claims broken in the latest run, by app, policy, file and trace.
    public let brokenNow: [BrokenClaim]
    /// The claims that hold in the latest run and did not in the last earlier run that had them: the
    /// latest fixes first.
    public let fixed: [FixedClaim]

    /// The runs, oldest first.
    public var runs: [HistoryRun] { order.runs }

    /// Reads `runs` (in any order) as one history.
    public init(_ runs: [HistoryRun]) {
        let order = HistoryOrder(runs)
        self.order = order
        let identities = AppIdentities(order.runs)
        self.apps = Self.apps(order.runs, identities)
        let display = Dictionary(uniqueKeysWithValues: apps.map { ($0.identity, $0.name) })
        (self.brokenNow, self.fixed) = Self.streaks(order.runs, identities, display)
    }

    /// One app over time, under the name it has in the last run that has it.
    public struct App: Sendable {
        /// The name shown.
        public let name: String
        /// Other names it had in earlier runs, with the runs (indices into `runs`) that used each.
        public let formerNames: [FormerName]
        /// Its claimed policies, by id.
        public let policies: [Series]
        /// The index of the last run that has a claim of it.
        public let lastRun: Int
        /// Whether some claim of it is broken in the latest run.
        public let brokenNow: Bool
        let identity: Int
    }

    /// A name an app had before it was renamed (its traces' files stayed the same).
    public struct FormerName: Sendable, Equatable {
        /// The earlier name.
        public let name: String
        /// The first and last run (indices) that used it.
        public let runs: ClosedRange<Int>
    }

    /// One claimed policy of one app over the runs.
    public struct Series: Sendable {
        /// The policy's id.
        public let policy: String
        /// One entry per run (oldest first): how the app's claims of the policy fared, `nil` where no
        /// trace of the app claimed it.
        public let cells: [Cell?]
    }

    /// An app's claims of one policy in one run.
    public struct Cell: Sendable, Equatable {
        /// The worst outcome among them.
        public let outcome: HistoryRun.Outcome
        /// How many held.
        public let held: Int
        /// How many there were.
        public let total: Int
    }

    /// A claim broken in the latest run.
    public struct BrokenClaim: Sendable, Equatable {
        /// The app's name (as the page shows it), or "(no app)".
        public let app: String
        /// The claim as the latest run states it.
        public let claim: HistoryRun.Claim
        /// The index of the run where its current streak of not holding began: the run after the last
        /// one where it held or was absent. A baselined run counts as not holding.
        public let since: Int
    }

    /// A claim that holds in the latest run after having been broken.
    public struct FixedClaim: Sendable, Equatable {
        /// The app's name (as the page shows it), or "(no app)".
        public let app: String
        /// The claim as the latest run states it.
        public let claim: HistoryRun.Claim
        /// The index of the run since which it holds.
        public let since: Int
        /// The index of the last run before that where it did not hold (runs without it in between).
        public let lastBroken: Int
    }

    static let noApp = AppAgreements.noApp

    private static func apps(_ runs: [HistoryRun], _ identities: AppIdentities) -> [App] {
        struct Tally { var held = 0, total = 0, worst = HistoryRun.Outcome.holds }
        var cells: [Int: [String: [Int: Tally]]] = [:]
        var lastRun: [Int: Int] = [:]
        for (index, run) in runs.enumerated() {
            for claim in run.claims {
                let identity = identities.identity(of: claim.app ?? noApp, in: index)
                var tally = cells[identity, default: [:]][claim.policy, default: [:]][index, default: Tally()]
                tally.total += 1
                if claim.outcome == .holds { tally.held += 1 }
                tally.worst = max(tally.worst, claim.outcome)
                cells[identity, default: [:]][claim.policy, default: [:]][index] = tally
                lastRun[identity] = index
            }
        }
        let latest = runs.count - 1
        let apps = cells.keys.map { identity -> App in
            let policies = (cells[identity] ?? [:]).sorted { HistoryOrder.fileNameOrder($0.key, $1.key) }
            let series = policies.map { policy, byRun in
                Series(
                    policy: policy,
                    cells: runs.indices.map { index in
                        byRun[index].map { Cell(outcome: $0.worst, held: $0.held, total: $0.total) }
                    })
            }
            let brokenNow = series.contains { $0.cells.last??.outcome == .broken }
            let names = identities.names(of: identity)
            return App(
                name: names.last?.name ?? noApp, formerNames: names.dropLast(), policies: series, lastRun: lastRun[identity] ?? latest,
                brokenNow: brokenNow, identity: identity)
        }
        return apps.sorted { a, b in
            let groupA = a.brokenNow ? 0 : a.lastRun == latest ? 1 : 2
            let groupB = b.brokenNow ? 0 : b.lastRun == latest ? 1 : 2
            if groupA != groupB { return groupA < groupB }
            if a.name != b.name { return HistoryOrder.fileNameOrder(a.name, b.name) }
            return a.identity < b.identity
        }
    }

    /// A claim across runs: its trace file, trace id and policy (not its app, which may be renamed).
    private struct ClaimKey: Hashable {
        let file: String
        let trace: String
        let policy: String

        init(_ claim: HistoryRun.Claim) {
            (file, trace, policy) = (claim.file, claim.trace, claim.policy)
        }
    }

    /// The latest run's claims that are broken, and those that hold after having been broken, each
    /// with where its current streak began.
    private static func streaks(_ runs: [HistoryRun], _ identities: AppIdentities, _ display: [Int: String]) -> (
        broken: [BrokenClaim], fixed: [FixedClaim]
    ) {
        guard let latest = runs.last else { return ([], []) }
        let latestIndex = runs.count - 1
        let judged = latest.claims.filter { $0.outcome != .baselined }
        // Per earlier run, whether each of these claims did not hold there (absent: not in the dictionary).
        let keys = Set(judged.map(ClaimKey.init))
        var notHolding: [[ClaimKey: Bool]] = []
        for run in runs.dropLast() {
            var seen: [ClaimKey: Bool] = [:]
            for claim in run.claims {
                let key = ClaimKey(claim)
                guard keys.contains(key) else { continue }
                // A trace given twice in one run: it did not hold if either did not.
                seen[key] = (seen[key] ?? false) || claim.outcome != .holds
            }
            notHolding.append(seen)
        }
        var broken: [BrokenClaim] = []
        var fixed: [FixedClaim] = []
        for claim in judged {
            let key = ClaimKey(claim)
            let failing = claim.outcome == .broken
            var since = latestIndex
            while since > 0, notHolding[since - 1][key] == failing { since -= 1 }
            let identity = identities.identity(of: claim.app ?? noApp, in: latestIndex)
            let app = display[identity] ?? claim.app ?? noApp
            if failing {
                broken.append(BrokenClaim(app: app, claim: claim, since: since))
                continue
            }
            // Held since `since`: fixed if the last run before it that has the claim did not hold.
            var before = since - 1
            while before >= 0, notHolding[before][key] == nil { before -= 1 }
            if before >= 0, notHolding[before][key] == true {
                fixed.append(FixedClaim(app: app, claim: claim, since: since, lastBroken: before))
            }
        }
        func byName(_ a: (String, HistoryRun.Claim), _ b: (String, HistoryRun.Claim)) -> Bool {
            for (x, y) in [(a.0, b.0), (a.1.policy, b.1.policy), (a.1.file, b.1.file), (a.1.trace, b.1.trace)] where x != y {
                return HistoryOrder.fileNameOrder(x, y)
            }
            return false
        }
        return (
            broken.sorted { byName(($0.app, $0.claim), ($1.app, $1.claim)) },
            // The latest fixes first.
            fixed.sorted { $0.since != $1.since ? $0.since > $1.since : byName(($0.app, $0.claim), ($1.app, $1.claim)) }
        )
    }
}
