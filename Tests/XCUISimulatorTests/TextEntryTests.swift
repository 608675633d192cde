import Testing

@testable import XCUISimulator

@Suite("Simulator: typing into fields") struct TextEntryTests {
    @Test func aFieldThatCapitalisesSentencesCapitalisesTheFirstLetterTyped() {
        #expect(TextEntry.apply("milk and eggs", to: "", capitalisingSentences: true) == "Milk and eggs")
        #expect(TextEntry.apply("milk and eggs", to: "", capitalisingSentences: false) == "milk and eggs")
    }

    @Test func aLetterAfterASentenceEndAndASpaceIsCapitalised() {
        #expect(TextEntry.apply(" then bread", to: "Milk.", capitalisingSentences: true) == "Milk. Then bread")
        #expect(TextEntry.apply(" and bread", to: "Milk", capitalisingSentences: true) == "Milk and bread")
    }

    @Test func theDeleteKeyRemovesOneCharacterEach() {
        #expect(TextEntry.apply("\u{8}\u{8}", to: "Milk", capitalisingSentences: true) == "Mi")
        #expect(TextEntry.apply("\u{7F}", to: "Milk", capitalisingSentences: true) == "Mil")
        #expect(TextEntry.apply("\u{8}\u{8}\u{8}", to: "ab", capitalisingSentences: false) == "")
        // Deleting everything starts a sentence again.
        #expect(TextEntry.apply("\u{8}\u{8}\u{8}\u{8}bread", to: "Milk", capitalisingSentences: true) == "Bread")
    }
}
