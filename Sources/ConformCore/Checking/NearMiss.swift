/// Why two texts that differ look alike: a reader comparing `'Discard Changes'` with `'Discard changes'`
/// by eye may not see the difference, so a difference says what kind it is.
public enum NearMiss: String, Sendable, Hashable, CaseIterable {
    /// The same letters in another case: `Discard Changes`, `Discard changes`.
    case caseDiffers = "case differs"
    /// Spaces (or other spacing) at the end of one of them only.
    case trailingSpace = "trailing space"
    /// Spaces at the start of one of them only.
    case leadingSpace = "leading space"
    /// The same words spaced otherwise: two spaces for one, a tab, a non-breaking space, both ends.
    case whitespaceDiffers = "whitespace differs"
    /// The same words in another case and spaced otherwise.
    case caseAndWhitespaceDiffer = "case and whitespace differ"
    /// The same letters and digits with other punctuation or symbols: `Don't`, `Don’t`; `Save`, `Save…`.
    case punctuationDiffers = "differs only in punctuation"

    /// The kind of near miss `observed` is of `expected`, most specific first; `nil` when they are equal
    /// or differ in more than case, spacing or punctuation.
    public static func between(_ expected: String, _ observed: String) -> NearMiss? {
        guard expected != observed else { return nil }
        // Titles are nearly always ASCII, and a sheet's departure compares every title with every
        // other (`SheetDifference`): the byte-wise kind is the same, without walking characters.
        if let kind = ASCIINearMiss.between(expected, observed) { return kind.nearMiss }
        return byCharacters(expected, observed)
    }

    /// `between` by characters, for any text (and the definition `ASCIINearMiss` is tested against).
    static func byCharacters(_ expected: String, _ observed: String) -> NearMiss? {
        guard expected != observed else { return nil }
        if expected.lowercased() == observed.lowercased() { return .caseDiffers }
        if trimmedEnd(expected) == trimmedEnd(observed) { return .trailingSpace }
        if trimmedStart(expected) == trimmedStart(observed) { return .leadingSpace }
        let spacedAlike = collapsed(expected) == collapsed(observed)
        if spacedAlike { return .whitespaceDiffers }
        if collapsed(expected).lowercased() == collapsed(observed).lowercased() { return .caseAndWhitespaceDiffer }
        let words = { (text: String) in String(text.filter { !$0.isPunctuation && !$0.isWhitespace && !$0.isSymbol }) }
        if !words(expected).isEmpty, words(expected) == words(observed) { return .punctuationDiffers }
        return nil
    }

    private static func trimmedEnd(_ text: String) -> Substring {
        let end = text.lastIndex(where: { !$0.isWhitespace }).map { text.index(after: $0) } ?? text.startIndex
        return text[..<end]
    }

    private static func trimmedStart(_ text: String) -> Substring {
        text.drop(while: \.isWhitespace)
    }

    /// The words of `text` joined by one space: spacing of any kind and length counts the same.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
