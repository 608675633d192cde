/// Compares a policy's sheet with the sheet a trace saw.
enum SheetMatcher {
    static func accepts(_ expected: SheetExpectation, _ seen: SheetObservation, learnedRoles: NameMap<SheetRole>) -> Bool {
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
            if outside, buttonCount(actions, outsideCancels: true) == actions.count { return false }
            guard let seenActions else { return true }
            guard buttonCount(actions, outsideCancels: outside) == seenActions.count else { return false }
            // The buttons shown beside those seen, in order, without listing them: by position,
            // as the replay walks every array (`Replay`).
            var seen = 0
            for index in 0..<actions.count where !(outside && actions[index].role == .cancel) {
                guard accepts(actions[index], seenActions[seen], learnedRoles: learnedRoles) else { return false }
                seen += 1
            }
            return true
        }
    }

    /// How many of the policy's actions a sheet shows as buttons: all of them, or all but the cancel
    /// actions when a tap outside cancels (`outside: cancel`).
    static func buttonCount(_ actions: [SheetActionSpec], outsideCancels: Bool) -> Int {
        guard outsideCancels else { return actions.count }
        var count = 0
        for index in 0..<actions.count where actions[index].role != .cancel { count += 1 }
        return count
    }

    private static func accepts(_ spec: SheetActionSpec, _ seen: SheetActionObservation, learnedRoles: NameMap<SheetRole>) -> Bool {
        if let title = spec.title, title != seen.title { return false }
        guard let role = spec.role else { return true }
        // An open title is matched by role: the one this see gives, or the one learnt earlier.
        if let seenRole = seen.role ?? (spec.title == nil ? learnedRoles[seen.title] : nil) { return seenRole == role }
        return true
    }
}
