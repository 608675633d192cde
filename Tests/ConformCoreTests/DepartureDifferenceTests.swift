import Testing

@testable import ConformCore

@Suite("Core: the difference of a departure's expected and observed values")
struct DepartureDifferenceTests {
    private func action(_ title: String, _ role: String? = nil) -> JSONValue {
        .object([("title", .string(title))] + (role.map { [("role", JSONValue.string($0))] } ?? []))
    }

    private func sheet(title: String? = nil, message: String? = nil, _ actions: [JSONValue]? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let title { members.append(("title", .string(title))) }
        if let message { members.append(("message", .string(message))) }
        if let actions { members.append(("actions", .array(actions))) }
        return .object([("sheet", .object(members))])
    }

    /// The difference of a departure at an observed sheet, with the check's own sentence.
    private func sheetDeparture(_ expected: JSONValue, _ observed: JSONValue) -> DepartureDifference {
        DepartureDifference(message: "expected sheet: { ... }, saw sheet: { ... }", expected: expected, observed: observed)
    }

    @Test("a scalar key that differs keeps the check's sentence and adds nothing under it")
    func scalarKey() {
        let difference = DepartureDifference(
            message: "expected done: enabled, saw done: disabled", expected: .object([("done", .string("enabled"))]),
            observed: .object([("done", .string("disabled"))]))
        #expect(difference.headline == "expected done: enabled, saw done: disabled")
        #expect(difference.differences.isEmpty)
    }

    @Test("a scalar that differs only in case keeps the sentence, with the near miss marked under it")
    func scalarNearMiss() {
        let difference = DepartureDifference(
            message: "expected label: Save, saw label: save", expected: .object([("label", .string("Save"))]),
            observed: .object([("label", .string("save"))]))
        #expect(difference.headline == "expected label: Save, saw label: save")
        #expect(difference.lines == ["label: expected 'Save'", "            saw 'save' (case differs)"])
    }

    @Test("only the keys that differ are named, nested keys by their path")
    func onlyKeysThatDiffer() {
        let found = ValueDifference.between(
            .object([("form", .object([("title", .string("Milk")), ("notes", .string(""))]))]),
            .object([("form", .object([("title", .string("Milk")), ("notes", .string("2 l")), ("list", .string("Home"))]))]))
        #expect(found.map(\.lines) == [["form.notes: expected '', saw '2 l'"]])
    }

    @Test("a renamed sheet title is the one difference, its values one above the other")
    func sheetTitleRenamed() {
        let expected = sheet(
            title: "You have unsaved changes!", message: "If you cancel, the changes will be reversed.", [action("Cancel", "cancel")])
        let observed = sheet(
            title: "Unsaved changes", message: "If you cancel, the changes will be reversed.", [action("Cancel", "cancel")])
        let difference = sheetDeparture(expected, observed)
        #expect(difference.headline == "sheet differs from what the policy expects")
        #expect(
            difference.lines == [
                "sheet title: expected 'You have unsaved changes!'",
                "                  saw 'Unsaved changes'",
            ])
        #expect(difference.differences.map(\.sentence) == ["sheet title: expected 'You have unsaved changes!', saw 'Unsaved changes'"])
    }

    @Test("a message that differs is named alone")
    func messageDiffers() {
        let difference = sheetDeparture(
            sheet(title: "Discard?", message: "This cannot be undone."), sheet(title: "Discard?", message: "This can't be undone."))
        #expect(difference.differences.map(\.kind) == [.changed])
        #expect(difference.differences.first?.path == "sheet message")
    }

    @Test("an action missing and one not expected")
    func actionMissingAndAdded() {
        let expected = sheet([action("Save", "default"), action("Discard Changes", "destructive")])
        let observed = sheet([action("Discard Changes", "destructive"), action("Keep Editing", "cancel")])
        #expect(
            sheetDeparture(expected, observed).lines == [
                "sheet actions: 'Save' (default) is expected but not shown",
                "sheet actions: 'Keep Editing' (cancel) is shown but not expected",
            ])
    }

    @Test("an action in the same role with another title is renamed, not missing and added")
    func actionRenamed() {
        let expected = sheet([action("Save", "default"), action("Discard Changes", "destructive"), action("Cancel", "cancel")])
        let observed = sheet([action("Discard Changes", "destructive"), action("Keep Editing", "cancel")])
        #expect(
            sheetDeparture(expected, observed).lines == [
                "sheet actions: 'Save' (default) is expected but not shown",
                "sheet action 3: expected 'Cancel', saw 'Keep Editing'",
            ])
    }

    @Test("actions a trace gives by title alone are paired by title, then by place; an extra one is named")
    func titlesAlone() {
        let difference = sheetDeparture(
            .object([("sheet", .object([("actions", .array([action("Save", "default"), action("Discard", "destructive")]))]))]),
            .object([("sheet", .object([("actions", .array([.string("Save changes"), .string("Discard"), .string("Keep")]))]))]))
        #expect(
            difference.lines == [
                "sheet action 1: expected 'Save', saw 'Save changes'",
                "sheet actions: 'Keep' is shown but not expected",
            ])
    }

    @Test("an action's role that changed")
    func roleChanged() {
        let difference = sheetDeparture(
            sheet([action("Delete", "destructive"), action("Cancel", "cancel")]),
            sheet([action("Delete", "default"), action("Cancel", "cancel")]))
        #expect(difference.lines == ["sheet action 'Delete' role: expected destructive, saw default"])
        #expect(difference.differences.map(\.kind) == [.roleChanged])
    }

    @Test("the same actions in another order")
    func reordered() {
        let difference = sheetDeparture(
            sheet([action("Save"), action("Discard"), action("Cancel", "cancel")]),
            sheet([action("Discard"), action("Save"), action("Cancel", "cancel")]))
        #expect(
            difference.lines == [
                "sheet actions order: expected 'Save', 'Discard', 'Cancel'",
                "                          saw 'Discard', 'Save', 'Cancel'",
            ])
    }

    @Test("a title that differs only in case is marked so")
    func caseDiffers() {
        let difference = sheetDeparture(
            sheet([action("Discard Changes", "destructive")]), sheet([action("Discard changes", "destructive")]))
        #expect(
            difference.lines == [
                "sheet action 1: expected 'Discard Changes'",
                "                     saw 'Discard changes' (case differs)",
            ])
    }

    @Test("a trailing space is marked, and the quotes show it")
    func trailingSpace() {
        let difference = sheetDeparture(sheet(title: "Unsaved changes"), sheet(title: "Unsaved changes "))
        #expect(
            difference.lines == ["sheet title: expected 'Unsaved changes'", "                  saw 'Unsaved changes ' (trailing space)"])
    }

    @Test("near misses, most specific first")
    func nearMisses() {
        #expect(NearMiss.between("Save", "save") == .caseDiffers)
        #expect(NearMiss.between("Save", "Save ") == .trailingSpace)
        #expect(NearMiss.between("Save ", "Save") == .trailingSpace)
        #expect(NearMiss.between("Save", " Save") == .leadingSpace)
        #expect(NearMiss.between("Save changes", "Save  changes") == .whitespaceDiffers)
        #expect(NearMiss.between("Save changes", "save  Changes") == .caseAndWhitespaceDiffer)
        #expect(NearMiss.between("Don't save", "Don’t save") == .punctuationDiffers)
        #expect(NearMiss.between("Save", "Keep") == nil)
        #expect(NearMiss.between("Save", "Save") == nil)
    }

    @Test("ASCII texts are compared by bytes with the same answer as by characters")
    func asciiNearMissesByBytes() {
        // Texts built from few bytes, so that most pairs are near misses of some kind; controls, `\r\n`,
        // every kind of spacing, punctuation and symbols included.
        let pieces = [
            "a", "A", "b", "B", "1", " ", "  ", "\t", "\r\n", "\n", "\u{0B}", "\u{0C}", "\r", "'", "-", "_", "$", "+", "^", "`", "~",
            "\u{1}", "\u{1F}", "\u{7F}",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let single = pieces.filter { $0.count == 1 }
        func text() -> String { (0..<next(6)).map { _ in pieces[next(pieces.count)] }.joined() }
        var kinds = Set<NearMiss?>()
        var mismatches: [String] = []
        for _ in 0..<3_000 {
            let first = text()
            // Half the time a variant of the first: another case, spacing or punctuation.
            let second = next(2) == 0 ? text() : String(first.map { next(3) == 0 ? Character(single[next(single.count)]) : $0 })
            let bytes = NearMiss.between(first, second)
            if bytes != NearMiss.byCharacters(first, second) { mismatches.append("\(Array(first.utf8)) \(Array(second.utf8))") }
            kinds.insert(bytes)
        }
        #expect(mismatches.isEmpty)
        #expect(kinds.count == NearMiss.allCases.count + 1)
        // Not ASCII: by characters.
        #expect(NearMiss.between("Don't save", "Don’t save") == .punctuationDiffers)
        #expect(NearMiss.between("Save\u{A0}changes", "Save changes") == .whitespaceDiffers)
    }

    @Test("a sheet where none was expected shows the sheet seen, the key named once")
    func sheetWhereNoneExpected() {
        let difference = DepartureDifference(
            message:
                "expected sheet: none, saw sheet: { title 'Discard changes?'; actions ['Discard' (destructive), 'Keep Editing' (cancel)] }",
            expected: .object([("sheet", .string("none"))]),
            observed: sheet(title: "Discard changes?", [action("Discard", "destructive"), action("Keep Editing", "cancel")]))
        #expect(difference.headline == "sheet differs from what the policy expects")
        #expect(
            difference.lines == [
                "sheet: expected none",
                "            saw { title 'Discard changes?'; actions ['Discard' (destructive), 'Keep Editing' (cancel)] }",
            ])
    }

    @Test("a title chosen that the sheet does not offer points at the nearest one offered")
    func chooseNotOffered() {
        let difference = DepartureDifference(
            message:
                "chose 'discard changes', which the sheet does not offer (it offers: 'Discard Changes', 'Keep Editing'); did you mean 'Discard Changes'?",
            expected: sheet([action("Discard Changes", "destructive"), action("Keep Editing", "cancel")]),
            observed: .object([("choose", .string("discard changes"))]))
        #expect(
            difference.headline == "chose 'discard changes', which the sheet does not offer (it offers: 'Discard Changes', 'Keep Editing')")
        #expect(
            difference.lines == ["choose: nearest offered 'Discard Changes'", "                    saw 'discard changes' (case differs)"])
    }

    @Test("a label tapped that no button has points at the nearest label, else lists them")
    func tapNoSuchButton() {
        let buttons = JSONValue.object([("buttons", .array([.string("Cancel"), .string("Done")]))])
        let near = DepartureDifference(
            message: "tapped 'done', but 'p' has no button labelled so; did you mean 'Done'?", expected: buttons,
            observed: .object([("tap", .string("done"))]))
        #expect(near.headline == "tapped 'done', but 'p' has no button labelled so")
        #expect(near.differences.map(\.sentence) == ["tap: nearest offered 'Done', saw 'done' (case differs)"])
        let far = DepartureDifference(
            message: "tapped 'Send', but 'p' has no button labelled so", expected: buttons, observed: .object([("tap", .string("Send"))]))
        #expect(far.lines == ["its buttons: 'Cancel', 'Done'"])
    }

    @Test("an action the state does not handle lists what it does")
    func unhandled() {
        let difference = DepartureDifference(
            message: "tap Done is not allowed in state 'editing'",
            expected: .object([("actions", .array([.string("tap cancel"), .string("edit")]))]),
            observed: .object([("tap", .string("Done"))]))
        #expect(difference.headline == "tap Done is not allowed in state 'editing'")
        #expect(difference.lines == ["allowed here: tap cancel, edit"])
    }

    @Test("a title chosen in another case than the state's transition is pointed at, and what is allowed listed")
    func unhandledChooseCase() {
        let difference = DepartureDifference(
            message: "chose 'save changes', which 'p' does not handle in state 'confirm'",
            expected: .object([("actions", .array([.string("choose Save changes"), .string("choose Cancel")]))]),
            observed: .object([("choose", .string("save changes"))]))
        #expect(
            difference.lines == [
                "choose: nearest offered 'Save changes'",
                "                    saw 'save changes' (case differs)",
                "allowed here: choose Save changes, choose Cancel",
            ])
    }

    @Test("a departure the message says in full is left as it is")
    func otherDepartures() {
        let difference = DepartureDifference(
            message: "after step 3 tap Cancel, expected a sheet offering 'Discard' (destructive); no sheet was shown",
            expected: sheet([action("Discard", "destructive")]), observed: .object([("sheet", .string("none"))]))
        #expect(difference.differences.isEmpty)
        #expect(difference.headline.hasPrefix("after step 3"))
    }

    @Test("a departure found by the checker words its difference from its detail")
    func fromDeparture() throws {
        let expected = SheetExpectation.shown(
            title: .text("You have unsaved changes!"), message: .open,
            actions: [SheetActionSpec(title: "Save changes", role: .default), SheetActionSpec(title: "Cancel", role: .cancel)])
        let at = TextPosition(line: 12, column: 5)
        let seen = ObservedItem(
            key: "sheet",
            value: .sheet(
                .details(
                    title: .text("Unsaved changes"), message: nil,
                    actions: [
                        SheetActionObservation(title: "Save changes", role: .default, position: at),
                        SheetActionObservation(title: "Cancel", role: .cancel, position: at),
                    ])), position: at)
        let departure = Departure(step: 4, position: at, state: "confirm", detail: .observed(seen, expected: .sheet(expected)))
        #expect(departure.difference.headline == "sheet differs from what the policy expects")
        #expect(
            departure.difference.lines == ["sheet title: expected 'You have unsaved changes!'", "                  saw 'Unsaved changes'"])
    }
}
