import ConformCore

/// Why an `XCUITraceRecorder` helper could not perform its action. Nothing is recorded when one is thrown:
/// the trace keeps every step recorded before.
public enum XCUIRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `choose` found no button of that title in a visible sheet, alert or popover, and (for the
    /// cancel role) no popover dismiss region to tap instead.
    case noSheetButton(title: String, role: SheetRole?)
    /// `tapBarButton` found no button of that label in a navigation bar or toolbar.
    case noBarButton(label: String)

    /// What could not be done, in a sentence for the test's failure.
    public var description: String {
        switch self {
        case .noSheetButton(let title, let role):
            let fallback = role == .cancel ? ", and no popover dismiss region ('PopoverDismissRegion') to tap outside it" : ""
            return "no button '\(title)' in a visible sheet, alert or popover\(fallback)"
        case .noBarButton(let label):
            return "no button '\(label)' in a navigation bar or toolbar"
        }
    }
}
