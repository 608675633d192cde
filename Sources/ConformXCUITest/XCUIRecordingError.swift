import ConformCore

/// Why an `XCUITraceRecorder` helper could not perform its action. Nothing is recorded when one is thrown:
/// the trace keeps every step recorded before.
public enum XCUIRecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `choose` found no button of that title in a visible sheet, alert or popover, and (for the
    /// cancel role) no popover dismiss region to tap instead.
    case noSheetButton(title: String, role: SheetRole?)
    /// `tapBarButton` found no button of that label in a navigation bar or toolbar in front.
    case noBarButton(label: String)
    /// `tapButton` found no button of that label in front, in a bar or elsewhere.
    case noButton(label: String)

    /// What could not be done, in a sentence for the test's failure.
    public var description: String {
        switch self {
        case .noSheetButton(let title, let role):
            let fallback = role == .cancel ? ", and no popover dismiss region (identifier 'PopoverDismissRegion') to tap outside it" : ""
            return "no button '\(title)' in a visible sheet, alert or popover\(fallback)"
        case .noBarButton(let label):
            return "no button '\(label)' in a navigation bar or toolbar of the front-most screen"
        case .noButton(let label):
            return "no button '\(label)' on the front-most screen"
        }
    }
}
