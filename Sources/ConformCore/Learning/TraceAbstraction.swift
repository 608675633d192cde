/// A point of a trace as the learner sees it: the input that led there (none where the form opens),
/// what the trace saw there, and whether the form is modified (or edited) there.
struct AbstractPoint {
    var input: LearnedInput?
    /// The position in the trace's steps of the action that led here.
    var actionStep: Int?
    /// The keys the trace saw here, with the steps that saw them.
    var seen: [SeenItem] = []
    /// The form's flag under the guard the abstraction was made for; `nil` without a guard.
    var flag: Bool?
}

/// One key a `see` step named, and the step's position in its trace.
struct SeenItem {
    var step: Int
    var item: ObservedItem
}

/// A segment of a trace (from the form opening to the next `present`), as points.
struct AbstractPath {
    /// The trace's position among the learner's traces.
    var trace: Int
    var points: [AbstractPoint]

    /// The inputs from the start of the segment to point `index`.
    func inputs(upTo index: Int) -> [LearnedInput] {
        points.prefix(index + 1).compactMap(\.input)
    }
}

/// The traces of one model read as inputs and observations (Docs/Learning.md, "The abstraction"): which
/// label is which bar button, which sheet action title has which role, and each trace cut into segments
/// of points.
struct TraceAbstraction {
    let traces: [Trace]
    /// Sheet action titles and their roles, as the app's traces give them (a title given two roles is left out).
    private(set) var roles: [String: SheetRole]
    /// Tapped labels that are bar buttons, and their roles (`done`, `cancel`).
    let buttons: [String: String]
    /// Roles that two actions of one sheet share (Save and Save as Draft, both `default`): their actions
    /// are chosen by title.
    let sharedRoles: Set<SheetRole>

    init(traces: [Trace]) {
        self.traces = traces
        (roles, ambiguousTitles) = Self.explicitRoles(traces)
        buttons = Self.buttonRoles(traces)
        sharedRoles = Self.sharedRoles(traces)
    }

    /// Adds roles found by position (a sheet action seen without a role where another trace's action at
    /// the same place of the same sheet has one); returns whether any was new.
    mutating func learnRoles(_ found: [String: SheetRole]) -> Bool {
        var changed = false
        for (title, role) in found where roles[title] == nil && !ambiguousTitles.contains(title) {
            roles[title] = role
            changed = true
        }
        return changed
    }

    /// Titles the traces give two roles: chosen by title, never given a role by position.
    private let ambiguousTitles: Set<String>

    // MARK: - Paths

    /// Every trace's segments under `editGuard`.
    func paths(_ editGuard: EditGuard) -> [AbstractPath] {
        var paths: [AbstractPath] = []
        for (index, trace) in traces.enumerated() {
            var tracker = FormTracker(form: trace.form)
            func flag() -> Bool? {
                switch editGuard {
                case .modified: return tracker.modified
                case .edited: return tracker.edited
                case .none: return nil
                }
            }
            var points = [AbstractPoint(flag: flag())]
            // What the trace saw since its last action: a tap on a button seen disabled here changes nothing.
            var recent: [SeenItem] = []
            for (position, step) in trace.steps.enumerated() {
                switch step.kind {
                case .see(let observation):
                    for item in observation.items where item.key != "form" {
                        points[points.count - 1].seen.append(SeenItem(step: position, item: item))
                        recent.append(SeenItem(step: position, item: item))
                    }
                case .action(let action):
                    if case .tap(let label) = action, let role = buttons[label],
                        recent.contains(where: { $0.item.key == role && Self.word($0.item.value) == "disabled" })
                    {
                        continue
                    }
                    recent = []
                    if case .present = action {
                        let saved = points[points.count - 1].seen.contains { $0.item.key == "saved" && Self.bool($0.item.value) == true }
                        paths.append(AbstractPath(trace: index, points: points))
                        tracker.reopen(saved: saved)
                        points = [AbstractPoint(flag: flag())]
                        continue
                    }
                    guard let input = input(for: action, tracker: &tracker, editGuard) else { continue }
                    points.append(AbstractPoint(input: input, actionStep: position, flag: flag()))
                }
            }
            paths.append(AbstractPath(trace: index, points: points))
        }
        return paths
    }

    /// The input an action is, or `nil` when it is none: an edit without a guard, a verb of another domain.
    private func input(for action: Action, tracker: inout FormTracker, _ editGuard: EditGuard)
        -> LearnedInput?
    {
        switch action {
        case .edit(let edits):
            tracker.apply(edits)
            switch editGuard {
            case .modified: return .edit(leavesModified: tracker.modified)
            case .edited: return .edit(leavesModified: nil)
            case .none: return nil
            }
        case .tap(let label): return .tap(label)
        case .swipe(let direction): return .swipe(direction)
        case .choose(let title):
            guard let role = roles[title], !sharedRoles.contains(role) else { return .chooseTitle(title) }
            return .chooseRole(role)
        case .tapOutside: return .chooseRole(.cancel)
        case .present, .custom: return nil
        }
    }

    // MARK: - What a see step says

    /// What one observed key says, as knowledge of the screen.
    func knowledge(of item: ObservedItem) -> ScreenKnowledge {
        var knowledge = ScreenKnowledge()
        switch (item.key, item.value) {
        case ("done", .scalar(let value)): knowledge.done = Self.word(item.value) ?? value.display
        case ("cancel", .scalar(let value)): knowledge.cancel = Self.word(item.value) ?? value.display
        case ("dismissed", _): knowledge.dismissed = Self.bool(item.value)
        case ("saved", _): knowledge.saved = Self.bool(item.value)
        case ("sheet", .sheet(let sheet)):
            switch sheet {
            case .none: knowledge.sheetShown = false
            case .shown: knowledge.sheetShown = true
            case .details(let title, let message, let actions, let outsideCancels):
                knowledge.sheetShown = true
                knowledge.sheetTitle = title.map(Self.text) ?? .unknown
                knowledge.sheetMessage = message.map(Self.text) ?? .unknown
                if let actions {
                    var known = actions.map { action in
                        ActionKnowledge(
                            role: action.role ?? roles[action.title],
                            title: PolicySimulator.isPlaceholder(action.title) ? .unknown : .text(action.title))
                    }
                    // A popover shows no cancel button; its cancel action is taken to be last.
                    if outsideCancels { known.append(ActionKnowledge(role: .cancel, title: .unknown)) }
                    knowledge.actions = known
                }
            }
        default: break
        }
        // The form's built-in expectations: a sheet shows only on a form still shown, and a dismissed form shows none.
        if knowledge.sheetShown == true { knowledge.dismissed = false }
        if knowledge.dismissed == true { knowledge.sheetShown = false }
        return knowledge
    }

    private static func text(_ observation: TextObservation) -> TextKnowledge {
        switch observation {
        case .absent: return .absent
        case .text(let text): return .text(text)
        }
    }

    static func word(_ value: ObservedValue) -> String? {
        switch value {
        case .scalar(.symbol(let word)), .scalar(.string(let word)): return word
        default: return nil
        }
    }

    static func bool(_ value: ObservedValue) -> Bool? {
        if case .scalar(.bool(let flag)) = value { return flag }
        return nil
    }

    // MARK: - Roles and buttons

    /// The roles `see` steps give titles; a title given two roles is ambiguous and left out.
    private static func explicitRoles(_ traces: [Trace]) -> (roles: [String: SheetRole], ambiguous: Set<String>) {
        var roles: [String: SheetRole] = [:]
        var twice: Set<String> = []
        for trace in traces {
            for step in trace.steps {
                guard case .see(let observation) = step.kind else { continue }
                for item in observation.items {
                    guard case .sheet(.details(_, _, let actions?, _)) = item.value else { continue }
                    for action in actions {
                        guard let role = action.role else { continue }
                        if let known = roles[action.title], known != role { twice.insert(action.title) }
                        roles[action.title] = roles[action.title] ?? role
                    }
                }
            }
        }
        for title in twice { roles[title] = nil }
        return (roles, twice)
    }

    /// The roles two actions of one sheet have, in any `see` of the traces.
    private static func sharedRoles(_ traces: [Trace]) -> Set<SheetRole> {
        var shared: Set<SheetRole> = []
        for trace in traces {
            for step in trace.steps {
                guard case .see(let observation) = step.kind else { continue }
                for item in observation.items {
                    guard case .sheet(.details(_, _, let actions?, _)) = item.value else { continue }
                    let roles = actions.compactMap(\.role)
                    shared.formUnion(roles.filter { role in roles.filter { $0 == role }.count > 1 })
                }
            }
        }
        return shared
    }

    /// Which tapped labels are bar buttons: `Done` and `Save` confirm, `Cancel` cancels; another label
    /// confirms when tapping it saves, cancels when tapping it discards or asks (the most such taps wins).
    private static func buttonRoles(_ traces: [Trace]) -> [String: String] {
        var votes: [String: [String: Int]] = [:]
        var tapped: Set<String> = []
        for trace in traces {
            var pending: String?
            for step in trace.steps {
                switch step.kind {
                case .action(.tap(let label)):
                    tapped.insert(label)
                    pending = label
                case .action:
                    pending = nil
                case .see(let observation):
                    guard let label = pending else { continue }
                    for item in observation.items {
                        if item.key == "saved", let saved = bool(item.value) {
                            votes[label, default: [:]][saved ? "done" : "cancel", default: 0] += 1
                        }
                        if item.key == "sheet", case .sheet(let sheet) = item.value, !{ if case .none = sheet { true } else { false } }() {
                            votes[label, default: [:]]["cancel", default: 0] += 1
                        }
                    }
                }
            }
        }
        var buttons: [String: String] = [:]
        let named = ["Done": "done", "Save": "done", "Cancel": "cancel"]
        for role in FormDomain.buttonRoles {
            if let label = named.filter({ $0.value == role && tapped.contains($0.key) }).keys.sorted().first, buttons[label] == nil {
                buttons[label] = role
                continue
            }
            let candidates = tapped.filter { buttons[$0] == nil && named[$0] == nil && (votes[$0]?[role] ?? 0) > 0 }
            let best = candidates.sorted { a, b in
                let (va, vb) = (votes[a]?[role] ?? 0, votes[b]?[role] ?? 0)
                return va != vb ? va > vb : a < b
            }.first
            if let best { buttons[best] = role }
        }
        return buttons
    }
}
