/// Which app names across a history are one app: a name keeps its identity from run to run, and a
/// name that first appears in a run right after another name's last run, with trace files that name
/// had, is that app renamed (the traces moved with it, so the claims' history continues).
struct AppIdentities: Sendable {
    /// Per run, each app name's identity.
    private var byRun: [[String: Int]] = []
    /// Per identity, its names in order with the runs that used them.
    private var history: [[RunHistory.FormerName]] = []

    init(_ runs: [HistoryRun]) {
        var current: [String: Int] = [:]
        var previousFiles: [String: Set<String>] = [:]
        for (index, run) in runs.enumerated() {
            var files: [String: Set<String>] = [:]
            for claim in run.claims { files[claim.app ?? RunHistory.noApp, default: []].insert(claim.file) }
            let names = files.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            let renames = Self.renames(from: previousFiles, to: files)
            var identities: [String: Int] = [:]
            for name in names {
                let identity: Int
                if let old = renames[name], let known = current[old] {
                    identity = known
                    current[old] = nil
                } else if let known = current[name] {
                    identity = known
                } else {
                    identity = history.count
                    history.append([])
                }
                current[name] = identity
                identities[name] = identity
                if let last = history[identity].last, last.name == name {
                    history[identity][history[identity].count - 1] = RunHistory.FormerName(name: name, runs: last.runs.lowerBound...index)
                } else {
                    history[identity].append(RunHistory.FormerName(name: name, runs: index...index))
                }
            }
            byRun.append(identities)
            previousFiles = files
        }
    }

    /// The identity of the app called `name` in run `index` (a name the run does not have: -1).
    func identity(of name: String, in index: Int) -> Int {
        byRun.indices.contains(index) ? byRun[index][name] ?? -1 : -1
    }

    /// The names of `identity`, oldest first; the last is the one it has now.
    func names(of identity: Int) -> [RunHistory.FormerName] {
        history.indices.contains(identity) ? history[identity] : []
    }

    /// New name → old name, for each app of the previous run missing from this one whose trace files
    /// are, in part, those of exactly one new app of this run (and that new app's of exactly it).
    private static func renames(from previous: [String: Set<String>], to current: [String: Set<String>]) -> [String: String] {
        let gone = previous.keys.filter { current[$0] == nil }
        let new = current.keys.filter { previous[$0] == nil }
        var candidates: [String: [String]] = [:]
        var claimed: [String: [String]] = [:]
        for old in gone {
            for name in new where !(previous[old] ?? []).isDisjoint(with: current[name] ?? []) {
                candidates[old, default: []].append(name)
                claimed[name, default: []].append(old)
            }
        }
        var out: [String: String] = [:]
        for (old, names) in candidates where names.count == 1 {
            if claimed[names[0]]?.count == 1 { out[names[0]] = old }
        }
        return out
    }
}
