/// What a departure says, kept as its ingredients until someone reads it.
///
/// A plain run reads only the departures of claimed pairs, and most departures belong to policies
/// nobody claimed: building their sentences and JSON eagerly cost more than finding them. The
/// ingredients are plain values (no closures), so a departure stays a value that is safe to copy and
/// send, and its text is the same whenever it is read. Every sentence a check can end with is here.
enum DepartureDetail: Sendable {
    /// Text given in full (a `Departure` made by its public initialiser).
    case written(message: String, expected: JSONValue, observed: JSONValue)
    /// A `see` item that differs from what the policy expects there.
    case observed(ObservedItem, expected: ExpectedValue)
    /// An action after which the policy expects a sheet, and the trace then shows none (`seen`: the
    /// `sheet: none` or `dismissed: true` that says so): reported at the action, where the behaviour
    /// diverged, rather than at whichever key of the later observation differs first.
    case missingSheet(after: Action, step: Int, expected: SheetExpectation, seen: ObservedItem)
    /// An action the state neither takes nor ignores.
    case unhandled(Action, state: PolicyState, policy: String, sheetShown: Bool)
    /// An action after a form-domain final state (the form is gone).
    case afterDismissal(Action)
    /// An action after a final state outside the form domain.
    case afterFinalState(Action, state: String)
    /// A transition whose branches are all guarded, and no guard holds.
    case noConditionHolds(Action, state: String, transition: Transition)
    /// A tap on a label that is none of the policy's bar buttons.
    case noSuchButton(Action, label: String, policy: String, buttons: [String: String])
    /// A tap on a bar button the state does not show.
    case buttonAbsent(Action, label: String, role: String, policy: String, state: String)
    /// `choose` with no sheet shown.
    case noSheet(Action, title: String)
    /// `choose` of an action the sheet does not offer; `learnt` whether an earlier see gave the title a role.
    case notOffered(Action, title: String, sheet: SheetExpectation, learnt: Bool)

    /// What the policy expected of one observation key.
    enum ExpectedValue: Sendable {
        /// A form field and the value the model holds for it.
        case field(String, Value)
        case sheet(SheetExpectation)
        case value(Value)

        var json: JSONValue {
            switch self {
            case .field(let name, let value): return .object([(name, value.json)])
            case .sheet(let sheet): return sheet.json
            case .value(let value): return value.json
            }
        }

        var display: String {
            var text = ""
            writeDisplay(to: &text)
            return text
        }

        func writeDisplay(to out: inout some TextOutputStream) {
            switch self {
            case .field(let name, let value):
                out.write("{ ")
                out.write(name)
                out.write(": ")
                value.writeDisplay(to: &out)
                out.write(" }")
            case .sheet(let sheet): sheet.writeDisplay(to: &out)
            case .value(let value): value.writeDisplay(to: &out)
            }
        }
    }

    /// `message` as a JSON string literal, the common sentence (an observed value that differs)
    /// written in pieces rather than made first.
    func writeMessage(to out: inout JSONText) {
        guard case .observed(let item, let expected) = self else { return out.appendQuoted(message) }
        out.append(byte: UInt8(ascii: "\""))
        Self.writeDifference(item, expected, to: &out)
        out.append(byte: UInt8(ascii: "\""))
    }

    /// The sentence of an observed value that differs, for `message` and `writeMessage` alike.
    private static func writeDifference(_ item: ObservedItem, _ expected: ExpectedValue, to out: inout some TextOutputStream) {
        out.write("expected ")
        out.write(item.key)
        out.write(": ")
        expected.writeDisplay(to: &out)
        out.write(", saw ")
        out.write(item.key)
        out.write(": ")
        item.value.writeDisplay(to: &out)
    }

    var message: String {
        switch self {
        case .written(let message, _, _):
            return message
        case .observed(let item, let expected):
            var sentence = ""
            Self.writeDifference(item, expected, to: &sentence)
            return sentence
        case .missingSheet(let action, let step, let expected, let seen):
            let shown: String
            if case .scalar(.bool(true)) = seen.value, seen.key == "dismissed" {
                shown = "the form was dismissed"
            } else {
                shown = "no sheet was shown"
            }
            return "after step \(step) \(action.display), expected a sheet\(Self.describe(expected)); \(shown)"
        case .unhandled(let action, let state, let policy, let sheetShown):
            if case .choose(let title) = action {
                return "chose '\(title)', which '\(policy)' does not handle in state '\(state.name)'"
            } else if sheetShown {
                // `tap: Delete Draft` for a sheet action: the trace means `choose`.
                if case .tap(let label) = action,
                    state.transitions.contains(where: { $0.pattern.verb == "choose" && $0.pattern.argument == label })
                {
                    return "\(action.display) while a sheet is shown (only choose may follow); write choose: \(label)"
                }
                return "\(action.display) while a sheet is shown (only choose may follow)"
            }
            return "\(action.display) is not allowed in state '\(state.name)'"
        case .afterDismissal(let action):
            return "\(action.display) after the form was dismissed (only present and see may follow)"
        case .afterFinalState(let action, let state):
            return "\(action.display) after the final state '\(state)'"
        case .noConditionHolds(let action, let state, let transition):
            let conditions = transition.branches.compactMap { $0.condition?.text }
            return "\(action.display) in state '\(state)', where none of its conditions holds (\(conditions.joined(separator: "; ")))"
        case .noSuchButton(_, let label, let policy, let buttons):
            let labels = FormDomain.buttonRoles.compactMap { buttons[$0] ?? FormDomain.defaultLabels[$0] }
            var hint = Self.slip(label, among: labels)
            // `tap: Done` where the policy renames the done button (`done: Send`).
            if hint.isEmpty,
                let role = FormDomain.buttonRoles.first(where: { FormDomain.defaultLabels[$0]?.lowercased() == label.lowercased() }),
                let renamed = buttons[role], renamed != label
            {
                hint = "; its \(role) button is labelled '\(renamed)'"
            }
            return "tapped '\(label)', but '\(policy)' has no button labelled so" + hint
        case .buttonAbsent(_, let label, _, let policy, let state):
            return "tapped '\(label)', which '\(policy)' does not show in state '\(state)'"
        case .noSheet(.tapOutside, _):
            return "tapped outside while no sheet is shown"
        case .noSheet(_, let title):
            return "chose '\(title)' while no sheet is shown"
        case .notOffered(.tapOutside, _, _, _):
            return "tapped outside the sheet, which the policy's sheet does not allow: it has no cancel action"
        case .notOffered(_, let title, let sheet, let learnt):
            var why = "chose '\(title)', which the sheet does not offer"
            if !learnt, sheet.actions.contains(where: { $0.title == nil }) {
                why += " (its titles are open: give the title a role in an earlier see)"
            } else {
                let titles = sheet.actions.compactMap(\.title)
                if !titles.isEmpty {
                    why += " (it offers: \(titles.map { "'\($0)'" }.joined(separator: ", ")))" + Self.slip(title, among: titles)
                }
            }
            return why
        }
    }

    /// `; did you mean 'Send'?` for a label written in another case or slightly misspelt: matching is
    /// exact, so a case slip is the likeliest reason a label matched nothing.
    static func slip(_ word: String, among known: [String]) -> String {
        let sameLetters = known.filter { $0.lowercased() == word.lowercased() }
        guard let best = sameLetters.first ?? Spelling.nearest(to: word, among: known) else { return "" }
        return "; did you mean '\(best)'?"
    }

    var expected: JSONValue {
        switch self {
        case .written(_, let expected, _):
            return expected
        case .observed(let item, let expected):
            return .object([(item.key, expected.json)])
        case .missingSheet(_, _, let expected, _):
            return .object([("sheet", expected.json)])
        case .unhandled(_, let state, _, _):
            let allowed = state.transitions.map(\.pattern.display) + state.ignored.map(\.display)
            return .object([("actions", .array(allowed.map(JSONValue.string)))])
        case .afterDismissal:
            return .object([("dismissed", .bool(true))])
        case .afterFinalState:
            return .object([("actions", .array([]))])
        case .noConditionHolds(_, _, let transition):
            let conditions = transition.branches.compactMap { $0.condition?.text }
            return .object([("when", .array(conditions.map(JSONValue.string)))])
        case .noSuchButton(_, _, _, let buttons):
            let labels = FormDomain.buttonRoles.compactMap { buttons[$0] ?? FormDomain.defaultLabels[$0] }
            return .object([("buttons", .array(labels.map(JSONValue.string)))])
        case .buttonAbsent(_, _, let role, _, _):
            return .object([(role, .string("absent"))])
        case .noSheet:
            return .object([("sheet", .string("none"))])
        case .notOffered(_, _, let sheet, _):
            return .object([("sheet", sheet.json)])
        }
    }

    var observed: JSONValue {
        switch self {
        case .written(_, _, let observed):
            return observed
        case .observed(let item, _), .missingSheet(_, _, _, let item):
            return .object([(item.key, item.value.json)])
        case .unhandled(let action, _, _, _), .afterDismissal(let action), .afterFinalState(let action, _),
            .noConditionHolds(let action, _, _), .noSuchButton(let action, _, _, _), .buttonAbsent(let action, _, _, _, _),
            .noSheet(let action, _), .notOffered(let action, _, _, _):
            return action.json
        }
    }

    /// What the expected sheet offers, in words: its actions' titles (with their roles) where the
    /// policy names them, else their roles.
    static func describe(_ sheet: SheetExpectation) -> String {
        let actions = sheet.actions
        guard !actions.isEmpty else { return "" }
        if actions.allSatisfy({ $0.title == nil }) {
            let roles = actions.compactMap(\.role?.rawValue)
            return roles.count == actions.count ? " with roles " + listed(roles) : " of \(actions.count) actions"
        }
        return " offering "
            + listed(
                actions.map { action in
                    let title = action.title.map { "'\($0)'" } ?? "an action"
                    return action.role.map { "\(title) (\($0.rawValue))" } ?? title
                })
    }

    private static func listed(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }
}
