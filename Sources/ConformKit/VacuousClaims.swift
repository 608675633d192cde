import ConformCore

/// Warnings for the claims of a trace that hold without showing the behaviour they claim (Docs/Checking.md,
/// "Vacuous claims"): a trace of observations only, or of actions only, and, per claim that holds, a
/// policy that compared none of its observations or that no action moved. Only a trace with a claim
/// that holds is warned about: an unclaimed trace decides nothing, and a broken claim is no vacuous
/// "holds". Warnings keep the exit status.
///
/// What each policy judged was counted in the claim's one replay (`CheckedTrace.exercises`); a claimed
/// pair without those counts is replayed here (`Checker.exercise`), as before they were gathered.
struct VacuousClaims: TraceWarningCheck {
    func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
        let trace = checked.trace
        let results = checked.results
        let holds = results.contains { result in
            guard result.claimed, case .pass = result.verdict else { return false }
            return true
        }
        guard holds, let first = trace.steps.first else { return [] }
        let file = trace.file
        let start = SourceLocation(file: file, position: first.position)
        var warnings: [Diagnostic] = []
        let actions = trace.steps.count { if case .action = $0.kind { true } else { false } }
        let observed = trace.steps.contains { if case .see(let observation) = $0.kind { !observation.items.isEmpty } else { false } }
        if actions == 0 {
            warnings.append(
                Diagnostic(
                    .warning, "the trace takes no action, only observations: it shows the screen as it opened, not how the app behaves",
                    at: start))
        }
        if !observed {
            warnings.append(
                Diagnostic(
                    .warning, "the trace observes nothing (no 'see' names a key): a claim holds on it whenever its actions are allowed",
                    at: start))
        }
        for index in results.indices where results[index].claimed {
            guard case .pass = results[index].verdict else { continue }
            let exercise = checked.exercise(at: index)
            let id = results[index].policy
            let location = trace.claims.first { $0.policy == id }.map { SourceLocation(file: file, position: $0.position) } ?? start
            if observed, exercise.compared == 0 {
                let keys = exercise.unjudgedKeys.map { "'\($0)'" }.joined(separator: ", ")
                warnings.append(
                    Diagnostic(
                        .warning,
                        "'\(id)' holds, but compared none of the observations: it specifies none of \(keys) where the trace sees them",
                        at: location))
            }
            if actions > 0, exercise.moved == 0 {
                warnings.append(
                    Diagnostic(
                        .warning,
                        "'\(id)' holds, but no action took one of its transitions (each was ignored, a tap on a disabled button, or present): the trace shows only its opening state",
                        at: location))
            }
        }
        return warnings
    }
}
