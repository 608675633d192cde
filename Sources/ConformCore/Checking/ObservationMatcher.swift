/// Compares a policy's sheet with the sheet a trace saw.
enum SheetMatcher {
    static func accepts(_ expected: SheetExpectation, _ seen: SheetObservation, learnedRoles: [String: SheetRole]) -> Bool {
        switch (expected, seen) {
        case (.none, .none): return true
        case (.none, _), (.shown, .none): return false
        case (.shown, .shown): return true
        case (.shown(let title, let message, let actions), .details(let seenTitle, let seenMessage, let seenActions)):
            if let seenTitle, !title.accepts(seenTitle) { return false }
            if let seenMessage, !message.accepts(seenMessage) { return false }
            guard let actions, let seenActions else { return true }
            guard actions.count == seenActions.count else { return false }
            return zip(actions, seenActions).allSatisfy { accepts($0, $1, learnedRoles: learnedRoles) }
        }
    }

    private static func accepts(_ spec: SheetActionSpec, _ seen: SheetActionObservation, learnedRoles: [String: SheetRole]) -> Bool {
        if let title = spec.title, title != seen.title { return false }
        guard let role = spec.role else { return true }
        // An open title is matched by role: the one this see gives, or the one learnt earlier.
        if let seenRole = seen.role ?? (spec.title == nil ? learnedRoles[seen.title] : nil) { return seenRole == role }
        return true
    }
}
