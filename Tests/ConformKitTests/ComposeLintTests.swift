import ConformCore
import ConformKit
import Foundation
import Testing

/// Issue 28 §2: lint finds what is wrong with a model that loads. One broken variant of the compose
/// policy per check, each linted with the ten compose traces.
@Suite("Kit: lint finds what is wrong with a model (compose policy)")
struct ComposeLintTests {
    /// Lint's lines for a broken variant of the compose policy and the ten traces.
    private func lint(_ variant: String) -> [String] {
        ComposeFixtures.lint([ComposeFixtures.broken(variant), ComposeFixtures.traces]).lines
    }

    @Test func aFieldNoTraceDeclaresIsWarnedAboutWithTheTracesFields() {
        #expect(
            lint("form-too.yaml") == [
                "broken/form-too.yaml:20:16: warning: 'compose' reads form.too, which no form: of the traces that claim it declares "
                    + "(they declare subject, to); did you mean 'form.to'?"
            ])
    }

    @Test func aRunWarnsEachClaimingTraceOfAFieldItsFormLacks() throws {
        var library = builtIns
        let file = ComposeFixtures.broken("form-too.yaml")
        library.add(bytes: Array(try String(contentsOfFile: file, encoding: .utf8).utf8), file: file)
        let outcome = ConformRunner(library: library).check(file: ComposeFixtures.traces + "/send-greyed.yaml", commandLineClaims: [])
        #expect(
            outcome.warnings.map { $0.formatted.replacingOccurrences(of: ComposeFixtures.folder + "/", with: "") } == [
                "traces/send-greyed.yaml:2:9: warning: 'compose' reads form.too (broken/form-too.yaml:20:16), which the form: of this trace "
                    + "does not declare (it declares subject, to), so it is null throughout; did you mean 'form.to'? "
                    + "(else add too to the trace's form: (too: \"\" for an empty field))"
            ])
    }

    @Test func aFieldTheDeclarationLacksIsAnError() {
        #expect(
            lint("form-too-declared.yaml").first
                == "broken/form-too-declared.yaml:23:16: error: unknown name 'form.too'; did you mean 'form.to'? "
                + "(in the condition: form.too != null && form.too != '')")
    }

    @Test func aDeclaredFieldReadsCleanAndKeepsItsExamples() throws {
        let yaml = try String(contentsOfFile: ComposeFixtures.broken("form-too-declared.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "form.too", with: "form.to")
        let policy = try load(policy: yaml)
        #expect(policy.formFields?.map(\.name) == ["to", "subject"])
        #expect(policy.formFields?.first?.examples == [.string("ana@example.com")])
        #expect(ModelLint.diagnostics(for: policy).isEmpty)
    }

    @Test func aTraceClaimingAPolicyThatDidNotLoadNamesItsFile() {
        let lines = lint("bare-to.yaml")
        #expect(lines.count == 11)
        #expect(
            lines.dropFirst().first
                == "traces/cancel-back.yaml:2:9: error: the trace claims policy 'compose', which did not load: "
                + "fix the errors of broken/bare-to.yaml first")
    }

    @Test func aBareFieldNameIsToldToReadFormDot() {
        #expect(
            lint("bare-to.yaml").first
                == "broken/bare-to.yaml:20:16: error: unknown name 'to'; did you mean 'form.to'? (in the condition: to != null && to != '')"
        )
    }

    @Test func aStateNothingLeadsTo() {
        #expect(
            lint("unreachable-state.yaml") == [
                "broken/unreachable-state.yaml:38:3: warning: nothing leads to state 'archived': no transition of another state names it, "
                    + "and it is not the initial state ('composing'); add a transition to it, check for a misspelt 'to:', or remove it"
            ])
    }

    @Test func aNonFinalStateWithNoWayOut() {
        #expect(
            lint("no-way-out.yaml") == [
                "broken/no-way-out.yaml:38:3: warning: state 'sending' is not final and has no way out: no transition leads to another state "
                    + "(add one, or make it 'final: true')",
                "broken/no-way-out.yaml:41:3: warning: nothing leads to state 'sent': no transition of another state names it, "
                    + "and it is not the initial state ('composing'); add a transition to it, check for a misspelt 'to:', or remove it",
            ])
    }

    @Test func aVariableNeverRead() {
        #expect(
            lint("variable-unread.yaml") == [
                "broken/variable-unread.yaml:15:3: warning: variable 'asked' is never read: no 'see', 'if' or 'set' uses it; "
                    + "read it in a see or an if (or fix a misspelt use), or remove it"
            ])
    }

    @Test func aVariableNeverSet() {
        #expect(
            lint("variable-unset.yaml") == [
                "broken/variable-unset.yaml:15:3: warning: variable 'locked' is never set, so it is always false "
                    + "(set it in a transition, or write the value where it is read)"
            ])
    }

    @Test func aSheetWithoutACancelAction() {
        #expect(
            lint("sheet-no-cancel.yaml") == [
                "broken/sheet-no-cancel.yaml:27:3: warning: the sheet of state 'confirm-cancel' has no action of role cancel; "
                    + "give its cancelling action 'role: cancel' (a tap outside the sheet runs it)"
            ])
    }

    @Test func aSheetWithNoWayBackToEditing() {
        #expect(
            lint("sheet-no-way-back.yaml") == [
                "broken/sheet-no-way-back.yaml:37:7: warning: the sheet of state 'confirm-cancel' has no way back to editing: "
                    + "no choice leads (directly or through another sheet) to a state without a sheet (a cancel action usually does); "
                    + "point 'choose Cancel' at 'composing'"
            ])
    }

    @Test func aWayBackThroughASecondSheetCounts() throws {
        let yaml = """
            conform: 1
            policy: two-sheets
            title: Two confirmations
            states:
              editing:
                on:
                  tap cancel: first
                  tap done: saved
              first:
                see: { sheet: { actions: [{ title: Discard, role: destructive }, { title: Cancel, role: cancel }] } }
                on:
                  choose Discard: second
                  choose Cancel: second
              second:
                see: { sheet: { actions: [{ title: Really, role: destructive }, { title: Back, role: cancel }] } }
                on:
                  choose Really: saved
                  choose Back: editing
              saved:
                final: true
            """
        #expect(ModelLint.diagnostics(for: try load(policy: yaml)).map(\.message) == [])
    }

    @Test func aTapPatternThatSlipsFromABarButtonLabel() {
        #expect(
            lint("tap-slip.yaml") == [
                "broken/tap-slip.yaml:19:7: warning: 'tap send' names no bar button (labels match exactly: 'compose' has Send, Cancel); "
                    + "did you mean 'tap Send'?"
            ])
    }

    @Test func aChoosePatternThatSlipsFromASheetTitle() {
        #expect(
            lint("choose-slip.yaml").first
                == "broken/choose-slip.yaml:35:7: error: the sheet here has no action titled or with the role 'Delete draft'; "
                + "did you mean 'Delete Draft'?")
    }

    @Test func aPatternOtherThanChooseInASheetStateAndAnActionNoChooseTakes() {
        #expect(
            lint("tap-in-sheet.yaml") == [
                "broken/tap-in-sheet.yaml:27:3: warning: the sheet of state 'confirm-cancel' offers the action 'Cancel', "
                    + "but no 'choose' pattern takes it, so choosing it departs",
                "broken/tap-in-sheet.yaml:37:7: warning: 'tap cancel' never applies in state 'confirm-cancel': while its sheet is shown "
                    + "only choose may follow (write choose and the title of the sheet action)",
            ])
    }

    @Test func aFinalStateThatExpectsTheFormShown() {
        #expect(
            lint("see-final-done.yaml") == [
                "broken/see-final-done.yaml:44:3: warning: final state 'discarded' expects dismissed: false, but a final form state "
                    + "is the form dismissed (write dismissed: true, or make the state not final)"
            ])
    }

    @Test func aMisspeltSwipeDirection() {
        #expect(
            lint("swipe-typo.yaml").first
                == "broken/swipe-typo.yaml:19:7: error: a swipe goes down, up, left, right, not 'dwon'; did you mean 'down'?")
    }

    @Test func aFieldUsedAsAGuard() {
        #expect(
            lint("guard-field.yaml") == [
                "broken/guard-field.yaml:20:11: warning: the guard 'form.to' of 'tap done' in state 'composing' holds only when form.to "
                    + "is the boolean true; compare the field instead, e.g. \"form.to != null && form.to != ''\""
            ])
    }

    @Test func aGuardNoValueSatisfies() {
        #expect(
            lint("guard-never.yaml") == [
                "broken/guard-never.yaml:20:11: warning: the guard 'form.to == null && form.to != null' of 'tap done' in state 'composing' "
                    + "holds for no value tried (of form.to), so this branch is never taken; change the guard so that some value "
                    + "satisfies it, or remove the branch"
            ])
    }

    @Test func theBuiltInPoliciesLintClean() {
        for policy in builtIns.policies {
            #expect(ModelLint.diagnostics(for: policy).map(\.formatted) == [], "\(policy.id)")
        }
    }
}
