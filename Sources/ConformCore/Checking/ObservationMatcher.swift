/// Compares a policy's sheet with the sheet a trace saw.
enum SheetMatcher {
    static func accepts(_ expected: SheetExpectation, _ seen: SheetObservation, learnedRoles: [String: SheetRole]) -> Bool {
        switch (expected, seen) {
        case (.none, .none): return true
        case (.none, _), (.shown, .none): return false
        case (.shown, .shown): return true
        case (.shown(let title, let message, let actions), .details(let seenTitle, let seenMessage, let seenActions, let outside)):
            if let seenTitle, !title.accepts(seenTitle) { return false }
            if let seenMessage, !message.accepts(seenMessage) { return false }
            guard let actions else { return true }
            // A tap outside stands for the cancel action: the policy must have one, and the buttons
            // shown are the policy's other actions.
            if outside, !actions.contains(where: { $0.role == .cancel }) { return false }
            guard let seenActions else { return true }
            let shown = buttons(actions, outsideCancels: outside)
            guard shown.count == seenActions.count else { return false }
            return zip(shown, seenActions).allSatisfy { accepts($0, $1, learnedRoles: learnedRoles) }
        }
    }

    /// The policy's actions that a sheet shows as buttons: all of them, or all but the cancel actions
    /// when a tap outside cancels (`outside: cancel`).
    static func buttons(_ actions: [SheetActionSpec], outsideCancels: Bool) -> [SheetActionSpec] {
        outsideCancels ? actions.filter { $0.role != .cancel } : actions
    }

    private static func accepts(_ spec: SheetActionSpec, _ seen: SheetActionObservation, learnedRoles: [String: SheetRole]) -> Bool {
        if let title = spec.title, title != seen.title { return false }
        guard let role = spec.role else { return true }
        // An open title is matched by role: the one this see gives, or the one learnt earlier.
        if let seenRole = seen.role ?? (spec.title == nil ? learnedRoles[seen.title] : nil) { return seenRole == role }
        return true
    }
}
