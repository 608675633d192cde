/// What the learner knows of the screen at a point of a trace, or in a learned state: every key may be
/// unknown, and an unknown key agrees with any value (a `see` that does not name a key does not
/// constrain it).
struct ScreenKnowledge: Equatable, Sendable {
    /// `enabled`, `disabled` or `absent`.
    var done: String?
    var cancel: String?
    var dismissed: Bool?
    var saved: Bool?
    /// Whether the form is modified (or edited, by the guard learnt) here: known from the inputs, not seen.
    var flag: Bool?
    /// Whether a sheet is shown.
    var sheetShown: Bool?
    var sheetTitle: TextKnowledge = .unknown
    var sheetMessage: TextKnowledge = .unknown
    /// The sheet's actions in display order, when some trace listed them.
    var actions: [ActionKnowledge]?

    /// Whether a form dismissed here: only `present` follows, so whether it was modified no longer matters.
    var isDismissed: Bool { dismissed == true }

    // MARK: - Two states: may they merge?

    /// Whether a state knowing `self` and one knowing `other` may be one state: no key with two different
    /// known values (titles included), and the same form flag unless the form is dismissed.
    func isCompatible(with other: ScreenKnowledge) -> Bool {
        if !Self.agree(done, other.done) || !Self.agree(cancel, other.cancel) { return false }
        if !Self.agree(dismissed, other.dismissed) || !Self.agree(saved, other.saved) { return false }
        if !isDismissed, !other.isDismissed, !Self.agree(flag, other.flag) { return false }
        // A dismissed form that a trace saw saved (or not) is not one that no trace saw saved: nothing follows a
        // dismissal to tell them apart, so the evidence of the one would decide the other.
        if isDismissed || other.isDismissed, (saved == nil) != (other.saved == nil) { return false }
        if !Self.agree(sheetShown, other.sheetShown) { return false }
        if !sheetTitle.agrees(with: other.sheetTitle) || !sheetMessage.agrees(with: other.sheetMessage) { return false }
        if let mine = actions, let theirs = other.actions {
            guard mine.count == theirs.count else { return false }
            for (a, b) in zip(mine, theirs) where !a.agrees(with: b) { return false }
        }
        return true
    }

    /// The evidence for merging: how many keys both know, with the same value.
    func evidence(with other: ScreenKnowledge) -> Int {
        var count = 0
        if done != nil, done == other.done { count += 1 }
        if cancel != nil, cancel == other.cancel { count += 1 }
        if dismissed != nil, dismissed == other.dismissed { count += 1 }
        if saved != nil, saved == other.saved { count += 1 }
        if sheetShown != nil, sheetShown == other.sheetShown { count += 1 }
        if sheetTitle.isKnown, sheetTitle == other.sheetTitle { count += 1 }
        if sheetMessage.isKnown, sheetMessage == other.sheetMessage { count += 1 }
        if actions != nil, other.actions != nil { count += 1 }
        return count
    }

    /// Takes in what a compatible state knows: the union.
    mutating func absorb(_ other: ScreenKnowledge) {
        done = done ?? other.done
        cancel = cancel ?? other.cancel
        dismissed = dismissed ?? other.dismissed
        saved = saved ?? other.saved
        flag = flag ?? other.flag
        sheetShown = sheetShown ?? other.sheetShown
        sheetTitle = sheetTitle.union(other.sheetTitle)
        sheetMessage = sheetMessage.union(other.sheetMessage)
        if let theirs = other.actions {
            if let mine = actions, mine.count == theirs.count {
                actions = zip(mine, theirs).map { $0.union($1) }
            } else if actions == nil {
                actions = theirs
            }
        }
    }

    private static func agree<T: Equatable>(_ a: T?, _ b: T?) -> Bool {
        guard let a, let b else { return true }
        return a == b
    }
}

/// A sheet's title or message (or an action's title) as the learner knows it.
enum TextKnowledge: Equatable, Sendable {
    case unknown
    /// Explicitly none (`title: null`).
    case absent
    case text(String)
    /// Traces showed different texts at one point (recordings in two languages): matched by role only.
    case varies

    var isKnown: Bool {
        switch self {
        case .absent, .text: return true
        case .unknown, .varies: return false
        }
    }

    /// Whether two states may have this text: different known texts may not.
    func agrees(with other: TextKnowledge) -> Bool {
        guard isKnown, other.isKnown else { return true }
        return self == other
    }

    /// What a merged state knows.
    func union(_ other: TextKnowledge) -> TextKnowledge {
        switch (self, other) {
        case (.unknown, _): return other
        case (_, .unknown): return self
        case (.varies, _), (_, .varies): return .varies
        default: return self == other ? self : .varies
        }
    }
}

/// One action of a sheet: its role where known, its title.
struct ActionKnowledge: Equatable, Sendable {
    var role: SheetRole?
    var title: TextKnowledge

    func agrees(with other: ActionKnowledge) -> Bool {
        if let role, let theirs = other.role, role != theirs { return false }
        return title.agrees(with: other.title)
    }

    func union(_ other: ActionKnowledge) -> ActionKnowledge {
        ActionKnowledge(role: role ?? other.role, title: title.union(other.title))
    }
}
