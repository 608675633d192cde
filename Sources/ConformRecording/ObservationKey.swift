/// The `see` keys a `ScreenObserver` can record, in the order it records them.
public enum ObservationKey: String, CaseIterable, Hashable, Sendable {
    // The form vocabulary (Docs/TraceFormat.md).
    /// `done:` the confirming bar button: `enabled`, `disabled` or `absent`.
    case done
    /// `cancel:` the cancelling bar button: `enabled`, `disabled` or `absent`.
    case cancel
    /// `sheet:` the action sheet or confirmation dialog shown (`none`, or its title, message and actions).
    case sheet
    /// `dismissed:` whether the form is gone.
    case dismissed
    /// `form:` the configured fields' values as displayed.
    case form
    /// `saved:` whether the app persisted the edits (supplied by the test; the screen cannot show it).
    case saved
    // The keyboard vocabulary (Docs/KeyboardVocabulary.md).
    /// `offset:` the scroll view's `contentOffset.y`, read from the app's debug element (`offsetHook`).
    case offset
    /// `inset:` the scroll view's `contentInset.bottom`, read from the app's debug element (`insetHook`).
    case inset
    // The disclosure vocabulary (Docs/DisclosureVocabulary.md).
    /// `indicators:` whether the visible disclosable cells show the disclosure indicator.
    case indicators

    /// The keys of the form vocabulary.
    public static let formKeys: [ObservationKey] = [.done, .cancel, .sheet, .dismissed, .form, .saved]
}
