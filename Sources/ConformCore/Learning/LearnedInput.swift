/// Which form flag the learner splits edits by: the guard of the learned policy's `edit` transitions.
public enum EditGuard: String, CaseIterable, Sendable {
    /// The form compares values: an edit that sets a field back to its opening value leaves it clean.
    case modified
    /// The form keeps a sticky flag: once edited, it stays edited until it is reopened.
    case edited
    /// Edits change nothing that the traces show.
    case none
}

/// An action of a trace, abstracted: what the learner's states have transitions on.
public enum LearnedInput: Hashable, Comparable, Sendable {
    /// An edit: under `modified`, whether it leaves the form modified; under `edited`, any edit (`nil`).
    case edit(leavesModified: Bool?)
    /// A tap on a button by its label.
    case tap(String)
    /// A swipe in a direction.
    case swipe(String)
    /// A sheet action chosen by its role (a `tap-outside` is the cancel role's).
    case chooseRole(SheetRole)
    /// A sheet action chosen by its title, when no trace of the app gives its role.
    case chooseTitle(String)

    /// The order inputs are tried in: edits, taps, swipes, choices; then by their words.
    private var rank: (Int, String) {
        switch self {
        case .edit(let modified): return (0, modified.map { $0 ? "1" : "2" } ?? "0")
        case .tap(let label): return (1, label)
        case .swipe(let direction): return (2, direction)
        case .chooseRole(let role): return (3, String(SheetRole.allCases.firstIndex(of: role) ?? 0))
        case .chooseTitle(let title): return (4, title)
        }
    }

    /// Whether `lhs` is tried before `rhs`: edits, taps, swipes, choices, then by their words (Unicode scalars).
    public static func < (lhs: LearnedInput, rhs: LearnedInput) -> Bool {
        let (a, b) = (lhs.rank, rhs.rank)
        return a.0 != b.0 ? a.0 < b.0 : a.1.unicodeScalars.lexicographicallyPrecedes(b.1.unicodeScalars)
    }

    /// Whether the input is an edit.
    public var isEdit: Bool {
        if case .edit = self { return true }
        return false
    }

    /// The input in words: `edit (leaves the form modified)`, `tap Done`, `choose destructive`.
    public var display: String {
        switch self {
        case .edit(nil): return "edit"
        case .edit(true?): return "edit (leaves the form modified)"
        case .edit(false?): return "edit (leaves the form unmodified)"
        case .tap(let label): return "tap \(label)"
        case .swipe(let direction): return "swipe \(direction)"
        case .chooseRole(let role): return "choose \(role.rawValue)"
        case .chooseTitle(let title): return "choose \(title)"
        }
    }
}
