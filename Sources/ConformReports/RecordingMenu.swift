import ConformCore

/// One entry of `conform record`'s menu: what a menu number picks.
public enum RecordingMenuItem: Sendable {
    /// An action as the trace writes it.
    case action(Action)
    /// An action of the sheet the policy predicts but that no one has seen yet, known by its role only
    /// (no source gives its words): its title is taken from the sheet the person then reports.
    /// - Parameter position: its place among the predicted sheet's actions (0-based).
    case sheetAction(position: Int, role: SheetRole?)
}

/// What `conform record` asks before it records anything else, and why.
public enum RecordingQuestion: Sendable {
    /// The person picked `before` from the menu while the policy's prediction was unanswered: the
    /// screen they acted on is recorded first, so that the action follows what the trace saw.
    case observation(before: RecordingMenuItem)
    /// The title of one action of the predicted sheet that the policy knows by its role only, `number`
    /// of the `count` such actions; `before` is the menu action waiting for the sheet, if any.
    case title(role: SheetRole?, number: Int, count: Int, before: RecordingMenuItem?)
}
