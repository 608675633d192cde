import ConformCore

/// What `conform learn` says about its input: contradicting traces, traces it cannot learn from, a
/// learned policy that does not hold.
public enum LearnWording {
    /// Two traces that show different observations after the same abstracted actions, located at the
    /// later sighting and naming the earlier one's file, line and step.
    public static func contradiction(_ contradiction: LearningContradiction, traces: [Trace]) -> Diagnostic {
        let first = contradiction.first
        let second = contradiction.second
        let firstTrace = traces[first.trace]
        let secondTrace = traces[second.trace]
        let actions =
            contradiction.inputs.isEmpty
            ? "when the form opens" : "after " + contradiction.inputs.map(\.display).joined(separator: " → ")
        let firstStep = firstTrace.steps[first.step].number
        let secondStep = secondTrace.steps[second.step].number
        let elsewhere =
            first.trace == second.trace
            ? "step \(firstStep) (line \(first.item.position.line)) of the same trace"
            : "\(firstTrace.file):\(first.item.position.line):\(first.item.position.column) (step \(firstStep))"
        var message =
            "contradicting traces: \(actions), step \(secondStep) shows \(shown(second.item)), but \(elsewhere) shows \(shown(first.item)); "
            + "conform learn never merges them: learn from the traces of one behaviour (one app, one settings) at a time"
        let claims = [secondTrace, firstTrace].map { trace in trace.claims.map(\.policy) }
        if first.trace != second.trace, !claims[0].isEmpty || !claims[1].isEmpty, claims[0] != claims[1] {
            func list(_ ids: [String]) -> String { ids.isEmpty ? "no policy" : ids.joined(separator: ", ") }
            message += " (this trace claims \(list(claims[0])), the other \(list(claims[1])))"
        }
        if contradiction.editsDiffer {
            message +=
                "; their edits differ, so the app may decide on what the fields hold, which conform learn cannot learn (a guard over field values: write that policy by hand, Docs/WritingPolicies.md)"
        }
        return Diagnostic(.error, message, at: SourceLocation(file: secondTrace.file, position: second.item.position))
    }

    private static func shown(_ item: ObservedItem) -> String {
        "\(item.key): \(item.value.display)"
    }

    /// A trace left out of learning: it speaks another domain.
    public static func refused(_ trace: Trace, reason: String) -> Diagnostic {
        Diagnostic(
            .warning, "not learnt from: \(reason): conform learn infers form policies only",
            at: SourceLocation(file: trace.file, position: nil))
    }

    /// The learned policy departs from one of the traces it was learnt from.
    public static func doesNotHold(_ trace: Trace, policy: String, departure: String, at position: TextPosition?) -> Diagnostic {
        Diagnostic(
            .error,
            "the policy learnt ('\(policy)') does not hold on this trace: \(departure); no form policy can hold on a trace that acts while a sheet shows, after the form is dismissed, or on a button it saw absent, and otherwise this is a bug in conform learn",
            at: SourceLocation(file: trace.file, position: position))
    }

    /// The scenario's actions in `compare`'s words, joined by arrows; "Open the form" when it has none.
    public static func scenario(_ difference: Difference, policy: Policy, form: [String: Value]) -> String {
        let wording = ScenarioWording(policy: policy, form: form)
        let steps = difference.actions.map(wording.action)
        return steps.isEmpty ? "Open the form" : steps.joined(separator: " → ")
    }

    /// What lint's warnings about a learned policy that was not written name as their place.
    public static func unwrittenPolicy(_ id: String) -> String {
        "the learned policy '\(id)' (not written)"
    }

    /// How a guard is named in a sentence: `modified`, `edited`, or no guard.
    public static func guardName(_ editGuard: EditGuard) -> String {
        editGuard == .none ? "no guard" : "`\(editGuard.rawValue)`"
    }

    /// What the guard means, after its name on the model's first line.
    public static func guardMeaning(_ editGuard: EditGuard) -> String {
        switch editGuard {
        case .modified: return "the app compares the fields with their values when the form opened (edits set back leave it unmodified)"
        case .edited: return "the app keeps a sticky flag (once edited, the form stays edited, even when the edits are set back)"
        case .none: return "edits change nothing the traces show"
        }
    }

    /// Why the guard is undetermined and what trace decides it, or `nil` when the traces decide it.
    /// - Parameter example: the first scenario that tells the two models apart, in `compare`'s words.
    public static func guardUndetermined(_ model: LearnedModel, example: String?) -> String? {
        guard !model.guardDetermined else { return nil }
        guard model.editsSeen else {
            return "guard undetermined: no trace edits the form; record one that edits a field, and one that sets it back."
        }
        guard let other = model.alternatives.first?.editGuard else {
            return "guard undetermined: record a trace that sets an edited field back to its value when the form opened."
        }
        let kept = model.editGuard == .none ? "no guard (the smaller model)" : guardName(model.editGuard)
        return "guard undetermined: the traces fit both \(guardName(model.editGuard)) and \(guardName(other)); "
            + "add a trace that tells them apart" + (example.map { " (e.g. \($0))" } ?? "") + ". Until one does, the policy uses \(kept)."
    }

    /// How a model is named in messages: its app, and its settings when the traces give some.
    public static func modelName(app: String?, settings: [String: Value]) -> String {
        let name = app.map { "'\($0)'" } ?? "the traces without an app"
        return settings.isEmpty ? name : "\(name) with settings \(LearnedPolicyYAML.settingsText(settings))"
    }
}
