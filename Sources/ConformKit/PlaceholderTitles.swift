import ConformCore

/// Warnings at every sheet action title in the form `conform record`, `generate` and `compare` use
/// for a role whose words no source gives (`(destructive action)`): a trace that holds one holds a
/// prediction, not something the screen showed (Docs/Checking.md, "Vacuous claims"). Given for every
/// trace, claimed or not: it is about what the file records, not about a verdict.
struct PlaceholderTitles: TraceWarningCheck {
    func warnings(about checked: inout CheckedTrace) -> [Diagnostic] {
        Self.warnings(in: checked.trace)
    }

    /// The warnings about `trace`'s titles, in step order.
    static func warnings(in trace: Trace) -> [Diagnostic] {
        // A placeholder ends in `)`: when the reader saw no title that does, the steps need no walk.
        if let digest = trace.digest, !digest.hasTitleEndingInParenthesis { return [] }
        var warnings: [Diagnostic] = []
        func warn(_ title: String, at position: TextPosition) {
            warnings.append(
                Diagnostic(
                    .warning,
                    "sheet action title '\(title)' looks like a recorder's prediction (a role no source gives words for), not something the screen showed: write the title the sheet shows",
                    at: SourceLocation(file: trace.file, position: position)))
        }
        for step in trace.steps {
            switch step.kind {
            case .action(.choose(let title)) where PolicySimulator.isPlaceholder(title):
                warn(title, at: step.position)
            case .see(let observation):
                for item in observation.items {
                    guard case .sheet(.details(_, _, let actions?, _)) = item.value else { continue }
                    for action in actions where PolicySimulator.isPlaceholder(action.title) { warn(action.title, at: action.position) }
                }
            default:
                continue
            }
        }
        return warnings
    }
}
