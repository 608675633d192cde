import ConformCore
import ConformKit
import ConformReports
import Foundation
import Testing

/// The defects the held-out trial of issue 28 found (Add Expense policy, Fixtures/ledger): each broken
/// variant's message is located and names the fix.
@Suite("Kit: held-out Add Expense variants get a located message that names the fix")
struct LedgerHeldOutTests {
    private static let followUps = [
        "traces/expense-cancel-keep-editing-then-save.yaml:6:9: error: the trace claims policy 'ledger-add-expense', which did not load: "
            + "fix the errors of broken/%@ first",
        "traces/expense-save-after-amount.yaml:6:9: error: the trace claims policy 'ledger-add-expense', which did not load: "
            + "fix the errors of broken/%@ first",
    ]

    private func followUps(_ variant: String) -> [String] {
        Self.followUps.map { $0.replacingOccurrences(of: "%@", with: variant) }
    }

    @Test(
        "a policy YAML cannot read, named by the configuration and among lint's paths, is reported once; its claims are sent to it",
        arguments: [
            (
                "unquoted-expression-colon.yaml",
                "16:60: error: YAML syntax: mapping values are not allowed in this context; quote the expression, as YAML reads ': ' "
                    + "inside it as a map: done: \"form.amount != null && form.amount != '' ? enabled : disabled\""
            ),
            ("policy-yaml-syntax.yaml", "44:7: error: YAML syntax: did not find expected ',' or '}'"),
            ("tab-indent.yaml", "21:1: error: YAML syntax: found character that cannot start any token"),
            ("duplicate-pattern.yaml", "29:7: error: duplicate key 'tap cancel' (first at line 28, column 7)"),
        ])
    func yamlErrorOnce(variant: String, first: String) {
        let lines = LedgerFixtures.lintAsProject(policy: LedgerFixtures.broken(variant))
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("broken/\(variant):\(first)") == true)
        #expect(Array(lines.dropFirst()) == followUps(variant))
    }
}

extension LedgerHeldOutTests {
    /// Lint's lines for a broken trace beside the good policy and its two traces.
    private func lintTrace(_ variant: String) -> [String] {
        Linter(library: builtIns).lint(paths: [LedgerFixtures.policy, LedgerFixtures.traces, LedgerFixtures.broken(variant)]).diagnostics
            .map { $0.formatted.replacingOccurrences(of: LedgerFixtures.folder + "/", with: "") }
    }

    @Test("a claim naming the policy's file is told to name its id")
    func claimOfAFile() {
        #expect(
            lintTrace("trace-policy-file-name.yaml") == [
                "broken/trace-policy-file-name.yaml:6:9: error: the trace claims 'Policies/ledger-add-expense.yaml', a file; "
                    + "a claim names the policy's id (its 'policy:' value): did you mean 'ledger-add-expense'?"
            ])
    }

    @Test("'edit FIELD' as a pattern, beside 'edit' or instead of it, is an error that says edit takes no argument")
    func editWithAField() {
        #expect(
            LedgerFixtures.lint("edit-field-pattern-beside-edit.yaml").first
                == "broken/edit-field-pattern-beside-edit.yaml:24:7: error: 'edit amount' never matches: edit takes no argument in a pattern "
                + "(it matches an edit of any field); write 'edit', with an 'if:' on form.amount (its value after the edit) to tell edits apart"
        )
        #expect(
            LedgerFixtures.lint("edit-field-pattern.yaml").first?.hasPrefix(
                "broken/edit-field-pattern.yaml:23:7: error: 'edit amount' never matches: edit takes no argument in a pattern") == true)
    }
}

extension LedgerHeldOutTests {
    @Test("a branch after one without 'if:' is never taken: lint warns at it and generate says to move the unguarded branch last")
    func branchAfterAnUnguardedOne() throws {
        let lines = LedgerFixtures.lint("branch-after-unguarded.yaml")
        #expect(
            lines.first
                == "broken/branch-after-unguarded.yaml:34:11: warning: this branch of 'swipe down' in state 'editing' is never taken: "
                + "the branch before it (line 33, to 'discarded') has no 'if:', so it is always taken first; "
                + "branches are tried in order: move the branch without 'if:' last")
        #expect(lines.count == 2)
        let file = LedgerFixtures.broken("branch-after-unguarded.yaml")
        let policy = try load(policy: String(contentsOfFile: file, encoding: .utf8))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(
            GeneratedSuiteOutput(suite: suite, policy: policy).unreachedText()
                == "\nNever taken: a branch before it has no 'if:', so that one is always taken first (branches are tried in order: "
                + "move the branch without 'if:' last; `conform lint` points at it):\n"
                + "  - in editing, swipe down [modified] → confirm-discard\n  - in editing, swipe down → discarded\n")
    }
}

extension LedgerHeldOutTests {
    @Test(
        "a trace whose form: names a field the claimed policy does not declare is an error with the policy's name; without fields:, a warning at the claim"
    )
    func traceFormLacksAField() throws {
        let trace = LedgerFixtures.broken("trace-form-missing-field.yaml")
        // With `fields:` (issue 35 §5): `total` is no field of the policy, in form: and in the edit; the one
        // field the form does not give is the one meant, as spelling cannot tell.
        let errors = [
            "broken/trace-form-missing-field.yaml:7:9: error: 'total' is no field of 'ledger-add-expense' (it declares amount, payee); "
                + "is it 'amount', which the form: does not give?",
            "broken/trace-form-missing-field.yaml:12:13: error: 'total' is no field of 'ledger-add-expense' (it declares amount, payee); "
                + "is it 'amount', which the form: does not give?",
        ]
        #expect(lintTrace("trace-form-missing-field.yaml") == errors)
        // A run lists the same errors for the file, which is not checked (exit status 2).
        var library = builtIns
        library.load(paths: [LedgerFixtures.policy])
        let outcome = ConformRunner(library: library).check(file: trace, commandLineClaims: [])
        #expect(outcome.errors.map { $0.formatted.replacingOccurrences(of: LedgerFixtures.folder + "/", with: "") } == errors)
        #expect(outcome.results.isEmpty)
        // Without `fields:` (variant 62b) any field may be read: the other claiming traces declare amount, so
        // the trace is the one to mend, and a warning at its claim says so.
        let noFields = LedgerFixtures.broken("no-fields.yaml")
        let lines = Linter(library: builtIns).lint(paths: [noFields, LedgerFixtures.traces, trace]).diagnostics.map {
            $0.formatted.replacingOccurrences(of: LedgerFixtures.folder + "/", with: "")
        }
        #expect(
            lines == [
                "broken/trace-form-missing-field.yaml:6:9: warning: 'ledger-add-expense' reads form.amount (broken/no-fields.yaml:13:10), "
                    + "which the form: of this trace does not declare (it declares payee, total), so it is null throughout; add amount to "
                    + "the trace's form: (amount: \"\" for an empty field)"
            ])
    }
}

extension LedgerHeldOutTests {
    @Test("a guard nothing satisfies names the fix in lint, and generate lists it as never taken rather than asking for examples")
    func guardNothingSatisfies() throws {
        #expect(
            LedgerFixtures.lint("unsatisfiable-guard.yaml") == [
                "broken/unsatisfiable-guard.yaml:25:11: warning: the guard 'form.amount == '' && form.amount != ''' of 'tap done' in state "
                    + "'editing' holds for no value tried (of form.amount), so this branch is never taken; change the guard so that some "
                    + "value satisfies it, or remove the branch"
            ])
        let policy = try load(policy: String(contentsOfFile: LedgerFixtures.broken("unsatisfiable-guard.yaml"), encoding: .utf8))
        let text = GeneratedSuiteOutput(suite: SuiteGenerator(policy: policy).generate(), policy: policy).unreachedText()
        #expect(
            text == "\nNever taken: no value tried satisfies its guard (`conform lint` points at it and names the fix):\n"
                + "  - in editing, tap done [form.amount == '' && form.amount != ''] → saved\n")
    }

    @Test("a field compared as a number while its values are text: lint, run and generate name the fix")
    func fieldComparedAsANumber() throws {
        let file = LedgerFixtures.broken("string-compare-number.yaml")
        #expect(
            LedgerFixtures.lint("string-compare-number.yaml") == [
                "broken/string-compare-number.yaml:25:11: warning: the guard 'form.amount > 0' of 'tap done' in state 'editing' holds for "
                    + "no value tried (of form.amount), so this branch is never taken; it compares form.amount as a number, but a field "
                    + "holds text unless written as an unquoted number (in the traces and in fields:): compare it as text "
                    + "(form.amount != '') or give it numeric examples (fields: { amount: [12.5, 0] }) and write its values unquoted "
                    + "in the traces"
            ])
        var library = builtIns
        library.load(paths: [file])
        let outcome = ConformRunner(library: library).check(
            file: LedgerFixtures.traces + "/expense-save-after-amount.yaml", commandLineClaims: [])
        #expect(
            outcome.results.first { $0.claimed }.map { summary($0.verdict) }
                == "error step 6: step 6 could not be evaluated against 'ledger-add-expense': expected a number, got the text '12.50' "
                + "(a form field holds text unless the trace writes an unquoted number: write 12.50, not \"12.50\", or compare it as "
                + "text in the policy)")
        let policy = try load(policy: String(contentsOfFile: file, encoding: .utf8))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(
            GeneratedSuiteOutput(suite: suite, policy: policy).unreachedText()
                == "\nNot reached with the values tried (give amount, which it compares as a number, numeric example values under "
                + "`fields:`, unquoted (a quoted value is text), e.g. `fields: { amount: [12.5, 0] }`):\n"
                + "  - in editing, tap done [form.amount > 0] → saved\n")
        // Numeric examples make it reachable, and lint quiet (variant 43b).
        let numeric = try load(
            policy: String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
                of: #"amount: ["12.50", ""]"#, with: "amount: [12.5, 0]"))
        #expect(ModelLint.diagnostics(for: numeric).isEmpty)
        #expect(SuiteGenerator(policy: numeric).generate().unreached.isEmpty)
    }
}

extension LedgerHeldOutTests {
    @Test(
        "each broken policy gets one located message that names the fix",
        arguments: [
            (
                "unreachable-state.yaml",
                "47:3: warning: nothing leads to state 'archived': no transition of another state names it, and it is not the initial "
                    + "state ('editing'); add a transition to it, check for a misspelt 'to:', or remove it"
            ),
            (
                "variable-never-read.yaml",
                "19:3: warning: variable 'asked' is never read: no 'see', 'if' or 'set' uses it; read it in a see or an if "
                    + "(or fix a misspelt use), or remove it"
            ),
            (
                "sheet-no-way-back.yaml",
                "46:7: warning: the sheet of state 'confirm-discard' has no way back to editing: no choice leads (directly or through "
                    + "another sheet) to a state without a sheet (a cancel action usually does); point 'choose Keep Editing' at 'editing'"
            ),
            (
                "initial-is-final.yaml",
                "18:10: warning: the initial state 'saved' is final, so the form is dismissed from the start and no other state can be "
                    + "reached; write 'initial: editing' (the state the form opens in)"
            ),
            ("unknown-state-key.yaml", "38:5: error: unknown key 'sea' in state 'confirm-discard'; did you mean 'see'?"),
            (
                "fields-as-list.yaml",
                "9:9: error: 'fields' (field names mapped to example values) must be a map, not a list; write fields: "
                    + "{ amount: [], payee: [] } (each name with its example values, [] for none)"
            ),
            (
                "set-builtin.yaml",
                "30:18: error: 'modified' is built in: it follows the form's values (true while a field differs from its value when the "
                    + "form opened), and cannot be set; for a flag of your own, declare a variable (variables: { asked: false }) and set that"
            ),
            (
                "unquoted-string-literal.yaml",
                "25:54: error: unknown name 'empty'; if it is text, quote it: 'empty' (in the condition: form.amount != null && "
                    + "form.amount != empty)"
            ),
            (
                "quoted-enabled.yaml",
                "17:12: error: 'cancel' must be button (enabled | disabled | absent), not string; write enabled without the inner quotes "
                    + "(quoted, it is text) (in 'cancel': 'enabled')"
            ),
            ("single-equals.yaml", "25:28: error: unexpected character '='; did you mean '=='? (in the condition: form.amount = '')"),
            (
                "duplicate-pattern.yaml",
                "29:7: error: duplicate key 'tap cancel' (first at line 28, column 7); a state takes each action once: merge the two "
                    + "into one list of branches under one 'tap cancel:'"
            ),
        ])
    func brokenPolicy(variant: String, message: String) {
        let lines = LedgerFixtures.lint(variant)
        #expect(lines.first == "broken/\(variant):\(message)")
        // One message per mistake: what follows is only the claims sent to its file (a misspelt see: no cascade; a refused id too).
        #expect(lines.count == 1 || Array(lines.dropFirst()) == followUps(variant))
    }

    @Test(
        "each broken trace gets one located message that names the fix",
        arguments: [
            (
                "trace-one-step-without-dash.yaml",
                "10:5: error: a step has exactly one verb; this one has 'see' and 'edit'; if 'edit' is a step of its own, start it with "
                    + "'- ' as the others (  - edit: ...)"
            ),
            (
                "trace-quoted-none.yaml",
                "18:19: error: 'sheet' must be none, shown, or a map with title, message and actions; write none without quotes "
                    + "(quoted, it is text)"
            ),
            (
                "trace-edit-no-form-keyword.yaml",
                "12:5: error: 'amount' is a field of form:, not a verb; to change it, write the step as edit: { amount: \"12.50\" }"
            ),
        ])
    func brokenTrace(variant: String, message: String) {
        #expect(lintTrace(variant) == ["broken/\(variant):\(message)"])
    }
}

extension LedgerHeldOutTests {
    @Test("generate plans no edit to null (the form opens empty; a device cannot make a field null) and reaches every transition")
    func noNullEdit() throws {
        let policy = try load(policy: String(contentsOfFile: LedgerFixtures.policy, encoding: .utf8))
        let suite = SuiteGenerator(policy: policy).generate()
        #expect(suite.unreached.isEmpty)
        #expect(suite.form == ["amount": .string(""), "payee": .string("")])
        let edits = suite.scenarios.flatMap(\.steps).compactMap { step -> FieldEdits? in
            if case .edit(let edits) = step.action { return edits }
            return nil
        }
        #expect(!edits.isEmpty)
        #expect(edits.flatMap { $0 }.allSatisfy { $0.value != Value.null })
        #expect(ModelLint.diagnostics(for: policy).isEmpty)
    }
}

extension LedgerHeldOutTests {
    @Test("a sheet whose cancel action no choose takes is told which choose to add; a hyphenated name is not told to be quoted")
    func cancelActionWithoutChooseAndHyphen() {
        #expect(
            LedgerFixtures.lint("sheet-action-no-choose.yaml") == [
                "broken/sheet-action-no-choose.yaml:37:3: warning: the sheet of state 'confirm-discard' offers the action 'Keep Editing', "
                    + "but no 'choose' pattern takes it, so choosing it departs",
                "broken/sheet-action-no-choose.yaml:45:7: warning: the sheet of state 'confirm-discard' has no way back to editing: "
                    + "no choice leads (directly or through another sheet) to a state without a sheet (a cancel action usually does); "
                    + "add 'choose Keep Editing: editing' for its cancel action",
            ])
        #expect(
            Array(LedgerFixtures.lint("hyphen-variable.yaml").prefix(2)) == [
                "broken/hyphen-variable.yaml:19:3: error: 'was-asked' cannot be used in expressions; a variable name is letters, digits and _",
                "broken/hyphen-variable.yaml:27:17: error: unknown name 'was' (in the condition: !was-asked && form.amount != '')",
            ])
    }
}

extension LedgerHeldOutTests {
    @Test(
        "a policy file refused for its id is located at the id, names the fix, and the traces claiming its file's name are sent to it",
        arguments: [
            (
                "duplicate-builtin-id",
                "2:9: error: duplicate policy id 'one-handed' (also defined in <built-in>/Policies/one-handed.yaml); ids must be unique: "
                    + "choose another id for this one (and claim it by that id in its traces)"
            ),
            (
                "id-with-spaces",
                "2:9: error: a policy id is letters, digits, '.', '_' and '-', starting with a letter or digit, not 'Ledger Add Expense' "
                    + "(ids name files that generate and compare write)"
            ),
        ])
    func refusedID(folder: String, message: String) {
        // A project's policy named by its configuration (lint alone lets a file stand in for a built-in policy of its id).
        let variant = "\(folder)/ledger-add-expense.yaml"
        let lines = LedgerFixtures.lintAsProject(policy: LedgerFixtures.broken(variant))
        #expect(lines == ["broken/\(variant):\(message)"] + followUps(variant))
    }
}
