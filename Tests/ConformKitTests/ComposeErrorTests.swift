import ConformCore
import ConformKit
import ConformReports
import Testing

/// Issue 28 §4: the mistakes a newcomer makes in a policy or a trace get one located error that names the fix.
@Suite("Kit: errors that point at the fix (compose policy)")
struct ComposeErrorTests {
    @Test func theComposePolicyAndItsTracesLintClean() {
        let (lines, result) = ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.traces])
        #expect(lines == [])
        #expect(result.traceFiles == 10)
        #expect(result.policyFiles == 1)
    }

    @Test func aMisspeltDomainIsOneErrorAtTheValue() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.broken("domain-forms.yaml")]).lines == [
                "broken/domain-forms.yaml:7:9: error: unknown domain 'forms'; did you mean 'form'? (any other domain needs a 'vocabulary')"
            ])
    }

    @Test func anUnquotedExpressionWithAColonIsToldToBeQuoted() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.broken("unquoted-colon.yaml")]).lines == [
                "broken/unquoted-colon.yaml:12:35: error: YAML syntax: mapping values are not allowed in this context; "
                    + "quote the expression, as YAML reads ': ' inside it as a map: done: \"form.to != null ? enabled : disabled\""
            ])
    }

    @Test func anUnquotedExpressionInAFlowMapIsToldToBeQuoted() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.broken("flow-unquoted.yaml")]).lines == [
                "broken/flow-unquoted.yaml:11:40: error: YAML syntax: did not find expected ',' or '}'; "
                    + "quote the expression, as YAML reads ': ' inside it as a map: done: \"form.to != null ? enabled : disabled\""
            ])
    }

    @Test func anUnquotedNegationIsToldToBeQuoted() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.broken("negation-unquoted.yaml")]).lines == [
                "broken/negation-unquoted.yaml:24:15: error: the tag '!edited' is not read: a leading ! starts a YAML tag; "
                    + "if it is an expression, quote it: \"!edited\""
            ])
    }

    @Test func aSheetAtTheIndentOfSeeBelongsUnderIt() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.broken("sheet-indent.yaml")]).lines == [
                "broken/sheet-indent.yaml:8:5: error: 'sheet' is an observation: it belongs under 'see:'; "
                    + "indent it further than '- see:' (or write see: { sheet: ... })"
            ])
    }

    @Test func anOnIndentedAsAStateIsOneError() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.broken("on-indent.yaml")]).lines == [
                "broken/on-indent.yaml:17:3: error: 'on:' stands at the indent of the state names, so it reads as a state named 'on'; "
                    + "indent it under 'composing:' (further than the state's name)"
            ])
    }

    @Test(arguments: [
        (
            "sheet-action-pair.yaml",
            "31:13: error: a sheet action is a title or { title, role }: write { title: Delete Draft, role: destructive }"
        ),
        ("role-typo.yaml", "31:42: error: a role is one of default, destructive, cancel, not 'destructve'; did you mean 'destructive'?"),
        (
            "sheet-under-on.yaml",
            "35:7: error: 'sheet' is an observation, not an action: it belongs under the state's 'see:', not under 'on:'"
        ),
        ("see-list.yaml", "47:7: error: the 'see' of 'discarded' must be a map, not a list; drop the '- ' before each key"),
        (
            "not-final.yaml",
            "38:3: warning: state 'sent' is not final and has no way out: no transition leads to another state "
                + "(add one, or make it 'final: true')"
        ),
    ])
    func aPolicyMistakeIsOneLocatedMessageNamingTheFix(file: String, message: String) {
        #expect(ComposeFixtures.lint([ComposeFixtures.broken(file)]).lines == ["broken/\(file):\(message)"])
    }

    @Test(arguments: [
        (
            "see-one-line.yaml",
            "5:14: error: YAML syntax: mapping values are not allowed in this context; "
                + "a map inside a map on one line needs braces: see: { done: disabled }"
        ),
        ("saved-quoted.yaml", "6:36: error: 'saved' must be bool, not a string; write false without quotes (quoted, it is a string)"),
        ("steps-without-dashes.yaml", "5:3: error: 'steps' must be a list, not a map; start each step with '- ' (  - tap: Cancel)"),
    ])
    func aTraceMistakeIsOneLocatedMessageNamingTheFix(file: String, message: String) {
        #expect(ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.broken(file)]).lines == ["broken/\(file):\(message)"])
    }

    @Test func aChoiceTheSheetDoesNotOfferListsItsTitles() throws {
        #expect(
            try ComposeFixtures.departure("choose-case.yaml")
                == "7:5: chose 'Delete draft', which the sheet does not offer (it offers: 'Delete Draft', 'Save Draft', 'Cancel'); "
                + "did you mean 'Delete Draft'?")
    }

    @Test func aTapInTheWrongCaseSuggestsTheLabel() throws {
        #expect(
            try ComposeFixtures.departure("tap-send.yaml")
                == "6:5: tapped 'send', but 'compose' has no button labelled so; did you mean 'Send'?")
    }

    @Test func aTapOfTheDefaultLabelNamesTheRenamedOne() throws {
        #expect(
            try ComposeFixtures.departure("tap-done.yaml")
                == "5:5: tapped 'Done', but 'compose' has no button labelled so; its done button is labelled 'Send'")
    }

    @Test func aTapOfASheetActionIsToldToChoose() throws {
        #expect(
            try ComposeFixtures.departure("tap-sheet-action.yaml")
                == "7:5: tap Delete Draft while a sheet is shown (only choose may follow); write choose: Delete Draft")
    }

    @Test(arguments: [
        ("tap-send.yaml", "6:5: warning: 'send' is no label of 'compose' (they match exactly); did you mean 'Send'?"),
        ("tap-done.yaml", "5:5: warning: 'Done' is no label of 'compose' (they match exactly); did you mean 'Send'?"),
        (
            "choose-case.yaml",
            "7:5: warning: 'Delete draft' is no sheet action title of 'compose' (they match exactly); did you mean 'Delete Draft'?"
        ),
    ])
    func lintWarnsAtALabelOrTitleThatSlips(file: String, message: String) {
        #expect(ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.broken(file)]).lines == ["broken/\(file):\(message)"])
    }

    @Test func yesIsToldToBeTrue() {
        #expect(
            ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.broken("saved-yes.yaml")]).lines == [
                "broken/saved-yes.yaml:7:36: error: 'saved' must be bool, not a string; write true (YAML 1.2 reads 'yes' as a string)"
            ])
    }

    @Test func aFileThatIsNotYAMLIsCountedAsUnreadable() {
        let (lines, result) = ComposeFixtures.lint([ComposeFixtures.policy, ComposeFixtures.broken("syntax-error.yaml")])
        #expect(lines == ["broken/syntax-error.yaml:5:4: error: YAML syntax: did not find expected '-' indicator"])
        #expect(result.traceFiles == 0)
        #expect(result.policyFiles == 1)
        #expect(result.unreadableFiles == 1)
        #expect(
            CommandWording.lintSummary(traceFiles: 0, policyFiles: 1, unreadableFiles: 1, problems: 1, terminal: Terminal(colours: false))
                == "0 trace files, 1 policy file, 1 file that could not be read: 1 problem")
    }
}
