/// The `see` keys a `ScreenObserver` can record, in the order it records them.
public enum ObservationKey: String, CaseIterable, Hashable, Sendable {
    // The form vocabulary (Docs/TraceFormat.md).
    case done, cancel, sheet, dismissed, form, saved
    // The keyboard vocabulary (Docs/KeyboardVocabulary.md).
    case offset, inset
    // The disclosure vocabulary (Docs/DisclosureVocabulary.md).
    case indicators

    /// The keys of the form vocabulary.
    public static let formKeys: [ObservationKey] = [.done, .cancel, .sheet, .dismissed, .form, .saved]
}
