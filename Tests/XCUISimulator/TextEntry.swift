/// What the software keyboard does to a field's text when a test types (`XCUIElement.typeText`):
/// the delete key removes the last character, and a field that capitalises sentences gets an upper-case
/// letter at the start of each sentence (IOS-UI-TREES.md §3: "typeText goes through autocorrection and
/// autocapitalisation"). The cursor is always at the end of the text: the simulator has no selection.
enum TextEntry {
    /// What deletes the character before the cursor: DEL ("\u{7F}", `XCUIKeyboardKey.delete` as the
    /// declarations give it) and backspace ("\u{8}", which UI tests also type for it).
    static let deleteKeys: Set<Character> = ["\u{7F}", "\u{8}"]

    /// The text of a field that held `current` once `typed` has been typed into it.
    static func apply(_ typed: String, to current: String, capitalisingSentences: Bool) -> String {
        var text = current
        for character in typed {
            if deleteKeys.contains(character) {
                if !text.isEmpty { text.removeLast() }
            } else if capitalisingSentences, startsSentence(after: text) {
                text += character.uppercased()
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// Whether a letter typed after `text` begins a sentence: the field is empty (or blank), or the last
    /// sentence ended and a space followed.
    private static func startsSentence(after text: String) -> Bool {
        guard let last = text.reversed().first(where: { $0 != " " }) else { return true }
        return text.last == " " && ".!?".contains(last)
    }
}
